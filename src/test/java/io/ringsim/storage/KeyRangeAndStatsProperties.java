package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.ring.Token;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Token-range key listing and the per-partition histograms walk the SSTables' indexes instead of their partitions:
 * with a partition's pieces spread over the memtable and several SSTables, both must give what looking at every
 * partition of every source gives.
 */
class KeyRangeAndStatsProperties {

  @Property(tries = 200)
  void keyRangesAndPartitionHistogramsMatchAFullLook(@ForAll long seed) {
    Random r = new Random(seed);
    TestTable tt = new TestTable();
    NodeStorage node = new NodeStorage(StorageSettings.DEFAULTS.withMemtableFlushBytes(1L << 40), new ManualClock(1_000));
    node.createTable(tt.schema);
    String t = tt.schema.name();
    int pks = 1 + r.nextInt(200);
    for (int flush = r.nextInt(5); flush >= 0; flush--) {
      for (int w = r.nextInt(300); w > 0; w--) {
        node.apply(t, tt.insert(r.nextInt(pks), r.nextInt(5), r.nextInt(), 1 + r.nextInt(1000), 0, 0));
      }
      if (flush > 0) node.table(t).orElseThrow().flush(); // no compaction: pieces stay spread out
    }
    TableStore store = node.table(t).orElseThrow();

    TreeSet<DecoratedKey> all = new TreeSet<>();
    Map<DecoratedKey, long[]> perKey = new HashMap<>();
    List<List<Partition>> sources = new ArrayList<>();
    sources.add(new ArrayList<>(store.memtable().sortedPartitions()));
    for (SSTable s : store.sstables()) sources.add(s.partitions());
    for (List<Partition> source : sources) {
      for (Partition p : source) {
        all.add(p.key());
        long[] v = perKey.computeIfAbsent(p.key(), k -> new long[2]);
        v[0] += p.dataSize();
        v[1] += p.cellCount();
      }
    }

    List<Token> tokens = new ArrayList<>();
    for (DecoratedKey k : all) tokens.add(k.token());
    for (int q = 0; q < 30; q++) {
      Token start = r.nextInt(5) == 0 || tokens.isEmpty() ? null : tokens.get(r.nextInt(tokens.size()));
      Token end = r.nextInt(5) == 0 || tokens.isEmpty() ? null : tokens.get(r.nextInt(tokens.size()));
      int limit = r.nextBoolean() ? Integer.MAX_VALUE : 1 + r.nextInt(20);
      List<DecoratedKey> expected = new ArrayList<>();
      for (DecoratedKey k : all) {
        boolean in = (start == null || k.token().compareTo(start) > 0) && (end == null || k.token().compareTo(end) <= 0);
        if (in && expected.size() < limit) expected.add(k);
      }
      assertThat(store.keysInRange(start, end, limit)).as("(%s, %s] limit %d", start, end, limit)
          .isEqualTo(expected);
    }

    long[] sizes = perKey.values().stream().mapToLong(v -> v[0]).toArray();
    long[] cells = perKey.values().stream().mapToLong(v -> v[1]).toArray();
    TableStats stats = store.stats();
    assertThat(stats.partitions()).isEqualTo(all.size());
    assertThat(stats.partitionBytes()).isEqualTo(TableStats.Percentiles.of(sizes));
    assertThat(stats.cellsPerPartition()).isEqualTo(TableStats.Percentiles.of(cells));
  }
}
