package io.ringsim.server;

import io.ringsim.cluster.SimCluster;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.ring.Node;
import io.ringsim.schema.Catalog;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Cassandra's system keyspaces for a cluster that is not served on a port (the in-process {@code cql} and
 * {@code cqlsh} commands): the same tables {@code serve} answers, its nodes at serve's default addresses
 * (127.0.0.1, 127.0.0.2, ...) and port, the first node answering. Their traces live in the shell's own output, so
 * system_traces is empty here. Writes into them are stored as {@code serve} stores them ({@link SystemStore}), for as
 * long as this object lives: one per shell session.
 */
public final class SystemReads {
  private static final int PORT = 9042;
  private final SimCluster cluster;
  private final SystemStore store;

  /** The system keyspaces of {@code cluster}, which keep what is written into them for as long as this lives. */
  public SystemReads(SimCluster cluster) {
    this.cluster = cluster;
    this.store = new SystemStore(cluster, cluster::clockNowMicros);
  }

  /** The cluster as its system tables show it now: the catalog and the ring change with DDL and membership. */
  private SystemKeyspaces.View view() {
    Map<String, InetAddress> addresses = new LinkedHashMap<>();
    byte[] base;
    try {
      base = InetAddress.getByName("127.0.0.1").getAddress();
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
    int i = 0;
    for (Node n : cluster.ring().nodes()) addresses.put(n.name(), ServedCluster.offset(base, i++));
    String self = cluster.ring().nodes().get(0).name();
    return new SystemKeyspaces.View(self, cluster.ring(), addresses, PORT, cluster.catalog(),
        new TraceStore(addresses::get), List.of(),
        new PreparedStatements(), store);
  }

  /** Whether {@code keyspace} is one of Cassandra's system keyspaces (USE accepts it though no table holds it). */
  public static boolean isSystemKeyspace(String keyspace) {
    return keyspace != null && SystemSelect.KEYSPACES.contains(keyspace);
  }

  /**
   * A DESCRIBE as {@code serve} answers it to cqlsh 6.1: with the system keyspaces (DESCRIBE KEYSPACES, FULL
   * SCHEMA) and the cluster's partitioner and ring (DESCRIBE CLUSTER).
   */
  public ResultSet describe(Statement.Describe d, String sessionKeyspace) {
    if (ClusterDescribe.isDescribeCluster(d)) {
      SystemKeyspaces.View v = view();
      return ClusterDescribe.run(v.ring(), v.catalog(), sessionKeyspace, v.addresses());
    }
    return SystemDescribe.run(d, cluster.catalog(), sessionKeyspace);
  }

  /**
   * Runs a statement that writes into a system keyspace (INSERT, UPDATE, DELETE, TRUNCATE, BATCH) as {@code serve}
   * runs it ({@link SystemWrites}), on the first node; empty for any other statement.
   */
  public Optional<ResultSet> write(String cql, String sessionKeyspace) {
    String head = cql.stripLeading();
    boolean write = false;
    for (String w : List.of("INSERT", "UPDATE", "DELETE", "TRUNCATE", "BEGIN")) {
      write |= head.regionMatches(true, 0, w, 0, w.length());
    }
    if (!write) return Optional.empty();
    Statement s = io.ringsim.cql.parse.CqlParser.parse(cql);
    if (!SystemWrites.writesSystem(s, sessionKeyspace)) return Optional.empty();
    Catalog c = SystemWrites.catalog(cluster.catalog(), s, sessionKeyspace);
    SystemWrites.check(s, sessionKeyspace, c, cluster.ring().partitioner(), true);
    SystemKeyspaces.View v = view();
    if (s instanceof Statement.Truncate t) {
      Statement.TableName name = SystemWrites.target(t, sessionKeyspace);
      store.truncate(v.self(), name.keyspace(), name.table());
      return Optional.of(ResultSet.EMPTY);
    }
    return Optional.of(store.write(v.self(), s, sessionKeyspace, c, v));
  }

  /** The rows of a SELECT that reads a system keyspace (named, or the session's); empty for any other statement. */
  public Optional<ResultSet> select(String cql, String sessionKeyspace) {
    if (!cql.stripLeading().regionMatches(true, 0, "SELECT", 0, 6)) return Optional.empty();
    Statement.Select s = SystemSelect.of(io.ringsim.cql.parse.CqlParser.parse(cql), sessionKeyspace);
    if (s == null) return Optional.empty();
    Catalog c = SystemSelect.catalog(cluster.catalog(), s, sessionKeyspace);
    return Optional.of(SystemSelect.run(s, sessionKeyspace, c, view(), cluster.ring().partitioner(),
        cluster.clockNowMicros(), false));
  }
}
