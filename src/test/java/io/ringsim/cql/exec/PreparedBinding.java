package io.ringsim.cql.exec;

import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.parse.CqlParser;
import java.util.ArrayList;
import java.util.List;

/** What the native-protocol server does with a prepared statement, reduced to its parts, on a one-node cluster. */
final class PreparedBinding {
  private PreparedBinding() {}

  /**
   * Prepares {@code cql}, encodes each Java value with its variable's type and decodes it back (as the server
   * receives it off the wire), binds, and runs it.
   */
  static ResultSet execute(OneNodeCql cql, String text, Object... javaValues) {
    Statement s = CqlParser.parse(text);
    return cql.session.execute(Prepared.bind(s, wire(cql, s, javaValues)));
  }

  static List<Object> wire(OneNodeCql cql, Statement s, Object... javaValues) {
    List<BindVariable> vars = Prepared.variables(s, cql.sim.catalog(), cql.session.keyspace());
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < javaValues.length; i++) {
      Object v = javaValues[i];
      if (v == null || v == Prepared.UNSET || i >= vars.size()) out.add(v);
      else out.add(vars.get(i).type().deserialize(vars.get(i).type().serialize(v)));
    }
    return out;
  }
}
