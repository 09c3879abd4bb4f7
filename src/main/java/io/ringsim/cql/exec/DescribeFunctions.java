package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.UserAggregate;
import io.ringsim.schema.UserFunction;
import java.util.ArrayList;
import java.util.List;

/**
 * DESCRIBE's rows for user-defined functions and aggregates, written as Cassandra 4.1's UDFunction.toCqlString and
 * UDAggregate.toCqlString write them; a keyspace lists its functions, then its aggregates, by name and signature.
 */
final class DescribeFunctions {
  private DescribeFunctions() {}

  /** Rows of every function of {@code ks} named {@code name} (all of them when null); with CQL when {@code cql}. */
  static List<List<Object>> functions(Catalog c, String ks, String name, boolean cql) {
    List<List<Object>> rows = new ArrayList<>();
    for (UserFunction f : c.functions(ks)) {
      if (name != null && !f.name().equals(name)) continue;
      String id = DescribeStatement.quote(f.name()) + "(" + UserFunction.typeNames(f.argTypes()) + ")";
      rows.add(cql ? List.of(DescribeStatement.quote(ks), "function", id, functionCql(f))
          : List.of(DescribeStatement.quote(ks), "function", id));
    }
    if (name != null && rows.isEmpty()) throw new CqlException(CqlErrorClass.InvalidRequest,
        "User defined function '" + name + "' not found in '" + ks + "'");
    return rows;
  }

  static List<List<Object>> aggregates(Catalog c, String ks, String name, boolean cql) {
    List<List<Object>> rows = new ArrayList<>();
    for (UserAggregate a : c.aggregates(ks)) {
      if (name != null && !a.name().equals(name)) continue;
      String id = DescribeStatement.quote(a.name()) + "(" + UserFunction.typeNames(a.argTypes()) + ")";
      rows.add(cql ? List.of(DescribeStatement.quote(ks), "aggregate", id, aggregateCql(a))
          : List.of(DescribeStatement.quote(ks), "aggregate", id));
    }
    if (name != null && rows.isEmpty()) throw new CqlException(CqlErrorClass.InvalidRequest,
        "User defined aggregate '" + name + "' not found in '" + ks + "'");
    return rows;
  }

  static String functionCql(UserFunction f) {
    StringBuilder sb = new StringBuilder("CREATE FUNCTION ").append(DescribeStatement.quote(f.keyspace())).append('.')
        .append(DescribeStatement.quote(f.name())).append('(');
    for (int i = 0; i < f.argNames().size(); i++) {
      if (i > 0) sb.append(", ");
      sb.append(DescribeStatement.quote(f.argNames().get(i))).append(' ').append(typeCql(f.argTypes().get(i)));
    }
    return sb.append(")\n    ").append(f.calledOnNullInput() ? "CALLED" : "RETURNS NULL").append(" ON NULL INPUT\n")
        .append("    RETURNS ").append(typeCql(f.returnType())).append("\n    LANGUAGE ").append(f.language())
        .append("\n    AS $$").append(f.body()).append("$$;").toString();
  }

  static String aggregateCql(UserAggregate a) {
    StringBuilder sb = new StringBuilder("CREATE AGGREGATE ").append(DescribeStatement.quote(a.keyspace()))
        .append('.').append(DescribeStatement.quote(a.name())).append('(');
    for (int i = 0; i < a.argTypes().size(); i++) sb.append(i > 0 ? ", " : "").append(typeCql(a.argTypes().get(i)));
    sb.append(")\n    SFUNC ").append(DescribeStatement.quote(a.stateFunction())).append("\n    STYPE ")
        .append(typeCql(a.stateType()));
    if (a.finalFunction() != null) sb.append("\n    FINALFUNC ").append(DescribeStatement.quote(a.finalFunction()));
    if (a.initCondText() != null) sb.append("\n    INITCOND ").append(a.initCondText());
    return sb.append(';').toString();
  }

  private static String typeCql(CqlType t) {
    return t.name();
  }
}
