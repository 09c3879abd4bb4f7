package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.storage.ServiceCosts;
import org.junit.jupiter.api.Test;

/**
 * What a read costs in simulated time (reference.conf's ringsim.node.cost): each SSTable it touches and each
 * tombstone it walks past. One node with RF 1, so a query's latency is the replica's work alone.
 */
class ReadCostTest {
  private static final ServiceCosts COSTS =
      ServiceCosts.from(ConfigFactory.defaultReference().getConfig("ringsim.node.cost"));

  /** How long {@code cql} takes in simulated time, in microseconds. */
  private static long micros(KvCluster kv, ClientSession s, String cql) {
    long t0 = kv.sim.nowNanos();
    s.execute(cql);
    return (kv.sim.nowNanos() - t0) / 1000;
  }

  @Test
  void aPartitionSpreadOverMoreSSTablesReadsSlower() {
    try (KvCluster kv = new KvCluster(1, 4, 1, 5)) {
      ClientSession s = new ClientSession(kv.sim, 5);
      s.execute("CREATE TABLE ks.t (k int, c int, v text, PRIMARY KEY (k, c))");
      // Partition 1 in one SSTable, partition 4 in four (and the others' flushes add SSTables it need not touch).
      for (int flush = 0; flush < 3; flush++) {
        if (flush == 0) s.execute("INSERT INTO ks.t (k, c, v) VALUES (1, 0, 'a')");
        s.execute("INSERT INTO ks.t (k, c, v) VALUES (3, " + flush + ", 'a')");
        kv.sim.flush("n1");
      }
      long one = micros(kv, s, "SELECT * FROM ks.t WHERE k = 1");
      long three = micros(kv, s, "SELECT * FROM ks.t WHERE k = 3");
      // Two more SSTables read and two more live rows.
      long expected = (2 * COSTS.sstableRead() + 2 * COSTS.rowScanned()) / 1000;
      assertThat(COSTS.sstableRead()).isPositive();
      assertThat(three - one).isBetween(expected - 1, expected + 1);
    }
  }

  @Test
  void tombstonesScannedMakeAReadSlower() {
    try (KvCluster kv = new KvCluster(1, 4, 1, 6)) {
      ClientSession s = new ClientSession(kv.sim, 6);
      s.execute("CREATE TABLE ks.t (k int, c int, v text, PRIMARY KEY (k, c))");
      for (int c = 0; c < 2000; c++) {
        s.execute("INSERT INTO ks.t (k, c, v) VALUES (1, " + c + ", 'a')");
        s.execute("DELETE FROM ks.t WHERE k = 1 AND c = " + c);
      }
      s.execute("INSERT INTO ks.t (k, c, v) VALUES (1, 5000, 'live')");
      s.execute("INSERT INTO ks.t (k, c, v) VALUES (2, 5000, 'live')");
      kv.sim.flush("n1");
      long clean = micros(kv, s, "SELECT * FROM ks.t WHERE k = 2");
      long tombstones = micros(kv, s, "SELECT * FROM ks.t WHERE k = 1");
      // 2,000 row tombstones walked past.
      long expected = 2000 * COSTS.tombstoneScanned() / 1000;
      assertThat(expected).isPositive();
      assertThat(tombstones - clean).isBetween(expected - 1, expected + 1);
    }
  }
}
