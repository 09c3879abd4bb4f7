package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.CqlFeatures;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.cql.udf.JavaUdf;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.UserAggregate;
import io.ringsim.schema.UserFunction;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * CREATE / DROP FUNCTION and AGGREGATE: each gives the catalog after it, with Cassandra 4.1's errors (its
 * CreateFunctionStatement, CreateAggregateStatement, DropFunctionStatement and DropAggregateStatement).
 */
public final class FunctionOps {
  private FunctionOps() {}

  static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  private static String keyspace(Catalog c, String explicit, String session) {
    String ks = SchemaOps.keyspaceOf(explicit, session);
    if (ks.equals("system") || ks.startsWith("system_")) {
      throw invalid("System keyspace '" + ks + "' is not user-modifiable");
    }
    if (c.keyspace(ks).isEmpty()) throw invalid("Keyspace '" + ks + "' doesn't exist");
    return ks;
  }

  private static boolean frozenNotTuple(String typeText) {
    String t = typeText.strip();
    return t.startsWith("frozen<") && !t.substring("frozen<".length()).strip().startsWith("tuple<");
  }

  /**
   * DROP FUNCTION's message names a frozen user type with its keyspace ("frozen<ks.addr>"), as Cassandra's, which
   * has resolved the type's keyspace by then; anything else as written.
   */
  private static String qualifiedFrozenType(Catalog c, String ks, String typeText) {
    String t = typeText.strip();
    String inner = t.substring("frozen<".length(), t.length() - 1).strip();
    if (!inner.matches("[A-Za-z][A-Za-z0-9_]*")) return typeText;
    return c.type(ks, inner.toLowerCase(java.util.Locale.ROOT))
        .map(u -> "frozen<" + ks + "." + u.cqlName() + ">").orElse(typeText);
  }

  private static List<CqlType> types(List<String> texts, Catalog c, String ks) {
    List<CqlType> out = new ArrayList<>();
    for (String t : texts) out.add(SchemaOps.type(t, null, c, ks));
    return out;
  }

  public static Catalog createFunction(Catalog c, Statement.CreateFunction s, String session, CqlFeatures features) {
    features.requireUserDefinedFunctions(s.language());
    if (s.orReplace() && s.ifNotExists()) throw invalid("Cannot use both 'OR REPLACE' and 'IF NOT EXISTS' directives");
    String ks = keyspace(c, s.keyspace(), session);
    if (new HashSet<>(s.argNames()).size() != s.argNames().size()) {
      throw invalid("Duplicate argument names for given function " + s.name() + " with argument names "
          + s.argNames());
    }
    // Cassandra's CreateFunctionStatement: a frozen<> argument or return type is refused (a tuple is frozen anyway).
    for (String a : s.argTypes()) {
      if (frozenNotTuple(a)) {
        throw invalid("Argument '" + a + "' cannot be frozen; remove frozen<> modifier from '" + a + "'");
      }
    }
    List<CqlType> args = types(s.argTypes(), c, ks);
    if (frozenNotTuple(s.returnType())) {
      throw invalid("Return type '" + s.returnType() + "' cannot be frozen; remove frozen<> modifier from '"
          + s.returnType() + "'");
    }
    CqlType returns = SchemaOps.type(s.returnType(), null, c, ks);
    if (c.aggregates(ks).stream().anyMatch(a -> a.name().equals(s.name()) && a.takes(args))) {
      throw invalid("Function '" + s.name() + "' cannot replace an aggregate");
    }
    UserFunction existing = c.functions(ks).stream().filter(f -> f.name().equals(s.name()) && f.takes(args))
        .findFirst().orElse(null);
    if (existing != null) {
      if (s.ifNotExists()) return c;
      if (!s.orReplace()) throw invalid("Function '" + s.name() + "' already exists");
      if (s.calledOnNullInput() != existing.calledOnNullInput()) {
        throw invalid("Function '" + s.name() + "' must have " + (s.calledOnNullInput() ? "CALLED ON NULL INPUT"
            : "RETURNS NULL ON NULL INPUT") + " directive");
      }
      if (!existing.returnType().name().equals(returns.name())) {
        throw invalid("Cannot replace function '" + s.name() + "', the new return type " + returns.name()
            + " is not compatible with the return type " + existing.returnType().name() + " of existing function");
      }
    }
    if (!s.language().equals("java")) {
      // Cassandra 4.1 runs JavaScript through Nashorn, which JDK 15 and later do not have: on JDK 17 (the oracle's)
      // a node with scripted_user_defined_functions_enabled does not even start. There is no answer to copy.
      throw invalid("ringsim runs user-defined functions in java only, not " + s.language() + " (Cassandra 4.1 "
          + "runs javascript through Nashorn, which JDK 15 and later lack: with scripted_user_defined_functions_enabled"
          + " a Cassandra 4.1 node on JDK 17 does not start)");
    }
    JavaUdf code = compileJava(c, ks, s.name(), s.argNames(), args, returns, s.calledOnNullInput(), s.body());
    return c.withFunction(new UserFunction(ks, s.name(), s.argNames(), args, returns, s.calledOnNullInput(),
        s.language(), s.body(), code));
  }

  /**
   * A Java function's body compiled for the given types; its udfContext looks user types and tuple types up in
   * keyspace {@code ks} of {@code c}.
   */
  static JavaUdf compileJava(Catalog c, String ks, String name, List<String> argNames, List<CqlType> args,
      CqlType returns, boolean calledOnNullInput, String body) {
    return JavaUdf.compile(ks + "." + name, argNames, args, returns, calledOnNullInput, body, new JavaUdf.Schema() {
      @Override
      public CqlType userType(String typeName) {
        return c.type(ks, typeName).orElse(null);
      }

      @Override
      public CqlType parse(String cql) {
        return SchemaOps.type(cql, null, c, ks);
      }
    });
  }

  public static Catalog dropFunction(Catalog c, Statement.DropFunction s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    List<UserFunction> named = c.functions(ks).stream().filter(f -> f.name().equals(s.name())).toList();
    UserFunction target;
    String written = ks + "." + s.name();
    if (s.argTypes() == null) {
      if (named.size() > 1) {
        throw invalid("'DROP FUNCTION " + s.name() + "' matches multiple function definitions; specify the argument"
            + " types by issuing a statement like 'DROP FUNCTION " + s.name() + " (type, type, ...)'. You can use "
            + "cqlsh 'DESCRIBE FUNCTION " + s.name() + "' command to find all overloads");
      }
      target = named.isEmpty() ? null : named.get(0);
    } else {
      for (String a : s.argTypes()) {
        if (frozenNotTuple(a)) {
          String q = qualifiedFrozenType(c, ks, a);
          throw invalid("Argument '" + q + "' cannot be frozen; remove frozen<> modifier from '" + q + "'");
        }
      }
      written += "(" + String.join(", ", s.argTypes()) + ")";
      List<CqlType> args = c.keyspace(ks).isPresent() ? types(s.argTypes(), c, ks) : List.of();
      target = named.stream().filter(f -> f.takes(args)).findFirst().orElse(null);
    }
    if (target == null) {
      if (s.ifExists()) return c;
      throw invalid("Function '" + written + "' doesn't exist");
    }
    List<String> users = new ArrayList<>();
    for (UserAggregate a : c.aggregates(ks)) {
      if (uses(c, a, target)) users.add(a.keyspace() + "." + a.name());
    }
    if (!users.isEmpty()) {
      throw invalid("Function '" + written + "' is still referenced by aggregates " + String.join(", ", users));
    }
    return c.withoutFunction(target);
  }

  /** Whether aggregate {@code a} runs {@code f} as its state or final function. */
  private static boolean uses(Catalog c, UserAggregate a, UserFunction f) {
    UserFunction state = FunctionCalls.stateFunction(c, a);
    UserFunction fin = FunctionCalls.finalFunction(c, a);
    return f.equals(state) || f.equals(fin);
  }

  public static Catalog createAggregate(Catalog c, Statement.CreateAggregate s, String session) {
    // Cassandra authorizes the statement first, preparing its argument types in the keyspace (CQL3Type.Raw.prepare):
    // a missing keyspace is a configuration error there, unquoted, as GRANT ... ON FUNCTION reports it.
    String named = SchemaOps.keyspaceOf(s.keyspace(), session);
    if (!s.argTypes().isEmpty() && c.keyspace(named).isEmpty() && !named.equals("system")
        && !named.startsWith("system_")) {
      throw new CqlException(CqlErrorClass.ConfigurationError, "Keyspace " + named + " doesn't exist");
    }
    if (s.orReplace() && s.ifNotExists()) throw invalid("Cannot use both 'OR REPLACE' and 'IF NOT EXISTS' directives");
    String ks = keyspace(c, s.keyspace(), session);
    List<CqlType> args = types(s.argTypes(), c, ks);
    if (s.stateType().startsWith("frozen<")) {
      throw invalid("State type '" + s.stateType() + "' cannot be frozen; remove frozen<> modifier from '"
          + s.stateType() + "'");
    }
    CqlType stateType = SchemaOps.type(s.stateType(), null, c, ks);
    List<CqlType> stateArgs = new ArrayList<>();
    stateArgs.add(stateType);
    stateArgs.addAll(args);
    UserFunction state = c.functions(ks).stream().filter(f -> f.name().equals(s.stateFunction())
        && f.takes(stateArgs)).findFirst().orElseThrow(() -> invalid("State function " + ks + "."
            + s.stateFunction() + "(" + UserFunction.typeNames(stateArgs) + ") doesn't exist"));
    if (!state.returnType().name().equals(stateType.name())) {
      throw invalid("State function " + ks + "." + state.signature() + " return type must be the same as the first "
          + "argument type - check STYPE, argument and return types");
    }
    CqlType returns = stateType;
    if (s.finalFunction() != null) {
      UserFunction fin = c.functions(ks).stream().filter(f -> f.name().equals(s.finalFunction())
          && f.takes(List.of(stateType))).findFirst().orElseThrow(() -> invalid("Final function " + ks + "."
              + s.finalFunction() + "(" + stateType.name() + ") doesn't exist"));
      returns = fin.returnType();
    }
    Object init = null;
    String initText = null;
    if (s.initCond() != null && !(s.initCond() instanceof Term.Literal l && l.kind() == Term.Kind.NULL)) {
      init = new Values(0, 0).value(s.initCond(), stateType, "(dummy)");
      initText = stateType.literal(init);
    }
    if (init == null && !state.calledOnNullInput()) {
      throw invalid("Cannot create aggregate '" + s.name() + "' without INITCOND because state function " + ks + "."
          + state.name() + " does not accept 'null' arguments");
    }
    if (c.functions(ks).stream().anyMatch(f -> f.name().equals(s.name()) && f.takes(args))) {
      throw invalid("Aggregate '" + s.name() + "' cannot replace a function");
    }
    UserAggregate existing = c.aggregates(ks).stream().filter(a -> a.name().equals(s.name()) && a.takes(args))
        .findFirst().orElse(null);
    if (existing != null) {
      if (s.ifNotExists()) return c;
      if (!s.orReplace()) throw invalid("Aggregate '" + s.name() + "' already exists");
      if (!existing.returnType().name().equals(returns.name())) {
        throw invalid("Cannot replace aggregate '" + s.name() + "', the new return type " + returns.name()
            + " isn't compatible with the return type " + existing.returnType().name() + " of existing function");
      }
    }
    return c.withAggregate(new UserAggregate(ks, s.name(), args, s.stateFunction(), stateType, s.finalFunction(),
        returns, init, initText));
  }

  public static Catalog dropAggregate(Catalog c, Statement.DropAggregate s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    List<UserAggregate> named = c.aggregates(ks).stream().filter(a -> a.name().equals(s.name())).toList();
    UserAggregate target;
    String written = ks + "." + s.name();
    if (s.argTypes() == null) {
      if (named.size() > 1) {
        throw invalid("'DROP AGGREGATE " + s.name() + "' matches multiple function definitions; specify the "
            + "argument types by issuing a statement like 'DROP AGGREGATE " + s.name() + " (type, type, ...)'. You "
            + "can use cqlsh 'DESCRIBE AGGREGATE " + s.name() + "' command to find all overloads");
      }
      target = named.isEmpty() ? null : named.get(0);
    } else {
      written += "(" + String.join(", ", s.argTypes()) + ")";
      List<CqlType> args = c.keyspace(ks).isPresent() ? types(s.argTypes(), c, ks) : List.of();
      target = named.stream().filter(a -> a.takes(args)).findFirst().orElse(null);
    }
    if (target == null) {
      if (s.ifExists()) return c;
      throw invalid("Aggregate '" + written + "' doesn't exist");
    }
    return c.withoutAggregate(target);
  }
}
