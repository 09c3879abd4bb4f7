package io.ringsim.cli;

import io.ringsim.cluster.ClientSession;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.server.SystemReads;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A statement of the in-process shells ({@code cql}, {@code cqlsh}): reads of Cassandra's system keyspaces and
 * {@code USE system...} and DESCRIBE are answered as {@code serve} answers them (the system keyspaces included);
 * everything else goes to the simulated cluster.
 */
final class ShellStatements {
  private ShellStatements() {}

  static ResultSet execute(ClientSession session, SystemReads system, String cql) {
    Optional<ResultSet> rows = system.select(cql, session.keyspace());
    if (rows.isPresent()) return rows.get();
    String head = cql.stripLeading();
    if (head.regionMatches(true, 0, "USE", 0, 3)
        && CqlParser.parse(cql) instanceof Statement.Use u && SystemReads.isSystemKeyspace(u.keyspace())) {
      session.setKeyspace(u.keyspace());
      return ResultSet.EMPTY;
    }
    if (head.regionMatches(true, 0, "DESC", 0, 4) && CqlParser.parse(cql) instanceof Statement.Describe d) {
      return system.describe(d, session.keyspace());
    }
    Optional<ResultSet> written = system.write(cql, session.keyspace());
    if (written.isPresent()) return written.get();
    return session.execute(cql);
  }

  /**
   * DESCRIBE CLUSTER's row as cqlsh 6.1 prints it (its describe_cluster): name, partitioner, snitch and, in a
   * keyspace, each range's replicas; empty for any other result.
   */
  static Optional<String> clusterText(ResultSet r) {
    if (r.rows().size() != 1 || r.columns().size() < 3
        || !r.columns().subList(0, 3).equals(List.of("cluster", "partitioner", "snitch"))) return Optional.empty();
    List<Object> row = r.rows().get(0);
    StringBuilder b = new StringBuilder();
    b.append("\nCluster: ").append(row.get(0)).append('\n');
    b.append("Partitioner: ").append(row.get(1)).append('\n');
    b.append("Snitch: ").append(row.get(2)).append("\n\n");
    if (r.columns().size() > 3 && row.get(3) instanceof Map<?, ?> ownership) {
      b.append("Range ownership:\n");
      for (Map.Entry<?, ?> e : ownership.entrySet()) {
        List<String> hosts = ((List<?>) e.getValue()).stream().map(String::valueOf).toList();
        b.append(' ').append(String.format("%39s", e.getKey())).append("  [").append(String.join(", ", hosts))
            .append("]\n");
      }
      b.append('\n');
    }
    return Optional.of(b.toString());
  }
}
