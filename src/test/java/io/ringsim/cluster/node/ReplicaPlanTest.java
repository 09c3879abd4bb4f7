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

  @Test
  void whatAPlacementWorksOutOnceIsWhatEachRequestWouldWorkOut() {
    // Two DCs under NetworkTopologyStrategy, seen from n3 in dc2: it reads itself, then its DC, then the rest.
    Placement p = new Placement(List.of("n1", "n2", "n3", "n4", "n5"),
        Map.of("n1", "dc1", "n2", "dc1", "n3", "dc2", "n4", "dc2", "n5", "dc1"), Map.of("dc1", 3, "dc2", 2), true,
        List.of("n3", "n4", "n1", "n2", "n5"), "dc2");
    for (ConsistencyLevel cl : ConsistencyLevel.values()) {
      // dc2 is the DC it was built for (cached); dc1 asks of a placement built elsewhere (never cached).
      for (String localDc : List.of("dc2", "dc1", "dc2")) {
        ReplicaPlan plan = ReplicaPlan.forRead(cl, p, localDc);
        for (int ask = 0; ask < 2; ask++) { // the first answer is worked out, the second cached
          // A list equal to the placement's but not the same object takes the path that works it out every time.
          List<String> copy = new java.util.ArrayList<>(p.byProximity());
          assertThat(plan.canBeMet(p.byProximity())).as(cl + " " + localDc).isEqualTo(plan.canBeMet(copy));
          assertThat(plan.canBeMet(p.replicas())).as(cl + " " + localDc).isEqualTo(plan.canBeMet(copy));
          assertThat(plan.readContacts(p.byProximity())).as(cl + " " + localDc).isEqualTo(plan.readContacts(copy));
          assertThat(plan.tracker().required()).isEqualTo(
              new io.ringsim.cluster.node.AckTracker(cl, p.dcOf(), p.rfByDc(), localDc, true).required());
        }
      }
    }
    // And what the coordinator then does with them: QUORUM of 5 from dc2 contacts n3, n4 and n1.
    assertThat(ReplicaPlan.forRead(ConsistencyLevel.QUORUM, p, "dc2").readContacts(p.byProximity())).isEqualTo(3);
    assertThat(ReplicaPlan.forRead(ConsistencyLevel.LOCAL_QUORUM, p, "dc2").readContacts(p.byProximity()))
        .isEqualTo(2);
  }
}
