package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cluster.node.TraceEvent;
import io.ringsim.cql.exec.ResultSet;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * TRACING shows what ALLOW FILTERING costs: the replicas scan every live row of the table to return the few that
 * match, while a query by partition key reads only that partition's rows.
 */
class FilteringCostTraceTest {

  @Test
  void aFilteringScanReportsEveryRowItReadAndAPartitionReadOnlyItsOwn() {
    try (KvCluster kv = new KvCluster(4, 4, 3, 11)) {
      ClientSession s = new ClientSession(kv.sim, 11);
      s.execute("CREATE TABLE ks.songs (id int, n int, title text, PRIMARY KEY (id, n))");
      for (int id = 0; id < 10; id++) {
        for (int n = 0; n < 6; n++) {
          s.execute("INSERT INTO ks.songs (id, n, title) VALUES (" + id + ", " + n + ", '"
              + (id == 3 && n == 2 ? "La Grange" : "t" + id + "-" + n) + "')");
        }
      }
      s.setConsistency(ConsistencyLevel.ONE);
      s.setTracing(true);

      ResultSet filtered = s.execute("SELECT * FROM ks.songs WHERE title = 'La Grange' ALLOW FILTERING");
      assertThat(filtered.rows()).hasSize(1);
      String trace = text(s.lastTrace());
      // At ONE each token range is read from one replica: together they scan the 60 rows once.
      assertThat(trace).contains("replicas scanned 60 live rows");

      ResultSet one = s.execute("SELECT * FROM ks.songs WHERE id = 3");
      assertThat(one.rows()).hasSize(6);
      assertThat(text(s.lastTrace())).contains("6 live rows").doesNotContain("60 live rows");
    }
  }

  private static String text(List<TraceEvent> trace) {
    return trace.stream().map(TraceEvent::activity).collect(Collectors.joining("\n"));
  }
}
