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
    if (!Values.assignable(fn.returnType(), type)) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "Type error: cannot assign result of function "
          + n.qualified() + " (type " + fn.returnType().name() + ") to " + column + " (type " + type.name() + ")");
    }
    return new Object[] {FunctionCalls.call(fn, args.get(0))};
  }
}
