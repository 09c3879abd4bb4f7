package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.storage.StorageSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A conditional update whose Paxos round reads a partition past tombstone_failure_threshold: every replica's read
 * fails, and the client gets a ReadFailure for that request, as a plain read of the partition does; the replicas
 * keep serving (before, the exception escaped the replica's actor, which restarted, and the client never heard).
 */
class PaxosTombstoneFailureTest {
  @Test
  void aConditionalUpdateOverTooManyTombstonesFailsThatRequestOnly() {
    var ring = ClusterBuilder.ring(List.of(new ClusterBuilder.Dc("datacenter1", 3, 1)), 4, "random", 5,
        Murmur3Partitioner.INSTANCE, ClusterBuilder.defaultAllocationReplication());
    StorageSettings d = StorageSettings.DEFAULTS;
    StorageSettings lowFailure = new StorageSettings(d.memtableFlushBytes(), d.commitLogSync(),
        d.commitLogSyncPeriodMillis(), 10, 50, d.maxKeyBytes(), d.maxValueBytes(), d.costOverrides());
    var config = ConfigFactory.load("application-test");
    try (SimCluster sim = SimCluster.start(ClusterSpec.from(ring, 5, config).withStorage(lowFailure), config)) {
      ClientSession s = new ClientSession(sim, 5);
      s.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
      s.execute("CREATE TABLE ks.t (k int, c int, v int, PRIMARY KEY (k, c))");
      for (int c = 0; c < 60; c++) s.execute("DELETE FROM ks.t WHERE k = 1 AND c = " + c);
      s.execute("INSERT INTO ks.t (k, c, v) VALUES (1, 100, 1)");

      assertThatThrownBy(() -> s.execute("SELECT * FROM ks.t WHERE k = 1"))
          .isInstanceOfSatisfying(CqlException.class, e -> assertThat(e.errorClass()).isEqualTo(CqlErrorClass.ReadFailure));
      assertThatThrownBy(() -> s.execute("UPDATE ks.t SET v = 2 WHERE k = 1 AND c = 100 IF v = 1"))
          .isInstanceOfSatisfying(CqlException.class, e -> {
            assertThat(e.errorClass()).isEqualTo(CqlErrorClass.ReadFailure);
            assertThat(e.getMessage()).contains("Scanned over 50 tombstones");
          });
      // Every node still serves, conditional updates of other partitions included.
      s.execute("INSERT INTO ks.t (k, c, v) VALUES (2, 1, 1)");
      assertThat(s.execute("UPDATE ks.t SET v = 2 WHERE k = 2 AND c = 1 IF v = 1").rows().get(0).get(0))
          .isEqualTo(true);
      assertThat(s.execute("SELECT v FROM ks.t WHERE k = 2 AND c = 1").rows().get(0).get(0)).isEqualTo(2);
    }
  }
}
