package io.ringsim.cluster.node;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cql.CqlErrorClass;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReplicaPlanTest {
  private static final Placement RF3 = new Placement(List.of("n1", "n2", "n3"),
      Map.of("n1", "dc1", "n2", "dc1", "n3", "dc1"), Map.of("dc1", 3), false);

  @Test
  void quorumOfThreeNeedsTwoLiveReplicasAndSaysSoWhenItHasOne() {
    ReplicaPlan plan = ReplicaPlan.forRead(ConsistencyLevel.QUORUM, RF3, "dc1");
    assertThat(plan.tracker().required()).isEqualTo(2);
    assertThat(plan.targets()).containsExactly("n1", "n2", "n3");
    assertThat(plan.canBeMet(List.of("n1", "n3"))).isTrue();
    assertThat(plan.canBeMet(List.of("n2"))).isFalse();

    ClientResponse.Failed f = plan.unavailable("n1", plan.aliveCounting(List.of("n2")), List.of());
    assertThat(f.error()).isEqualTo(CqlErrorClass.Unavailable);
    assertThat(f.message()).isEqualTo("Cannot achieve consistency level QUORUM (required 2, alive 1)");
    assertThat(f.received()).isEqualTo(1);
    assertThat(f.required()).isEqualTo(2);
  }

  @Test
  void aPendingReplicaRaisesTheAcknowledgementsAWriteWaitsFor() {
    ReplicaPlan plan = new ReplicaPlan(ConsistencyLevel.QUORUM, RF3, List.of("n4"), List.of("n1", "n2", "n3", "n4"),
        Map.of("n1", "dc1", "n2", "dc1", "n3", "dc1", "n4", "dc1"), Map.of("dc1", 1), "dc1");
    assertThat(plan.tracker().required()).isEqualTo(3);
    assertThat(plan.canBeMet(List.of("n1", "n2"))).isFalse();
    assertThat(plan.canBeMet(List.of("n1", "n2", "n4"))).isTrue();
    // A Paxos commit at ONE over the same participants still waits for the pending one.
    assertThat(plan.tracker(ConsistencyLevel.ONE).required()).isEqualTo(2);
  }
}
