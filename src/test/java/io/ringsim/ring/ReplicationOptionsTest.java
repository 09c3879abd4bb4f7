package io.ringsim.ring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * NetworkTopologyStrategy's options on a cluster of several data centres, which the single-node oracle cannot show
 * (50_replication_options has the single-DC answers): {@code replication_factor} reaches every data centre, and
 * the resulting strategy places that many replicas in each.
 */
class ReplicationOptionsTest {
  private static final List<String> DCS = List.of("dc1", "dc2");

  @Test
  void replicationFactorExpandsToEveryDataCentreAndPlacesReplicasThere() {
    Map<String, String> stored = ReplicationStrategies.prepare("k",
        Map.of("class", "NetworkTopologyStrategy", "replication_factor", "3"), null, DCS);
    assertThat(stored).containsEntry("dc1", "3").containsEntry("dc2", "3").doesNotContainKey("replication_factor");
    NetworkTopologyStrategy nts = (NetworkTopologyStrategy) ReplicationStrategies.fromCql(stored);
    assertThat(nts.replicationFactors()).containsExactlyInAnyOrderEntriesOf(Map.of("dc1", 3, "dc2", 3));
  }

  @Test
  void aNamedDataCentreKeepsItsFactorAndOneAtZeroIsDropped() {
    Map<String, String> stored = ReplicationStrategies.prepare("k",
        Map.of("class", "NetworkTopologyStrategy", "replication_factor", "2", "dc2", "0"), null, DCS);
    assertThat(stored).containsEntry("dc1", "2").doesNotContainKey("dc2");
  }

  @Test
  void anAlterWithReplicationFactorKeepsTheDataCentresItHad() {
    Map<String, String> before = Map.of("class", "NetworkTopologyStrategy", "dc1", "1");
    Map<String, String> stored = ReplicationStrategies.prepare("k",
        Map.of("class", "NetworkTopologyStrategy", "replication_factor", "3"), before, DCS);
    assertThat(stored).containsEntry("dc1", "1").containsEntry("dc2", "3");
  }

  @Test
  void aDataCentreTheClusterDoesNotHaveIsRefused() {
    assertThatThrownBy(() -> ReplicationStrategies.prepare("k",
        Map.of("class", "NetworkTopologyStrategy", "dc3", "1"), null, DCS))
        .hasMessage("Unrecognized strategy option {dc3} passed to NetworkTopologyStrategy for keyspace k");
  }
}
