package io.ringsim.bench;

import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.NodeStorage;
import io.ringsim.storage.PartitionRead;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Slice;
import io.ringsim.storage.StorageSettings;
import io.ringsim.storage.TableSchema;
import io.ringsim.storage.TableStore;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reads inside wide partitions held in SSTables: 1000 partitions of 100 small rows, each partition's rows split
 * over two SSTables (ck 0-49 in the first, 50-99 in the second) and an empty memtable, so every read merges two
 * versions. One row ({@code WHERE pk = ? AND ck = ?}), a slice of 10 rows ({@code ck >= ? AND ck < ? + 10}), and
 * the whole partition.
 *
 * <p>Run: ./mvnw -B -o -Pbench -DskipTests package &amp;&amp; java -jar target/benchmarks.jar StorageSliceBench
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class StorageSliceBench {
  static final int PARTITIONS = 1000;
  static final int ROWS = 100;
  static final int KEYS = 1 << 12;

  private TableStore store;
  private final DecoratedKey[] keys = new DecoratedKey[KEYS];
  private final ReadFilter[] rows = new ReadFilter[KEYS];
  private final ReadFilter[] slices = new ReadFilter[KEYS];
  private int i;

  @Setup(Level.Trial)
  public void setUp() {
    TableSchema schema = SmallRows.schema(Map.of("class", "SizeTieredCompactionStrategy", "min_threshold", "32"));
    SmallRows.SteppingClock clock = new SmallRows.SteppingClock(100);
    NodeStorage node = new NodeStorage(StorageSettings.DEFAULTS.withMemtableFlushBytes(1L << 40), clock);
    node.createTable(schema);
    byte[] v2 = SmallRows.t(SmallRows.V2);
    long ts = 0;
    for (int half = 0; half < 2; half++) {
      for (int p = 0; p < PARTITIONS; p++) {
        for (int ck = half * ROWS / 2; ck < (half + 1) * ROWS / 2; ck++) {
          clock.step();
          node.apply("ks.t", SmallRows.insert(schema, SmallRows.i(p), SmallRows.i(ck), SmallRows.i(ck), v2, ++ts));
        }
      }
      node.flush("ks.t");
    }
    store = node.table("ks.t").orElseThrow();
    if (store.sstables().size() != 2) throw new IllegalStateException("expected 2 SSTables: " + store.sstables());
    SplittableRandom r = new SplittableRandom(7);
    for (int k = 0; k < KEYS; k++) {
      keys[k] = schema.decorate(SmallRows.i(r.nextInt(PARTITIONS)));
      int ck = r.nextInt(ROWS - 10);
      rows[k] = ReadFilter.slices(List.of(Slice.prefix(SmallRows.i(ck))));
      slices[k] = ReadFilter.slices(List.of(new Slice(ClusteringBound.inclusive(SmallRows.i(ck)),
          ClusteringBound.exclusive(SmallRows.i(ck + 10)))));
    }
  }

  private PartitionRead read(ReadFilter[] filters) {
    int k = i;
    i = (i + 1) & (KEYS - 1);
    PartitionRead r = store.read(keys[k], filters == null ? ReadFilter.ALL : filters[k]);
    if (r.live().rows().isEmpty()) throw new IllegalStateException("no rows read for " + keys[k]);
    return r;
  }

  @Benchmark
  public PartitionRead oneRow() {
    return read(rows);
  }

  @Benchmark
  public PartitionRead tenRowSlice() {
    return read(slices);
  }

  @Benchmark
  public PartitionRead wholePartition() {
    return read(null);
  }
}
