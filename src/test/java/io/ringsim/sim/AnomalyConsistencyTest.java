package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cluster.ConsistencyLevel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** report.html and summary.json show each anomaly's consistency level: it used to be empty for every one. */
class AnomalyConsistencyTest {
  private static OpRecord op(long id, int worker, OpType type, ConsistencyLevel cl, long invoke, long complete,
      long version) {
    return new OpRecord(id, "w", "ks.t", worker, type, "7", cl, "n1", invoke, complete, OpOutcome.OK, null, version,
        null);
  }

  @Test
  void aStaleReadCarriesTheReadsLevelAndALostWriteTheWritesLevel() {
    List<OpRecord> history = List.of(
        op(1, 1, OpType.WRITE, ConsistencyLevel.QUORUM, 0, 10, 100),
        // another client, after the write was acknowledged: saw no row
        op(2, 2, OpType.READ, ConsistencyLevel.ONE, 20, 30, -1));
    Checker.Result r = Checker.check(history, List.of(new Checker.FinalRead("ks.t 7", -1)), Map.of());
    assertThat(r.anomalies()).extracting(Checker.Anomaly::kind, Checker.Anomaly::consistency)
        .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple(AnomalyKind.STALE_READ, "ONE"),
            org.assertj.core.groups.Tuple.tuple(AnomalyKind.LOST_WRITE, "QUORUM"));
    // The report's rows take it from there.
    assertThat(r.anomalies()).allSatisfy(a -> assertThat(a.detail()).isNotEmpty());
  }
}
