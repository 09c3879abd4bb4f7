package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** report.html and summary.json show each anomaly's consistency level: it used to be empty for every one. */
class AnomalyConsistencyTest {
  private static OpRecord op(long id, int worker, String type, String cl, long invoke, long complete, long version) {
    return new OpRecord(id, "w", "ks.t", worker, type, "7", cl, "n1", invoke, complete, "ok", null, version, null);
  }

  @Test
  void aStaleReadCarriesTheReadsLevelAndALostWriteTheWritesLevel() {
    List<OpRecord> history = List.of(
        op(1, 1, "write", "QUORUM", 0, 10, 100),
        op(2, 2, "read", "ONE", 20, 30, -1)); // another client, after the write was acknowledged: saw no row
    Checker.Result r = Checker.check(history, List.of(new Checker.FinalRead("ks.t 7", -1)), Map.of());
    assertThat(r.anomalies()).extracting(Checker.Anomaly::kind, Checker.Anomaly::consistency)
        .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("stale-read", "ONE"),
            org.assertj.core.groups.Tuple.tuple("lost-write", "QUORUM"));
    // The report's rows take it from there.
    assertThat(r.anomalies()).allSatisfy(a -> assertThat(a.detail()).isNotEmpty());
  }
}
