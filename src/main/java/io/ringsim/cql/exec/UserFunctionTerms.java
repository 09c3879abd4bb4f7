package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.UserFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A user-defined function called where a value is written (INSERT ... VALUES (f(1)), WHERE k = f(1)): the overload
 * the arguments fit, run once when the statement is planned, its result given to the receiving column.
 */
final class UserFunctionTerms {
  private UserFunctionTerms() {}

  /**
   * The user-defined function a call with bind markers in it resolves to at PREPARE when only one overload of its name
   * takes that many arguments (its parameters then type the markers), else null.
   */
  static UserFunction soleOverload(io.ringsim.schema.Catalog c, String session, Term.FunctionCall f) {
    if (FunctionCalls.systemName(f.name())) return null;
    if (f.name().indexOf('.') < 0 && !NativeFunctions.overloads(f.name()).isEmpty()) return null;
    List<UserFunction> fits = FunctionCalls.functions(c, FunctionCalls.name(f.name(), session)).stream()
        .filter(u -> u.argTypes().size() == f.args().size()).toList();
    return fits.size() == 1 ? fits.get(0) : null;
  }

  /**
   * At PREPARE, a call of a user-defined function with a bind marker as an argument ({@code m[f(?)..f(?)]}): each such
   * marker gets its parameter's type in {@code markers}. False when {@code f} is no such call.
   */
  static boolean typeMarkers(Values values, Term.FunctionCall f, java.util.Map<Integer, CqlType> markers) {
    if (f.args().stream().noneMatch(a -> a instanceof Term.BindMarker)) return false;
    UserFunction u = soleOverload(values.functionCatalog(), values.functionKeyspace(), f);
    if (u == null) return false;
    for (int i = 0; i < f.args().size(); i++) {
      if (f.args().get(i) instanceof Term.BindMarker m) markers.put(m.index(), u.argTypes().get(i));
    }
    return true;
  }

  /** {value} of the call, or null when {@code f} names no user-defined function. */
  static Object[] value(Values values, Term.FunctionCall f, CqlType type, String column) {
    if (FunctionCalls.systemName(f.name())) return null;
    FunctionCalls.Name n = FunctionCalls.name(f.name(), values.functionKeyspace());
    List<UserFunction> candidates = FunctionCalls.functions(values.functionCatalog(), n);
    if (candidates.isEmpty()) return null;
    List<UserFunction> fits = new ArrayList<>();
    List<List<Object>> args = new ArrayList<>();
    for (UserFunction c : candidates) {
      if (c.argTypes().size() != f.args().size()) continue;
      List<Object> in = new ArrayList<>();
      try {
        for (int i = 0; i < f.args().size(); i++) in.add(values.value(f.args().get(i), c.argTypes().get(i), column));
      } catch (CqlException e) {
        continue;
      }
      fits.add(c);
      args.add(in);
    }
    if (fits.size() > 1) {
      throw FunctionCalls.invalid("Ambiguous call to function " + n.name() + " (can be matched by following "
          + "signatures: " + fits.stream().map(FunctionCalls::describe).collect(Collectors.joining(", "))
          + "): use type casts to disambiguate");
    }
    if (fits.isEmpty()) {
      if (candidates.size() == 1 && candidates.get(0).argTypes().size() != f.args().size()) {
        throw FunctionCalls.invalid("Invalid number of arguments in call to function " + n.qualified() + ": "
            + candidates.get(0).argTypes().size() + " required but " + f.args().size() + " provided");
      }
      throw FunctionCalls.invalid("Invalid call to function " + n.name() + ", none of its type signatures match "
          + "(known type signatures: " + candidates.stream().map(FunctionCalls::describe)
          .collect(Collectors.joining(", ")) + ")");
    }
    UserFunction fn = fits.get(0);
    // Cassandra ignores that the receiver is frozen: a function's result is frozen anyway (AbstractType.testAssignment).
    if (!Values.assignable(fn.returnType(), type) && !Values.sameIgnoringFrozen(fn.returnType(), type)) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "Type error: cannot assign result of function "
          + n.qualified() + " (type " + fn.returnType().name() + ") to " + column + " (type " + type.name() + ")");
    }
    return new Object[] {FunctionCalls.call(fn, args.get(0))};
  }
}
