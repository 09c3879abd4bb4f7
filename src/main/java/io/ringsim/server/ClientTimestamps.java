package io.ringsim.server;

import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.TableMetadata;
import java.util.ArrayList;
import java.util.List;

/**
 * A driver's default timestamp (the protocol's [timestamp] option, which the Java and Python drivers send with every
 * write by default) becomes the write's timestamp, as in Cassandra: the statement behaves as if written with
 * {@code USING TIMESTAMP}. A statement's own USING TIMESTAMP wins (in a batch, each statement's own); conditional
 * (LWT) statements keep Paxos's timestamps, as Cassandra ignores a client timestamp there.
 */
final class ClientTimestamps {
  private ClientTimestamps() {}

  static Statement apply(Statement s, long micros, Catalog c, String keyspace) {
    if (touchesCounters(s, c, keyspace)) return s; // counters keep the server's clock, whatever the client sends
    Term ts = new Term.Literal(Term.Kind.INTEGER, Long.toString(micros));
    if (s instanceof Statement.Insert i && i.timestamp() == null && !i.ifNotExists()) {
      return new Statement.Insert(i.keyspace(), i.table(), i.columns(), i.values(), false, i.ttl(), ts, i.json(),
          i.defaultUnset());
    }
    if (s instanceof Statement.Update u && u.timestamp() == null && !u.ifExists() && u.conditions().isEmpty()) {
      return new Statement.Update(u.keyspace(), u.table(), u.assignments(), u.where(), false, u.conditions(),
          u.ttl(), ts);
    }
    if (s instanceof Statement.Delete d && d.timestamp() == null && !d.ifExists() && d.conditions().isEmpty()) {
      return new Statement.Delete(d.keyspace(), d.table(), d.targets(), d.where(), false, d.conditions(), ts);
    }
    if (s instanceof Statement.Batch b && b.timestamp() == null && !conditional(b)) {
      if (b.statements().stream().noneMatch(ClientTimestamps::ownTimestamp)) {
        return new Statement.Batch(b.type(), ts, b.statements());
      }
      // A statement's own USING TIMESTAMP inside the batch wins, and the others take the client's: Cassandra reads
      // the option per statement, so the batch is not one with both a BATCH and a statement timestamp.
      List<Statement> stamped = new ArrayList<>();
      for (Statement x : b.statements()) stamped.add(apply(x, micros, c, keyspace));
      return new Statement.Batch(b.type(), null, stamped);
    }
    return s;
  }

  private static boolean ownTimestamp(Statement s) {
    return s instanceof Statement.Insert i ? i.timestamp() != null : s instanceof Statement.Update u
        ? u.timestamp() != null : s instanceof Statement.Delete d && d.timestamp() != null;
  }

  private static boolean touchesCounters(Statement s, Catalog c, String session) {
    if (s instanceof Statement.Batch b) {
      if (b.type().equals("COUNTER")) return true;
      for (Statement x : b.statements()) if (touchesCounters(x, c, session)) return true;
      return false;
    }
    String ks = s instanceof Statement.Insert i ? i.keyspace() : s instanceof Statement.Update u ? u.keyspace()
        : s instanceof Statement.Delete d ? d.keyspace() : null;
    String table = s instanceof Statement.Insert i ? i.table() : s instanceof Statement.Update u ? u.table()
        : s instanceof Statement.Delete d ? d.table() : null;
    if (table == null) return false;
    return c.table(ks != null ? ks : session == null ? "" : session, table)
        .map(TableMetadata::isCounterTable).orElse(false);
  }

  private static boolean conditional(Statement.Batch b) {
    List<Statement> all = new ArrayList<>(b.statements());
    for (Statement c : all) {
      if (c instanceof Statement.Insert i && i.ifNotExists()) return true;
      if (c instanceof Statement.Update u && (u.ifExists() || !u.conditions().isEmpty())) return true;
      if (c instanceof Statement.Delete d && (d.ifExists() || !d.conditions().isEmpty())) return true;
    }
    return false;
  }
}
