package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.typesafe.config.ConfigFactory;
import io.ringsim.cql.CqlScript;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.JsonLines;
import io.ringsim.cql.exec.PageCursor;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.ring.Murmur3Partitioner;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A read's "now" is fixed once, by the request (a v5 client's now_in_seconds) or else by its coordinator, and the
 * replicas judge expiry by it, not by their own clocks, as Cassandra 4.1's ReadCommand carries its nowInSec.
 */
class NowInSecondsTest {
  private static final long NOV_24_2026_MICROS = Instant.parse("2026-11-24T12:00:00Z").toEpochMilli() * 1000;

  private static SimCluster cluster() {
    var ring = ClusterBuilder.ring(List.of(new ClusterBuilder.Dc("datacenter1", 3, 1)), 4, "random", 3,
        Murmur3Partitioner.INSTANCE, ClusterBuilder.defaultAllocationReplication());
    SimCluster sim = ClusterBuilder.start(ring, 3, ConfigFactory.load("application-test"));
    sim.setClockEpoch(NOV_24_2026_MICROS - sim.nowNanos() / 1000);
    return sim;
  }

  /**
   * The oracle's script, with @advance moving only the session's now_in_seconds: the nodes' clocks stay where they
   * were, so every expiry (point reads, IN, range scans, an LWT's condition and the TTL it writes) must come from
   * the request's now to give Cassandra's answers.
   */
  @Test
  void theRequestsNowDecidesExpiryWhateverTheNodesClocksSay() throws IOException {
    List<CqlScript.Item> items = CqlScript.steps(resource("request_now.cql"));
    List<String> expected = List.of(resource("request_now.expected.jsonl").split("\n"));
    ObjectMapper json = new ObjectMapper();
    try (SimCluster sim = cluster()) {
      ClientSession s = new ClientSession(sim, 3);
      s.setCoordinator(null); // every node coordinates some of it
      long now = NOV_24_2026_MICROS / 1_000_000L;
      s.setNowInSeconds((int) now);
      int i = -1;
      for (CqlScript.Item item : items) {
        if (item.isDirective()) {
          now += item.directive().seconds();
          s.setNowInSeconds((int) now);
          continue;
        }
        i++;
        String got = JsonLines.ok(i, item.cql(), s.execute(item.cql()));
        assertThat(json.readTree(got)).as(item.cql()).isEqualTo(json.readTree(expected.get(i)));
      }
      assertThat(i + 1).isEqualTo(expected.size());
    }
  }

  /**
   * Without a now from the client, the coordinator's clock decides, and TTL() reads against the same clock: on a
   * cluster whose clocks show today's date (a served cluster's epoch), TTL() right after the write is the TTL, as the
   * oracle answered (its statement 5), not a count from 1970.
   */
  @Test
  void withoutTheClientsNowTtlCountsFromTheClustersClock() throws IOException {
    List<String> expected = List.of(resource("request_now.expected.jsonl").split("\n"));
    ObjectMapper json = new ObjectMapper();
    try (SimCluster sim = cluster()) {
      ClientSession s = new ClientSession(sim, 3);
      for (int i = 0; i <= 5; i++) {
        JsonNode want = json.readTree(expected.get(i));
        String cql = want.get("cql").asText();
        assertThat(json.readTree(JsonLines.ok(i, cql, s.execute(cql)))).as(cql).isEqualTo(want);
      }
    }
  }

  /**
   * Pages of a range scan through an unskewed coordinator, at ONE, with the other replicas' clocks 1000 s behind:
   * rows whose TTL ran out by the coordinator's clock are still live by theirs. A replica that stopped its page at
   * rows it thought live, but the coordinator dropped as expired, made the page skip the rest of its range; judged
   * by the coordinator's now, the pages hold exactly the rows an unpaged scan shows.
   */
  @Test
  void pagesThroughAReplicaWithASkewedClockMissNoRow() {
    try (SimCluster sim = cluster()) {
      ClientSession s = new ClientSession(sim, 3);
      s.setCoordinator("n1");
      s.execute("CREATE KEYSPACE sk WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      s.execute("CREATE TABLE sk.t (k int PRIMARY KEY, v int)");
      int now = (int) (NOV_24_2026_MICROS / 1_000_000L);
      // Written as of 150 s ago: the TTL 100 rows expired 50 s ago by n1's clock.
      s.setNowInSeconds(now - 150);
      for (int k = 0; k < 60; k++) {
        s.execute("INSERT INTO sk.t (k, v) VALUES (" + k + ", " + k + ")" + (k % 3 != 0 ? " USING TTL 100" : ""));
      }
      s.setNowInSeconds(null);
      for (String n : sim.nodeNames()) if (!n.equals("n1")) sim.clockSkew(n, Duration.ofSeconds(-1000));
      List<List<Object>> whole = s.execute("SELECT k FROM sk.t").rows();
      assertThat(whole).hasSize(20);
      Statement.Select sel = (Statement.Select) CqlParser.parse("SELECT k FROM sk.t");
      List<List<Object>> paged = new ArrayList<>();
      PageCursor from = null;
      do {
        ClientSession.Page p = s.executePage(sel, from, 4);
        paged.addAll(p.result().rows());
        from = p.next();
      } while (from != null);
      assertThat(paged).isEqualTo(whole);
    }
  }

  /**
   * A client's now of second 0 (the epoch, as a v5 now_in_seconds can say) is a now like any other: TTLs count from
   * it and reads judge expiry by it. (While 0 stood for "no now given", both fell back to the nodes' clocks of 2026.)
   */
  @Test
  void aClientsNowOfSecondZeroIsItsNow() {
    try (SimCluster sim = cluster()) {
      ClientSession s = new ClientSession(sim, 3);
      s.setCoordinator("n1");
      s.execute("CREATE KEYSPACE z WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
      s.execute("CREATE TABLE z.t (k int PRIMARY KEY, v int)");
      s.setNowInSeconds(0);
      s.execute("INSERT INTO z.t (k, v) VALUES (1, 1) USING TTL 10"); // expires at second 10
      s.setNowInSeconds(5);
      s.execute("INSERT INTO z.t (k, v) VALUES (2, 2) USING TTL 10"); // expires at second 15
      s.setNowInSeconds(0);
      assertThat(s.execute("SELECT k FROM z.t WHERE k = 2").rows()).as("live at second 0").hasSize(1);
      s.setNowInSeconds(9);
      assertThat(s.execute("SELECT ttl(v) FROM z.t WHERE k = 1").rows()).containsExactly(List.of(1));
      s.setNowInSeconds(null); // the nodes' clocks, in 2026: both long gone
      assertThat(s.execute("SELECT k FROM z.t WHERE k IN (1, 2)").rows()).isEmpty();
    }
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = NowInSecondsTest.class.getResourceAsStream("/cql-clock/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
