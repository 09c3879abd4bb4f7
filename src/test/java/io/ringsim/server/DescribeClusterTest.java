package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * DESCRIBE CLUSTER as cqlsh 6.1 sends it to the server. Cassandra 4.1.10 (oracle/answer.sh) answered the columns
 * cluster, partitioner and snitch ("ringsim-oracle", "Murmur3Partitioner", "SimpleSnitch"), and with a keyspace in
 * use also range_ownership: each range's end token to its endpoints as "/127.0.0.1:PORT".
 */
class DescribeClusterTest {
  @Test
  void theClusterAndWithAKeyspaceWhoHoldsEachRange() throws Exception {
    try (ServedClusterFixture fx = new ServedClusterFixture(3, 31); CqlSession s = fx.connect(null)) {
      Row plain = s.execute("DESCRIBE CLUSTER").one();
      assertThat(plain.getColumnDefinitions().size()).isEqualTo(3);
      assertThat(List.of(plain.getString("cluster"), plain.getString("partitioner"), plain.getString("snitch")))
          .containsExactly("ringsim", "Murmur3Partitioner", "SimpleSnitch");
      s.execute("CREATE KEYSPACE dc WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
      s.execute("USE dc");
      Row withKs = s.execute("DESCRIBE CLUSTER").one();
      Map<String, List<String>> ranges = withKs.getMap("range_ownership", String.class,
          (Class<List<String>>) (Class<?>) List.class);
      assertThat(ranges).isNotEmpty();
      for (List<String> endpoints : ranges.values()) {
        assertThat(endpoints).hasSize(2).doesNotHaveDuplicates()
            .allMatch(e -> e.matches("/127\\.0\\.0\\.[1-3]:7000"));
      }
    }
  }
}
