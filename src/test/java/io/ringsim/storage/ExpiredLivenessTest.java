package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The row marker a materialized view shadows a moved entry with (Cassandra's ExpiredLivenessInfo): dead at every
 * "now", winning a timestamp tie against the live marker it shadows, and dropped by compaction only after gc grace.
 */
class ExpiredLivenessTest {
  private final TestTable t = new TestTable(io.ringsim.schema.ClusteringOrder.ASC, 100,
      java.util.Map.of("class", "SizeTieredCompactionStrategy"));

  private Partition shadowed(long ts, int writtenAt) {
    Partition live = t.partition(1).add(Row.builder(TestTable.ck(1)).marker(LivenessInfo.of(ts, 0, writtenAt))
        .build());
    Partition shadow = t.partition(1).add(Row.builder(TestTable.ck(1))
        .marker(LivenessInfo.expired(ts, writtenAt)).build());
    return Partition.merge(List.of(live, shadow));
  }

  @Test
  void anExpiredMarkerIsDeadEvenAtAnEarlierSecondThanItsWrite() {
    LivenessInfo l = LivenessInfo.expired(10, 1_000);
    assertThat(l.isLive(999)).isFalse();
    assertThat(l.isLive(1_000)).isFalse();
    assertThat(l.isLive(2_000)).isFalse();
  }

  @Test
  void anExpiredMarkerShadowsALiveOneOfTheSameTimestampAndLosesToALaterOne() {
    LivenessInfo expired = LivenessInfo.expired(10, 1_000);
    assertThat(expired.supersedes(LivenessInfo.of(10, 0, 1_000))).isTrue();
    assertThat(expired.supersedes(LivenessInfo.of(10, 3_600, 1_000))).isTrue();
    assertThat(LivenessInfo.of(11, 0, 1_000).supersedes(expired)).isTrue();
    // The merged row has no live data at a read judged before the shadowing write's second.
    assertThat(shadowed(10, 1_000).rows().get(TestTable.ck(1)).liveness().isLive(999)).isFalse();
  }

  @Test
  void compactionKeepsTheShadowUntilGcGraceHasPassedSinceItsWrite() {
    Partition p = shadowed(10, 1_000);
    // gc_grace_seconds 100: at 1_050 the marker must stay, or the live marker it shadowed on another replica or in
    // another SSTable would come back; at 1_101 it may go.
    Partition kept = new Purger(1_050 - 100, 1_050).purge(p, Long.MAX_VALUE);
    assertThat(kept.rows().get(TestTable.ck(1)).liveness().isExpired()).isTrue();
    assertThat(new Purger(1_101 - 100, 1_101).purge(p, Long.MAX_VALUE)).as("nothing left of the partition").isNull();
  }
}
