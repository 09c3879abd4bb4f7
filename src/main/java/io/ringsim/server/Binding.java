package io.ringsim.server;

import com.datastax.oss.protocol.internal.ProtocolConstants;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.BindVariable;
import io.ringsim.cql.exec.Prepared;
import io.ringsim.schema.Catalog;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Bind variables of a statement (what PREPARED describes), and binding the values a client sent to them: each
 * [bytes] value decoded with its variable's type, positionally or, in v5, by name.
 */
final class Binding {
  private Binding() {}

  static List<BindVariable> variables(Statement s, Catalog c, String keyspace) {
    if (Prepared.markerCount(s) == 0) return List.of();
    return Prepared.variables(s, c, keyspace);
  }

  static int[] partitionKeyIndices(Statement s, Catalog c, String keyspace) {
    return Prepared.markerCount(s) == 0 ? new int[0] : Prepared.partitionKeyIndices(s, c, keyspace);
  }

  /** The statement with the client's values in place of its markers. */
  static Statement bind(Statement s, List<BindVariable> vars, Catalog c, String keyspace, List<ByteBuffer> positional,
      Map<String, ByteBuffer> named) {
    if (named != null && !named.isEmpty()) {
      Map<String, BindVariable> byName = new LinkedHashMap<>();
      for (BindVariable v : vars) byName.putIfAbsent(v.name(), v);
      Map<String, Object> values = new LinkedHashMap<>();
      for (Map.Entry<String, ByteBuffer> e : named.entrySet()) {
        BindVariable v = byName.get(e.getKey());
        if (v == null) throw new CqlException(CqlErrorClass.InvalidRequest, "No value for named bind marker "
            + e.getKey());
        values.put(e.getKey(), decode(v, e.getValue()));
      }
      return Prepared.bind(s, c, keyspace, values);
    }
    int given = positional == null ? 0 : positional.size();
    if (vars.isEmpty() && given == 0) return s;
    if (given != vars.size())
      throw new CqlException(CqlErrorClass.InvalidRequest, "There were " + vars.size()
          + " markers(?) in CQL but " + given + " bound variables");
    List<Object> values = new ArrayList<>(given);
    for (int i = 0; i < given; i++) values.add(decode(vars.get(i), positional.get(i)));
    return Prepared.bind(s, values);
  }

  private static Object decode(BindVariable v, ByteBuffer bytes) {
    if (bytes == ProtocolConstants.UNSET_VALUE) return Prepared.UNSET;
    return WireTypes.decode(v.type(), bytes, v.name());
  }
}
