package io.ringsim.server;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.Values;
import io.ringsim.cql.exec.WritePlanner;
import io.ringsim.ring.Partitioner;
import io.ringsim.schema.Catalog;

/**
 * A write (INSERT, UPDATE, DELETE, TRUNCATE, or a batch of them) into a system keyspace. ringsim answers the system
 * tables from the cluster's state and stores nothing in them, so such a write is refused; but first it is checked as
 * Cassandra 4.1 checks it, so that what Cassandra refuses gets Cassandra's own answer: an unknown table or column, a
 * conditional write or a logged batch on a virtual table, and any modification of a virtual table. Only what
 * Cassandra would store (it lets a client write into, say, system.local or system_schema.tables) gets ringsim's
 * refusal, which says so.
 */
final class SystemWrites {
  private SystemWrites() {}

  /** The keyspace and table {@code s} writes into; null for a statement that writes into no table. */
  static Statement.TableName target(Statement s, String sessionKeyspace) {
    Statement.TableName t = s instanceof Statement.Truncate x ? new Statement.TableName(x.keyspace(), x.name())
        : s instanceof Statement.Select ? null : Statement.tableOf(s);
    if (t == null) return null;
    return t.keyspace() != null ? t : new Statement.TableName(sessionKeyspace, t.table());
  }

  private static boolean system(Statement.TableName t) {
    return t != null && t.keyspace() != null && SystemSelect.KEYSPACES.contains(t.keyspace());
  }

  /**
   * {@code base} with the system keyspaces and tables {@code s} (or, for a batch, its statements) writes into, so
   * that the statement binds and is checked against the tables' real definitions; {@code base} if it writes into
   * none.
   */
  static Catalog catalog(Catalog base, Statement s, String sessionKeyspace) {
    if (s instanceof Statement.Batch b) {
      Catalog c = base;
      for (Statement child : b.statements()) c = catalog(c, child, sessionKeyspace);
      return c;
    }
    Statement.TableName t = target(s, sessionKeyspace);
    return system(t) ? SystemSelect.catalog(base, t.keyspace(), t.table()) : base;
  }

  /**
   * Refuses {@code s} if it writes into a system keyspace, with Cassandra's answer where Cassandra refuses it too.
   * {@code catalog}: from {@link #catalog}; {@code bound}: the statement's markers have their values, so it is planned
   * (a prepared one is checked as far as PREPARE checks it).
   */
  static void refuse(Statement s, String sessionKeyspace, Catalog catalog, Partitioner partitioner, boolean bound) {
    if (s instanceof Statement.Batch b) {
      for (Statement child : b.statements()) {
        Statement.TableName t = target(child, sessionKeyspace);
        if (system(t) && virtual(t) && "LOGGED".equalsIgnoreCase(b.type())) {
          throw invalid("Cannot include a virtual table statement in a logged batch");
        }
      }
      for (Statement child : b.statements()) refuse(child, sessionKeyspace, catalog, partitioner, bound);
      return;
    }
    Statement.TableName t = target(s, sessionKeyspace);
    if (!system(t)) return;
    String name = t.keyspace() + "." + t.table();
    if (SystemSchema.CASSANDRA_4_1.table(t.keyspace(), t.table()).isEmpty()) {
      throw invalid("table " + t.table() + " does not exist");
    }
    if (s instanceof Statement.Truncate) {
      if (virtual(t)) throw invalid("Truncation is not supported by table " + name);
      throw stored(name);
    }
    if (virtual(t) && conditional(s)) throw invalid("Conditional updates are not supported by virtual tables");
    WritePlanner.checkPrepared(s, catalog, sessionKeyspace);
    if (bound) WritePlanner.plan(s, catalog, sessionKeyspace, new Values(0, 0), partitioner);
    if (virtual(t)) throw invalid("Modification is not supported by table " + name);
    throw stored(name);
  }

  private static boolean virtual(Statement.TableName t) {
    return SystemSchema.VIRTUAL_KEYSPACES.contains(t.keyspace());
  }

  private static boolean conditional(Statement s) {
    if (s instanceof Statement.Insert i) return i.ifNotExists();
    if (s instanceof Statement.Update u) return u.ifExists() || !u.conditions().isEmpty();
    if (s instanceof Statement.Delete d) return d.ifExists() || !d.conditions().isEmpty();
    return false;
  }

  private static CqlException stored(String table) {
    return invalid("ringsim answers the system tables from the cluster's state and takes no writes into them ("
        + table + "); Cassandra 4.1 would store this one");
  }

  private static CqlException invalid(String message) {
    return new CqlException(CqlErrorClass.InvalidRequest, message);
  }
}
