package io.ringsim.cluster;

import io.ringsim.cluster.node.AckTracker;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsistencyLevelTest {
  private static final Map<String, Integer> RF3 = Map.of("dc1", 3);
  private static final Map<String, Integer> TWO_DCS = Map.of("dc1", 3, "dc2", 3);

  @Test
  void blockForMatchesCassandraForOneDc() {
    assertThat(ConsistencyLevel.ONE.blockFor(RF3, "dc1", false)).isEqualTo(1);
    assertThat(ConsistencyLevel.QUORUM.blockFor(RF3, "dc1", false)).isEqualTo(2);
    assertThat(ConsistencyLevel.ALL.blockFor(RF3, "dc1", false)).isEqualTo(3);
    assertThat(ConsistencyLevel.QUORUM.blockFor(Map.of("dc1", 4), "dc1", false)).isEqualTo(3);
    assertThat(ConsistencyLevel.QUORUM.blockFor(Map.of("dc1", 1), "dc1", false)).isEqualTo(1);
  }

  @Test
  void quorumSpansDcsWhileLocalQuorumStaysHome() {
    assertThat(ConsistencyLevel.QUORUM.blockFor(TWO_DCS, "dc1", true)).isEqualTo(4);
    assertThat(ConsistencyLevel.LOCAL_QUORUM.blockFor(TWO_DCS, "dc1", true)).isEqualTo(2);
    assertThat(ConsistencyLevel.EACH_QUORUM.blockFor(TWO_DCS, "dc1", true)).isEqualTo(4);
    assertThat(ConsistencyLevel.ALL.blockFor(TWO_DCS, "dc1", true)).isEqualTo(6);
  }

  @Test
  void localQuorumIgnoresRemoteAcks() {
    Map<String, String> dcs = Map.of("a1", "dc1", "a2", "dc1", "a3", "dc1", "b1", "dc2", "b2", "dc2", "b3", "dc2");
    AckTracker t = new AckTracker(ConsistencyLevel.LOCAL_QUORUM, dcs, TWO_DCS, "dc1", true);
    assertThat(t.ack("b1")).isFalse();
    assertThat(t.ack("b2")).isFalse();
    assertThat(t.ack("a1")).isFalse();
    assertThat(t.ack("a2")).isTrue();
  }

  @Test
  void eachQuorumNeedsAQuorumInEveryDc() {
    Map<String, String> dcs = Map.of("a1", "dc1", "a2", "dc1", "a3", "dc1", "b1", "dc2", "b2", "dc2", "b3", "dc2");
    AckTracker t = new AckTracker(ConsistencyLevel.EACH_QUORUM, dcs, TWO_DCS, "dc1", true);
    t.ack("a1");
    t.ack("a2");
    t.ack("a3");
    assertThat(t.isSatisfied()).isFalse();
    t.ack("b1");
    assertThat(t.ack("b3")).isTrue();
  }

  @Test
  void duplicateAcksCountOnce() {
    AckTracker t = new AckTracker(ConsistencyLevel.QUORUM, Map.of("n1", "dc1", "n2", "dc1", "n3", "dc1"), RF3, "dc1", false);
    t.ack("n1");
    assertThat(t.ack("n1")).isFalse();
    assertThat(t.received()).isEqualTo(1);
  }

  @Test
  void unavailableWhenTooFewLiveReplicasCount() {
    Map<String, String> dcs = Map.of("a1", "dc1", "a2", "dc1", "a3", "dc1", "b1", "dc2", "b2", "dc2", "b3", "dc2");
    // dc1 cut off from the coordinator's point of view except a1: LOCAL_QUORUM in dc1 cannot be met.
    List<String> live = List.of("a1", "b1", "b2", "b3");
    assertThat(AckTracker.canBeMet(ConsistencyLevel.LOCAL_QUORUM, live, dcs, TWO_DCS, "dc1", true)).isFalse();
    assertThat(AckTracker.canBeMet(ConsistencyLevel.QUORUM, live, dcs, TWO_DCS, "dc1", true)).isTrue();
    assertThat(AckTracker.canBeMet(ConsistencyLevel.EACH_QUORUM, live, dcs, TWO_DCS, "dc1", true)).isFalse();
    assertThat(AckTracker.aliveCounting(ConsistencyLevel.LOCAL_QUORUM, live, dcs, TWO_DCS, "dc1", true))
        .isEqualTo(1);
  }

  @Test
  void levelsRejectedWhereCassandraRejectsThem() {
    assertThatThrownBy(ConsistencyLevel.ANY::validateForRead).hasMessageContaining("only supported for writes");
    assertThatThrownBy(ConsistencyLevel.SERIAL::validateForWrite).hasMessageContaining("conditional updates");
    assertThatThrownBy(ConsistencyLevel.QUORUM::validateForCas).hasMessageContaining("SERIAL or LOCAL_SERIAL");
    assertThatThrownBy(() -> ConsistencyLevel.parse("MOST")).hasMessageContaining("unknown consistency level 'MOST'");
    assertThat(ConsistencyLevel.parse("local_quorum")).isEqualTo(ConsistencyLevel.LOCAL_QUORUM);
  }
}
