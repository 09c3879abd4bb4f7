package io.ringsim.cql.exec;

import io.ringsim.cql.ast.Selector;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.UserAggregate;
import io.ringsim.schema.UserFunction;
import io.ringsim.schema.types.CqlTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A user-defined function or aggregate called in a SELECT clause, resolved as Cassandra's FunctionResolver does:
 * the overload whose argument types the arguments have (constants typed by it), with Cassandra's messages for a
 * wrong number of arguments, a type that does not fit, no fitting overload or more than one.
 */
final class UserFunctionSelectors {
  private UserFunctionSelectors() {}

  /** An aggregate call: its result column's name and type, how its arguments come from a row, and the aggregate. */
  record AggregateCall(String name, CqlType type, Projection.Column args, UserAggregate aggregate, Catalog catalog) {}

  /** The call of a user-defined function, or null when {@code f} names none. */
  static SelectorCompiler.Expr function(SelectorCompiler compiler, Selector.Function f) {
    Values values = compiler.values();
    if (FunctionCalls.systemName(f.name())) return null;
    FunctionCalls.Name n = FunctionCalls.name(f.name(), values.functionKeyspace());
    List<UserFunction> candidates = FunctionCalls.functions(values.functionCatalog(), n);
    if (candidates.isEmpty()) return null;
    List<SelectorCompiler.Expr> args = new ArrayList<>();
    for (Selector a : f.args()) args.add(compiler.compile(a));
    List<UserFunction> fits = new ArrayList<>();
    List<List<Projection.Column>> bound = new ArrayList<>();
    for (int pass = 0; pass < 2 && fits.isEmpty(); pass++) {
      for (UserFunction c : candidates) {
        List<Projection.Column> b = compiler.bind(c.argTypes(), args, pass == 1);
        if (b != null) {
          fits.add(c);
          bound.add(b);
        }
      }
    }
    if (fits.size() > 1) {
      throw FunctionCalls.invalid("Ambiguous call to function " + n.name() + " (can be matched by following "
          + "signatures: " + fits.stream().map(FunctionCalls::describe).collect(Collectors.joining(", "))
          + "): use type casts to disambiguate");
    }
    if (fits.isEmpty()) throw noFit(n, candidates, args);
    UserFunction fn = fits.get(0);
    List<Projection.Column> evals = bound.get(0);
    String name = n.qualified() + "(" + args.stream().map(SelectorCompiler.Expr::name)
        .collect(Collectors.joining(", ")) + ")";
    // Cassandra 4.1 gives a UDF's timeuuid its udfType(), LegacyTimeUUIDType, which clients receive as a custom type.
    CqlType returns = fn.returnType() == CqlTypes.TIMEUUID ? CqlTypes.LEGACY_TIMEUUID : fn.returnType();
    return new SelectorCompiler.Expr(name, returns, (p, r, now) -> {
      List<Object> in = new ArrayList<>(evals.size());
      for (Projection.Column e : evals) in.add(e.value(p, r, now));
      return FunctionCalls.call(fn, in);
    }, null);
  }

  /**
   * An unqualified {@code token(...)} in a keyspace that has user functions named token: Cassandra's resolver weighs
   * the native token, an exact match for the partition key columns in order, against them, so the user function is
   * called when the native one does not fit ({@code token(10)}). Null: the native token.
   */
  static SelectorCompiler.Expr userToken(SelectorCompiler compiler, Selector.Function f, TableMetadata table) {
    Values values = compiler.values();
    if (!f.name().equalsIgnoreCase("token")) return null;
    FunctionCalls.Name n = FunctionCalls.name("token", values.functionKeyspace());
    if (FunctionCalls.functions(values.functionCatalog(), n).isEmpty()) return null;
    List<String> key = table.partitionKey().stream().map(ColumnDef::name).toList();
    List<String> given = f.args().stream().map(a -> a instanceof Selector.Column c ? c.name() : null).toList();
    if (given.equals(key)) return null;
    try {
      return function(compiler, f);
    } catch (io.ringsim.cql.CqlException e) {
      if (e.getMessage().startsWith("Ambiguous")) throw e;
      // Neither fits: Cassandra lists the native token for this table beside the user functions.
      List<String> known = new ArrayList<>();
      known.add("token : (" + table.partitionKey().stream().map(d -> d.type().name())
          .collect(Collectors.joining(", ")) + ") -> bigint");
      for (UserFunction u : FunctionCalls.functions(values.functionCatalog(), n)) {
        known.add(u.keyspace() + "." + io.ringsim.cql.CqlNames.quote(u.name()) + " : ("
            + UserFunction.typeNames(u.argTypes()) + ") -> " + u.returnType().name());
      }
      throw FunctionCalls.invalid("Invalid call to function token, none of its type signatures match (known type "
          + "signatures: " + String.join(", ", known) + ")");
    }
  }

  /** Cassandra's message when no overload takes the arguments. */
  private static RuntimeException noFit(FunctionCalls.Name n, List<UserFunction> candidates,
      List<SelectorCompiler.Expr> args) {
    if (candidates.size() == 1) {
      UserFunction only = candidates.get(0);
      if (only.argTypes().size() != args.size()) {
        return FunctionCalls.invalid("Invalid number of arguments in call to function " + n.qualified() + ": "
            + only.argTypes().size() + " required but " + args.size() + " provided");
      }
      for (int i = 0; i < args.size(); i++) {
        SelectorCompiler.Expr a = args.get(i).unwrapped();
        if (a.type() != null && !a.type().name().equals(only.argTypes().get(i).name())
            && !Values.assignable(a.type(), only.argTypes().get(i))) {
          return FunctionCalls.invalid("Type error: " + a.name() + " cannot be passed as argument " + i
              + " of function " + n.qualified() + " of type " + only.argTypes().get(i).name());
        }
      }
    }
    return FunctionCalls.invalid("Invalid call to function " + n.name() + ", none of its type signatures match "
        + "(known type signatures: " + candidates.stream().map(FunctionCalls::describe)
        .collect(Collectors.joining(", ")) + ")");
  }

  /** Whether {@code f} names a user-defined aggregate (its arguments not looked at). */
  static boolean namesAggregate(SelectorCompiler compiler, Selector.Function f) {
    Values values = compiler.values();
    if (FunctionCalls.systemName(f.name())) return false;
    return !FunctionCalls.aggregates(values.functionCatalog(), FunctionCalls.name(f.name(),
        values.functionKeyspace())).isEmpty();
  }

  /** The call of a user-defined aggregate, or null when {@code f} names none. */
  static AggregateCall aggregate(SelectorCompiler compiler, Selector.Function f) {
    Values values = compiler.values();
    if (FunctionCalls.systemName(f.name())) return null;
    FunctionCalls.Name n = FunctionCalls.name(f.name(), values.functionKeyspace());
    List<UserAggregate> candidates = FunctionCalls.aggregates(values.functionCatalog(), n);
    if (candidates.isEmpty()) return null;
    List<SelectorCompiler.Expr> args = new ArrayList<>();
    for (Selector a : f.args()) args.add(compiler.compile(a));
    for (int pass = 0; pass < 2; pass++) {
      for (UserAggregate a : candidates) {
        List<Projection.Column> b = compiler.bind(a.argTypes(), args, pass == 1);
        if (b == null) continue;
        String name = n.qualified() + "(" + args.stream().map(SelectorCompiler.Expr::name)
            .collect(Collectors.joining(", ")) + ")";
        return new AggregateCall(name, a.returnType(), (p, r, now) -> {
          List<Object> in = new ArrayList<>(b.size());
          for (Projection.Column e : b) in.add(e.value(p, r, now));
          return in;
        }, a, values.functionCatalog());
      }
    }
    throw FunctionCalls.invalid("Invalid call to function " + n.name() + ", none of its type signatures match "
        + "(known type signatures: " + candidates.stream().map(FunctionCalls::describe)
        .collect(Collectors.joining(", ")) + ")");
  }
}
