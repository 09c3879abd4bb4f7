package io.ringsim.server;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.CqlType;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

/** Bind variables of a statement, and binding the values a client sent to them. */
final class Binding {
  private Binding() {}

  /** One variable: what the PREPARED response describes. */
  record Variable(String keyspace, String table, String name, CqlType type) {}

  static List<Variable> variables(Statement s, Catalog c, String keyspace) {
    return List.of();
  }

  static int[] partitionKeyIndices(Statement s, Catalog c, String keyspace) {
    return new int[0];
  }

  /** The statement with the client's values in place of its markers (positional, or by name in v5). */
  static Statement bind(Statement s, List<Variable> vars, List<ByteBuffer> positional, Map<String, ByteBuffer> named) {
    int given = positional != null ? positional.size() : named != null ? named.size() : 0;
    if (given != vars.size())
      throw new CqlException(CqlErrorClass.InvalidRequest, "There were " + vars.size()
          + " markers(?) in CQL but " + given + " bound variables");
    return s;
  }
}
