package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cql.exec.ResultSet;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A non-frozen UDT is stored cell per field, so two replicas that each missed the other's update of a different
 * field merge to both updates (last write wins per field); a frozen UDT is one value, and the same two updates made
 * by reading and rewriting it lose one of them. Hinted handoff is off so that only the read's merge can reconcile.
 */
class UserTypeClusterTest {

  @Test
  void fieldsUpdatedOnDifferentReplicasMergeWhileAFrozenValueKeepsOnlyTheLastWrite() {
    try (KvCluster kv = new KvCluster(6, 8, 3, 31, false)) {
      ClientSession s = new ClientSession(kv.sim, 31);
      s.execute("CREATE TYPE ks.address (street text, city text, zip int)");
      s.execute("CREATE TABLE ks.people (k text PRIMARY KEY, addr address, frozen_addr frozen<address>)");
      List<String> r = kv.replicas("ann");
      s.setConsistency(ConsistencyLevel.ALL);
      s.execute("INSERT INTO ks.people (k, addr, frozen_addr) VALUES ('ann', {street: 's', city: 'c0', zip: 0},"
          + " {street: 's', city: 'c0', zip: 0})");
      kv.sim.advance(Duration.ofSeconds(15)); // past the periodic commit-log sync, so that a crash keeps the row
      s.setConsistency(ConsistencyLevel.ONE);

      // The city changes on the first replica alone...
      kv.sim.crash(r.get(1));
      kv.sim.crash(r.get(2));
      s.setCoordinator(r.get(0));
      s.execute("UPDATE ks.people SET addr.city = 'c1', frozen_addr = {street: 's', city: 'c1', zip: 0}"
          + " WHERE k = 'ann'");
      kv.sim.advance(Duration.ofSeconds(1)); // the mutations in flight reach the crashed nodes, and are dropped
      kv.sim.restart(r.get(1));
      kv.sim.restart(r.get(2));
      kv.sim.advance(Duration.ofSeconds(15));
      // ... and the zip code on the others, which never saw the new city.
      kv.sim.crash(r.get(0));
      s.setCoordinator(r.get(1));
      List<Object> seen = row(s.execute("SELECT frozen_addr FROM ks.people WHERE k = 'ann'"));
      assertThat(seen.get(0)).isEqualTo(List.of("s", "c0", 0));
      s.execute("UPDATE ks.people SET addr.zip = 2, frozen_addr = {street: 's', city: 'c0', zip: 2} WHERE k = 'ann'");
      kv.sim.advance(Duration.ofSeconds(1));
      kv.sim.restart(r.get(0));
      kv.sim.advance(Duration.ofSeconds(30)); // until every node sees the others up again

      s.setCoordinator(null);
      s.setConsistency(ConsistencyLevel.ALL);
      List<Object> merged = row(s.execute("SELECT addr, frozen_addr FROM ks.people WHERE k = 'ann'"));
      assertThat(merged.get(0)).as("non-frozen: both fields").isEqualTo(List.of("s", "c1", 2));
      assertThat(merged.get(1)).as("frozen: the city is lost").isEqualTo(List.of("s", "c0", 2));
      // The ALL read repaired every replica: each alone now answers the merged value.
      s.setConsistency(ConsistencyLevel.ONE);
      for (String replica : r) {
        s.setCoordinator(replica);
        assertThat(row(s.execute("SELECT addr FROM ks.people WHERE k = 'ann'")).get(0)).as("ONE at %s", replica)
            .isEqualTo(List.of("s", "c1", 2));
      }
    }
  }

  @Test
  void aFieldWrittenWithATtlExpiresAloneAndAWholeValueWithATtlExpiresWhole() {
    try (KvCluster kv = new KvCluster(3, 4, 3, 32)) {
      ClientSession s = new ClientSession(kv.sim, 32);
      s.setConsistency(ConsistencyLevel.ALL);
      s.execute("CREATE TYPE ks.address (street text, city text, zip int)");
      s.execute("CREATE TABLE ks.people (k text PRIMARY KEY, addr address, n int)");
      s.execute("INSERT INTO ks.people (k, addr, n) VALUES ('ann', {street: 's', city: 'c'}, 1)");
      s.execute("UPDATE ks.people USING TTL 10 SET addr.zip = 5 WHERE k = 'ann'");
      assertThat(row(s.execute("SELECT addr FROM ks.people WHERE k = 'ann'")).get(0)).isEqualTo(List.of("s", "c", 5));
      kv.sim.advance(Duration.ofSeconds(11));
      assertThat(row(s.execute("SELECT addr FROM ks.people WHERE k = 'ann'")).get(0))
          .isEqualTo(java.util.Arrays.asList("s", "c", null));
      s.execute("UPDATE ks.people USING TTL 10 SET addr = {street: 'x'} WHERE k = 'ann'");
      assertThat(row(s.execute("SELECT addr FROM ks.people WHERE k = 'ann'")).get(0))
          .isEqualTo(java.util.Arrays.asList("x", null, null));
      kv.sim.advance(Duration.ofSeconds(11));
      assertThat(row(s.execute("SELECT addr, n FROM ks.people WHERE k = 'ann'"))).isEqualTo(
          java.util.Arrays.asList(null, 1));
    }
  }

  private static List<Object> row(ResultSet rs) {
    assertThat(rs.rows()).hasSize(1);
    return rs.rows().get(0);
  }
}
