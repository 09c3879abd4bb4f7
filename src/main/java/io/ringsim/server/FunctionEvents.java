package io.ringsim.server;

import com.datastax.oss.protocol.internal.ProtocolConstants;
import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.UserAggregate;
import io.ringsim.schema.UserFunction;
import java.util.List;

/**
 * The SCHEMA_CHANGE of CREATE / DROP FUNCTION and AGGREGATE: target FUNCTION or AGGREGATE, the keyspace, the name
 * and the argument types, CREATED (UPDATED for OR REPLACE of an existing one) or DROPPED, as Cassandra sends it.
 */
final class FunctionEvents {
  private FunctionEvents() {}

  static boolean isFunctionChange(Statement s) {
    return s instanceof Statement.CreateFunction || s instanceof Statement.DropFunction
        || s instanceof Statement.CreateAggregate || s instanceof Statement.DropAggregate;
  }

  static SchemaEvents.Change change(Statement s, Catalog before, Catalog after, String session) {
    String fn = ProtocolConstants.SchemaChangeTarget.FUNCTION;
    String agg = ProtocolConstants.SchemaChangeTarget.AGGREGATE;
    if (s instanceof Statement.CreateFunction x) {
      String ks = x.keyspace() != null ? x.keyspace() : session;
      for (UserFunction f : after.functions(ks)) {
        if (!f.name().equals(x.name()) || before.functions(ks).contains(f)) continue;
        boolean replaced = before.functions(ks).stream().anyMatch(b -> b.name().equals(f.name())
            && b.takes(f.argTypes()));
        return new SchemaEvents.Change(replaced ? ProtocolConstants.SchemaChangeType.UPDATED
            : ProtocolConstants.SchemaChangeType.CREATED, fn, ks, f.name(), names(f.argTypes()));
      }
    } else if (s instanceof Statement.DropFunction x) {
      String ks = x.keyspace() != null ? x.keyspace() : session;
      for (UserFunction f : before.functions(ks)) {
        if (!after.functions(ks).contains(f)) {
          return new SchemaEvents.Change(ProtocolConstants.SchemaChangeType.DROPPED, fn, ks, f.name(),
              names(f.argTypes()));
        }
      }
    } else if (s instanceof Statement.CreateAggregate x) {
      String ks = x.keyspace() != null ? x.keyspace() : session;
      for (UserAggregate a : after.aggregates(ks)) {
        if (!a.name().equals(x.name()) || before.aggregates(ks).contains(a)) continue;
        boolean replaced = before.aggregates(ks).stream().anyMatch(b -> b.name().equals(a.name())
            && b.takes(a.argTypes()));
        return new SchemaEvents.Change(replaced ? ProtocolConstants.SchemaChangeType.UPDATED
            : ProtocolConstants.SchemaChangeType.CREATED, agg, ks, a.name(), names(a.argTypes()));
      }
    } else if (s instanceof Statement.DropAggregate x) {
      String ks = x.keyspace() != null ? x.keyspace() : session;
      for (UserAggregate a : before.aggregates(ks)) {
        if (!after.aggregates(ks).contains(a)) {
          return new SchemaEvents.Change(ProtocolConstants.SchemaChangeType.DROPPED, agg, ks, a.name(),
              names(a.argTypes()));
        }
      }
    }
    return null;
  }

  private static List<String> names(List<io.ringsim.schema.CqlType> types) {
    return types.stream().map(io.ringsim.schema.CqlType::name).toList();
  }
}
