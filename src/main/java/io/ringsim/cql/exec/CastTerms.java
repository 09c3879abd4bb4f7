package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.CqlType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * CAST(x AS type) written as a value (INSERT ... VALUES (1, CAST(1.3 AS int)), WHERE k = CAST(...)): Cassandra 4.1
 * parses it as a call of the native function system.castAsType and picks one of that name's overloads as
 * FunctionResolver.pickBestMatch does: those whose result the receiver can take, then the one the argument fits
 * exactly, else the only one it fits at all.
 */
final class CastTerms {
  private CastTerms() {}

  /** The overload {@code cast} calls for a value received as {@code receiver}. */
  static NativeFunctions.Signature resolve(Term.FunctionCall cast, CqlType receiver) {
    List<NativeFunctions.Signature> candidates = NativeFunctions.castsTo(cast.castType());
    if (candidates.isEmpty()) throw invalid("Unknown function " + cast.name() + " called");
    Term arg = cast.args().get(0);
    List<NativeFunctions.Signature> compatible = new ArrayList<>();
    for (NativeFunctions.Signature s : candidates) {
      if (receiver != null && Arithmetic.fitOfType(s.returns(), receiver) == Arithmetic.Fit.NONE) continue;
      Arithmetic.Fit fit = ArithmeticTerms.operand(arg).fit(s.args().get(0));
      if (fit == Arithmetic.Fit.EXACT) return s;
      if (fit == Arithmetic.Fit.WEAK) compatible.add(s);
    }
    if (compatible.isEmpty()) {
      throw invalid("Invalid call to function " + cast.name() + ", none of its type signatures match (known type "
          + "signatures: " + listed(candidates) + ")");
    }
    if (compatible.size() > 1) {
      throw invalid("Ambiguous call to function " + cast.name() + " (can be matched by following signatures: "
          + listed(compatible) + "): use type casts to disambiguate");
    }
    return compatible.get(0);
  }

  /**
   * How a cast fits a parameter of type {@code param} (FunctionCall.Raw.testAssignment): resolved for that
   * receiver, by its result's type; a cast that cannot be resolved so is weakly assignable, left to fail later.
   */
  static Arithmetic.Fit fit(Term.FunctionCall cast, CqlType param) {
    try {
      return Arithmetic.fitOfType(resolve(cast, param).returns(), param);
    } catch (CqlException e) {
      return Arithmetic.Fit.WEAK;
    }
  }

  /** The cast's value received as {@code receiver}: its argument converted, read as the receiver's type. */
  static Object value(Values values, Term.FunctionCall cast, CqlType receiver) {
    NativeFunctions.Signature s = resolve(cast, receiver);
    Term arg = cast.args().get(0);
    if (arg instanceof Term.Unset) {
      throw invalid("Invalid unset value for argument in call to function " + s.name());
    }
    Object in = values.value(arg, s.args().get(0), argName(cast));
    return Arithmetic.convert(NativeFunctions.call(s, new Object[] {in}, values), s.returns(), receiver);
  }

  /** What receives the argument, as FunctionResolver.makeArgSpec names it: {@code arg0(system.castasint)}. */
  static String argName(Term.FunctionCall cast) {
    return "arg0(" + cast.name().toLowerCase(Locale.ROOT) + ")";
  }

  /** {@code system."castAsInt" : (float) -> int, ...}, as Cassandra lists a function's overloads. */
  private static String listed(List<NativeFunctions.Signature> signatures) {
    return signatures.stream().map(s -> "system.\"" + s.name() + "\" : (" + s.args().get(0).name() + ") -> "
        + s.returns().name()).collect(Collectors.joining(", "));
  }

  private static CqlException invalid(String message) {
    return new CqlException(CqlErrorClass.InvalidRequest, message);
  }
}
