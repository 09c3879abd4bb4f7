package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.storage.ReadFilter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every answer a coordinator gives reports the now it fixed for the request (its clock's second, skew included), the
 * one its replicas judged expiry by and its TTLs count from: plain writes and reads, and also LWTs, SERIAL reads,
 * range scans (whole and paged) and counter writes (led by the coordinator or forwarded to a leader). The checkers
 * judge TTL expiry by these nows; an answer without one left them guessing.
 */
class EveryAnswerReportsItsNowTest {
  /** An answer and the second every node's clock read when the request left and when it was answered. */
  record Seen(RequestKind kind, ClientResponse response, long loSec, long hiSec) {}

  @Test
  void everyKindOfRequestReportsItsCoordinatorsNow() {
    try (KvCluster kv = new KvCluster(4, 8, 3, 31)) {
      long skew = 40;
      for (String n : kv.sim.nodeNames()) kv.sim.clockSkew(n, Duration.ofSeconds(skew));
      kv.sim.advance(Duration.ofSeconds(1));
      List<Seen> seen = new ArrayList<>();
      ClientSession s = new ClientSession(kv.sim, 31);
      s.setObserver(new RequestObserver() {
        @Override
        public Object sent(String coordinator, RequestKind kind, ClientRequest request, long nowNanos) {
          return new Object[] {kind, clockSec(kv, skew)};
        }

        @Override
        public void answered(Object token, ClientResponse response, long nowNanos) {
          Object[] t = (Object[]) token;
          seen.add(new Seen((RequestKind) t[0], response, (Long) t[1], clockSec(kv, skew)));
        }
      });
      s.execute("CREATE TABLE ks.hits (page text PRIMARY KEY, n counter)");
      s.setConsistency(ConsistencyLevel.QUORUM);
      List<String> replicas = kv.replicas("home");
      String outsider = kv.sim.nodeNames().stream().filter(n -> !replicas.contains(n)).findFirst().orElseThrow();
      s.setCoordinator(replicas.get(0)); // leads the counter write itself
      s.execute("UPDATE ks.hits SET n = n + 1 WHERE page = 'home'");
      s.setCoordinator(outsider); // forwards it to a leader
      s.execute("UPDATE ks.hits SET n = n + 1 WHERE page = 'home'");
      s.execute("INSERT INTO ks.kv (k, v) VALUES ('a', 1) USING TTL 100");
      s.execute("INSERT INTO ks.kv (k, v) VALUES ('b', 2) IF NOT EXISTS");
      s.execute("SELECT * FROM ks.kv"); // a range scan over the whole ring
      s.setConsistency(ConsistencyLevel.SERIAL);
      s.execute("SELECT v FROM ks.kv WHERE k = 'b'");
      s.setConsistency(ConsistencyLevel.QUORUM);
      s.execute("SELECT v FROM ks.kv WHERE k = 'a'");

      assertThat(seen).hasSizeGreaterThanOrEqualTo(7);
      assertThat(seen).anySatisfy(x -> assertThat(x.response()).isInstanceOf(ClientResponse.CasDone.class));
      for (Seen x : seen) {
        int now;
        if (x.response() instanceof ClientResponse.WriteDone d) now = d.nowInSec();
        else if (x.response() instanceof ClientResponse.ReadDone d) now = d.nowInSec();
        else if (x.response() instanceof ClientResponse.CasDone d) now = d.nowInSec();
        else throw new AssertionError(x.kind() + " failed: " + x.response());
        assertThat((long) now).as(x.kind() + " " + x.response().getClass().getSimpleName())
            .isBetween(x.loSec(), x.hiSec());
      }

      // A page of a range scan (its row limit set, as a driver's paged SELECT sends it).
      long lo = clockSec(kv, skew);
      ClientResponse page = kv.sim.execute(outsider, new ClientRequest.RangeScan(KvTable.TABLE, null, null,
          ReadFilter.ALL, Integer.MAX_VALUE, ConsistencyLevel.QUORUM, false, 1));
      assertThat((long) ((ClientResponse.ReadDone) page).nowInSec()).isBetween(lo, clockSec(kv, skew));
    }
  }

  /** The second a node's clock reads, every node being {@code skew} seconds ahead. */
  private static long clockSec(KvCluster kv, long skew) {
    return Math.floorDiv(kv.sim.clockNowMicros(), 1_000_000L) + skew;
  }
}
