package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.CqlFeatures;
import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.Catalog;

/** CREATE / DROP FUNCTION and AGGREGATE: each gives the catalog after it, with Cassandra 4.1's errors. */
public final class FunctionOps {
  private FunctionOps() {}

  static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  public static Catalog createFunction(Catalog c, Statement.CreateFunction s, String session, CqlFeatures features) {
    features.requireUserDefinedFunctions(s.language());
    throw invalid("ringsim does not run user-defined functions yet");
  }

  public static Catalog dropFunction(Catalog c, Statement.DropFunction s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    if (s.ifExists()) return c;
    throw invalid("Function '" + ks + "." + s.name() + "' doesn't exist");
  }

  public static Catalog createAggregate(Catalog c, Statement.CreateAggregate s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    throw invalid("State function " + ks + "." + s.stateFunction() + "(" + String.join(", ",
        java.util.stream.Stream.concat(java.util.stream.Stream.of(s.stateType()), s.argTypes().stream()).toList())
        + ") doesn't exist");
  }

  public static Catalog dropAggregate(Catalog c, Statement.DropAggregate s, String session) {
    String ks = SchemaOps.keyspaceOf(s.keyspace(), session);
    if (s.ifExists()) return c;
    throw invalid("Aggregate '" + ks + "." + s.name() + "' doesn't exist");
  }
}
