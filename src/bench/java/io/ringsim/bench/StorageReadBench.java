package io.ringsim.bench;

import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.NodeStorage;
import io.ringsim.storage.PartitionRead;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.StorageSettings;
import io.ringsim.storage.TableSchema;
import io.ringsim.storage.TableStats;
import io.ringsim.storage.TableStore;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * Point reads against 10 SSTables of 1000 partitions each (flushed by hand; min_threshold 32 so they never compact)
 * and an empty memtable: reads of partitions that are nowhere (the bloom filters should skip nearly every SSTable)
 * and of partitions that are in exactly one SSTable. The {@code touched} and {@code bloomFalsePositives} counters
 * are totals per iteration; divided by the read count (the op count, same row) they give SSTables touched per read.
 *
 * <p>Run: ./mvnw -B -o -Pbench -DskipTests package &amp;&amp; java -jar target/benchmarks.jar StorageReadBench
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class StorageReadBench {
  static final int SSTABLES = 10;
  static final int PER_SSTABLE = 1000;
  static final int KEYS = 1 << 14;

  private TableStore store;
  private final DecoratedKey[] missing = new DecoratedKey[KEYS];
  private final DecoratedKey[] present = new DecoratedKey[KEYS];
  private int i;

  /** Read-path costs per iteration, reported next to the op count. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Touched {
    public long touched;
    public long bloomFalsePositives;
    public long reads;

    @Setup(Level.Iteration)
    public void clear() {
      touched = 0;
      bloomFalsePositives = 0;
      reads = 0;
    }
  }

  @Setup(Level.Trial)
  public void setUp() {
    TableSchema schema = SmallRows.schema(Map.of("class", "SizeTieredCompactionStrategy", "min_threshold", "32"));
    SmallRows.SteppingClock clock = new SmallRows.SteppingClock(100);
    NodeStorage node = new NodeStorage(StorageSettings.DEFAULTS.withMemtableFlushBytes(1L << 40), clock);
    node.createTable(schema);
    byte[] v2 = SmallRows.t(SmallRows.V2);
    long ts = 0;
    for (int s = 0; s < SSTABLES; s++) {
      for (int p = s * PER_SSTABLE; p < (s + 1) * PER_SSTABLE; p++) {
        clock.step();
        node.apply("ks.t", SmallRows.insert(schema, SmallRows.i(p), SmallRows.i(0), SmallRows.i(p), v2, ++ts));
      }
      node.flush("ks.t");
    }
    store = node.table("ks.t").orElseThrow();
    if (store.sstables().size() != SSTABLES || !store.memtable().isEmpty())
      throw new IllegalStateException("expected " + SSTABLES + " SSTables, got " + store.sstables());
    SplittableRandom r = new SplittableRandom(7);
    int total = SSTABLES * PER_SSTABLE;
    for (int k = 0; k < KEYS; k++) {
      missing[k] = schema.decorate(SmallRows.i(total + r.nextInt(1 << 30)));
      present[k] = schema.decorate(SmallRows.i(r.nextInt(total)));
    }
  }

  private PartitionRead read(DecoratedKey[] keys, Touched t) {
    PartitionRead r = store.read(keys[i], ReadFilter.ALL);
    i = (i + 1) & (KEYS - 1);
    t.touched += r.stats().sstablesTouched();
    t.bloomFalsePositives += r.stats().bloomFalsePositives();
    t.reads++;
    return r;
  }

  @Benchmark
  public PartitionRead readMissing(Touched t) {
    return read(missing, t);
  }

  @Benchmark
  public PartitionRead readPresent(Touched t) {
    return read(present, t);
  }

  /** Prints the table's own read amplification (nodetool's "SSTables per read") for the whole run. */
  @org.openjdk.jmh.annotations.TearDown(Level.Trial)
  public void report() {
    TableStats s = store.stats();
    System.out.printf("%n[StorageReadBench] reads=%d, SSTables touched per read=%.4f, bloom false positive ratio=%.4f%n",
        s.reads(), s.readAmplification(), s.bloomFilterFalsePositiveRatio());
  }
}
