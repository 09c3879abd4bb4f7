package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.sim.cells.CellKey;
import io.ringsim.sim.cells.CellWrite;
import io.ringsim.sim.cells.Mutation;
import io.ringsim.sim.cells.Region;
import io.ringsim.sim.cells.Seen;
import io.ringsim.sim.cells.ServedOp;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringComparator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Histories of one row that a single copy of it gives, as Cassandra expires it: concurrent INSERT ... IF NOT EXISTS
 * with and without TTLs and SERIAL reads, each taking effect at an instant within its request and judging the row
 * at its own coordinator's now (clocks skewed up to 2 s either way). Whatever the interleaving, the checker finds no
 * violation and judges the row (it does not count it as not judged).
 */
class ServedLwtTtlHistoryProperties {
  static final ClusteringComparator ONE_ROW = new ClusteringComparator(List.of());
  static final ServedOp.PartitionRef ROW = new ServedOp.PartitionRef("ks.once", "7", "00000007");
  static final CellKey MARKER = CellKey.marker(Clustering.EMPTY);
  static final CellKey V = CellKey.simple(Clustering.EMPTY, "v");

  /**
   * One request: which client (its clock's skew), a read or an insert with {@code ttl} (0: none), when it was sent
   * and answered (ms), and where in between it took effect (a fraction).
   */
  record Req(int client, boolean read, int ttl, int invokeMs, int durationMs, double at) {
    long invoke() {
      return invokeMs * 1000L + client; // distinct microseconds
    }

    long complete() {
      return invoke() + durationMs * 1000L;
    }

    long effect() {
      return invoke() + (long) (at * durationMs * 1000L);
    }
  }

  @Provide
  Arbitrary<List<Req>> histories() {
    Arbitrary<Req> req = Combinators.combine(Arbitraries.integers().between(0, 4), Arbitraries.of(true, false),
        Arbitraries.integers().between(0, 4), Arbitraries.integers().between(0, 30_000),
        Arbitraries.integers().between(1, 1_500), Arbitraries.doubles().between(0, 1)).as(Req::new);
    return req.list().ofMinSize(2).ofMaxSize(25);
  }

  @Provide
  Arbitrary<int[]> skews() {
    return Arbitraries.integers().between(-2, 2).array(int[].class).ofSize(5);
  }

  @Property(tries = 300)
  void aRowsOwnHistoryWithTtlsIsJudgedLinearizable(@ForAll("histories") List<Req> reqs,
      @ForAll("skews") int[] skew) {
    List<Req> byEffect = new ArrayList<>(reqs);
    byEffect.sort(Comparator.comparingLong(Req::effect).thenComparingLong(Req::invoke));
    // The single copy: whether a row was inserted, when it expires, and the timestamp its cells carry.
    boolean present = false;
    long expires = 0, timestamp = 0;
    List<ServedOp> ops = new ArrayList<>();
    long id = 0;
    for (Req r : byEffect) {
      // The coordinator fixes its now when the request arrives; the row is judged at it.
      int now = (int) Math.floorDiv(r.invoke(), 1_000_000L) + skew[r.client()];
      boolean live = present && now < expires;
      if (r.read()) {
        Seen seen = live ? new Seen(Map.of(V, timestamp), Set.of(Clustering.EMPTY)) : Seen.NOTHING;
        ops.add(new ServedOp.Read(++id, r.client(), ROW, ONE_ROW, "SERIAL", "n" + r.client(), r.invoke(),
            r.complete(), ServedOp.Outcome.OK, Region.WHOLE, seen, now, now, false, null));
        continue;
      }
      Mutation m = null;
      if (!live) {
        present = true;
        expires = r.ttl() > 0 ? now + r.ttl() : Long.MAX_VALUE;
        timestamp = r.effect();
        int ldt = r.ttl() > 0 ? now + r.ttl() : Integer.MAX_VALUE;
        m = new Mutation(List.of(new CellWrite(MARKER, timestamp, r.ttl(), ldt, false),
            new CellWrite(V, timestamp, r.ttl(), ldt, false)), List.of());
      }
      ops.add(new ServedOp.Write(++id, r.client(), ROW, ONE_ROW, "QUORUM", "n" + r.client(), r.invoke(),
          r.complete(), ServedOp.Outcome.OK, null, m, ServedOp.Lwt.IF_NOT_EXISTS, !live, null, now, r.ttl() > 0));
    }
    Checker.Result result = ServedChecker.check(ops);
    assertThat(result.anomalies()).as("anomalies of %s with skews %s", reqs, java.util.Arrays.toString(skew))
        .isEmpty();
    assertThat(result.notJudged()).as("not judged of %s", reqs).isEmpty();
  }
}
