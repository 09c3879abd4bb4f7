package io.ringsim.cql.exec;

import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.CqlType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which overload of a native function a call written as a value takes ({@code INSERT ... VALUES (toDate(?))}), as
 * Cassandra's FunctionResolver picks it: a sole overload whose arguments are each checked; else the overloads whose
 * result the receiver can take, the first one the arguments fit exactly, or the only one they fit at all.
 */
final class NativeTerms {
  private NativeTerms() {}

  /** The overload of {@code fn} (its name without system.) that {@code f} calls for a {@code receiver}. */
  static NativeFunctions.Signature resolve(Term.FunctionCall f, String fn, CqlType receiver) {
    List<NativeFunctions.Signature> overloads = NativeFunctions.overloads(fn);
    List<Term> args = f.args();
    if (overloads.size() == 1) {
      NativeFunctions.Signature only = overloads.get(0);
      if (only.args().size() != args.size()) {
        throw NativeFunctions.invalid("Invalid number of arguments in call to function system." + fn + ": "
            + only.args().size() + " required but " + args.size() + " provided");
      }
      for (int i = 0; i < args.size(); i++) {
        if (fit(args.get(i), only.args().get(i)) == Arithmetic.Fit.NONE) {
          throw NativeFunctions.invalid("Type error: " + TermText.of(args.get(i)) + " cannot be passed as argument "
              + i + " of function system." + fn + " of type " + only.args().get(i).name());
        }
      }
      return only;
    }
    List<NativeFunctions.Signature> compatible = new ArrayList<>();
    for (NativeFunctions.Signature s : overloads) {
      if (receiver != null && !returnFits(s.returns(), receiver)) continue;
      Arithmetic.Fit fit = matchArguments(s, args);
      if (fit == Arithmetic.Fit.EXACT) return s;
      if (fit == Arithmetic.Fit.WEAK) compatible.add(s);
    }
    if (compatible.isEmpty()) throw NativeFunctions.noMatch(f.name(), overloads);
    if (compatible.size() > 1) throw NativeFunctions.ambiguous(f.name().toLowerCase(Locale.ROOT), compatible);
    return compatible.get(0);
  }

  /** Whether a receiver of type {@code receiver} takes a {@code returns} value (it reads its bytes). */
  static boolean returnFits(CqlType returns, CqlType receiver) {
    return Arithmetic.sameType(returns, receiver) || Arithmetic.compatible(receiver, returns);
  }

  private static Arithmetic.Fit matchArguments(NativeFunctions.Signature s, List<Term> args) {
    if (s.args().size() != args.size()) return Arithmetic.Fit.NONE;
    Arithmetic.Fit res = Arithmetic.Fit.EXACT;
    for (int i = 0; i < args.size(); i++) {
      Arithmetic.Fit a = fit(args.get(i), s.args().get(i));
      if (a == Arithmetic.Fit.NONE) return a;
      if (a == Arithmetic.Fit.WEAK) res = a;
    }
    return res;
  }

  /** How a term fits a parameter type (each kind of Cassandra's Term.Raw.testAssignment). */
  static Arithmetic.Fit fit(Term t, CqlType param) {
    if (t instanceof Term.FunctionCall f) return callFit(f, param);
    return ArithmeticTerms.fitOf(t, param);
  }

  /**
   * FunctionCall.Raw.testAssignment: exact when the call resolves for the parameter and returns its type, weak when
   * the parameter reads what it returns, or when it cannot be resolved here (its own error comes later).
   */
  static Arithmetic.Fit callFit(Term.FunctionCall f, CqlType param) {
    String fn = bare(f.name());
    if (fn.equals("fromjson") || NativeFunctions.overloads(fn).isEmpty()) return Arithmetic.Fit.WEAK;
    try {
      NativeFunctions.Signature s = resolve(f, fn, param);
      if (Arithmetic.sameType(s.returns(), param)) return Arithmetic.Fit.EXACT;
      return Arithmetic.compatible(param, s.returns()) ? Arithmetic.Fit.WEAK : Arithmetic.Fit.NONE;
    } catch (CqlException e) {
      return Arithmetic.Fit.WEAK;
    }
  }

  /** A native function's name as written, lower case, without its system. keyspace. */
  static String bare(String written) {
    String w = written.toLowerCase(Locale.ROOT);
    return w.startsWith("system.") ? w.substring("system.".length()) : w;
  }
}
