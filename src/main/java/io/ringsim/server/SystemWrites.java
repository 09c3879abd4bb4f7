package io.ringsim.server;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.Values;
import io.ringsim.cql.exec.WritePlanner;
import io.ringsim.ring.Partitioner;
import io.ringsim.schema.Catalog;

/**
 * A write (INSERT, UPDATE, DELETE, TRUNCATE, or a batch of them) into a system keyspace, checked as Cassandra 4.1
 * checks it: an unknown table or column, a conditional write or a logged batch on a virtual table, and any
 * modification of a virtual table (system_views, system_virtual_schema) get Cassandra's own refusal. What Cassandra
 * stores, ringsim stores too ({@link SystemStore}): system and system_schema on the coordinator alone, the
 * replicated system keyspaces once for the cluster, read back merged with the rows the node generates. A write
 * stores rows only: the schema itself (DESCRIBE, the drivers' metadata, the nodes' tables) follows DDL alone, and no
 * SCHEMA_CHANGE event is sent, as in Cassandra, which reads the schema tables again only when it starts.
 *
 * <p>Two writes ringsim refuses, saying why: TRUNCATE of a table whose rows it generates from the cluster's state
 * with no write time (system.local, system.peers, system_traces, system_auth.roles, ...), which Cassandra 4.1
 * accepts, after which its node writes some cells again (seen: system.local kept its key and lost cluster_name), and
 * which ringsim cannot tell apart; and a batch that writes into both system and user tables.
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

  /** Whether {@code s} (or, for a batch, any of its statements) writes into a system keyspace. */
  static boolean writesSystem(Statement s, String sessionKeyspace) {
    if (s instanceof Statement.Batch b) {
      for (Statement child : b.statements()) if (writesSystem(child, sessionKeyspace)) return true;
      return false;
    }
    return system(target(s, sessionKeyspace));
  }

  /**
   * Refuses {@code s}, a write into a system keyspace, where Cassandra refuses it, or where ringsim cannot store it
   * as Cassandra does (see the class comment); returns if it is to be stored. {@code catalog}: from
   * {@link #catalog}; {@code bound}: the statement's markers have their values, so it is planned (a prepared one is
   * checked as far as PREPARE checks it).
   */
  static void check(Statement s, String sessionKeyspace, Catalog catalog, Partitioner partitioner, boolean bound) {
    if (s instanceof Statement.Batch b) {
      for (Statement child : b.statements()) {
        Statement.TableName t = target(child, sessionKeyspace);
        if (system(t) && virtual(t) && "LOGGED".equalsIgnoreCase(b.type())) {
          throw invalid("Cannot include a virtual table statement in a logged batch");
        }
      }
      for (Statement child : b.statements()) check(child, sessionKeyspace, catalog, partitioner, bound);
      for (Statement child : b.statements()) {
        if (!system(target(child, sessionKeyspace))) {
          throw invalid("ringsim stores writes into the system tables apart from the cluster's data, and cannot "
              + "run a batch that writes into both (" + name(target(child, sessionKeyspace)) + "); Cassandra 4.1 "
              + "would run this one");
        }
      }
      return;
    }
    Statement.TableName t = target(s, sessionKeyspace);
    if (!system(t)) return;
    String name = name(t);
    if (SystemSchema.CASSANDRA_4_1.table(t.keyspace(), t.table()).isEmpty()) {
      throw invalid("table " + t.table() + " does not exist");
    }
    if (s instanceof Statement.Truncate) {
      if (virtual(t)) throw invalid("Truncation is not supported by table " + name);
      if (GENERATED_WITHOUT_WRITE_TIME.contains(name)) {
        throw invalid("ringsim generates " + name + " from the cluster's state with no write time for its rows, "
            + "so it cannot truncate it as Cassandra 4.1 would (emptied, then partly written again by its node)");
      }
      return;
    }
    if (virtual(t) && conditional(s)) throw invalid("Conditional updates are not supported by virtual tables");
    WritePlanner.checkPrepared(s, catalog, sessionKeyspace);
    if (bound) WritePlanner.plan(s, catalog, sessionKeyspace, new Values(0, 0), partitioner);
    if (virtual(t)) throw invalid("Modification is not supported by table " + name);
  }

  /**
   * The tables whose rows ringsim makes from the cluster's state ({@link SystemKeyspaces#table}) rather than from a
   * history of writes with their times, as system_schema's are ({@link SchemaLog}).
   */
  private static final java.util.Set<String> GENERATED_WITHOUT_WRITE_TIME = java.util.Set.of("system.local",
      "system.peers", "system.peers_v2", "system_traces.sessions", "system_traces.events", "system_auth.roles",
      "system.IndexInfo", "system.built_views", "system_distributed.view_build_status",
      "system.prepared_statements");

  private static String name(Statement.TableName t) {
    return t.keyspace() + "." + t.table();
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

  private static CqlException invalid(String message) {
    return new CqlException(CqlErrorClass.InvalidRequest, message);
  }
}
