package io.ringsim.bench;

import io.ringsim.storage.CommitLogSync;
import io.ringsim.storage.NodeStorage;
import io.ringsim.storage.StorageSettings;
import io.ringsim.storage.TableSchema;
import io.ringsim.storage.TableStore;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentSkipListMap;
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
 * Small-row writes: {@link TableStore#apply} with a fresh partition update per write, against a bare
 * {@link ConcurrentSkipListMap} put of the same (token, pk, ck) keys, and {@link NodeStorage#apply} (commit log in
 * periodic mode, flush and size-tiered compaction when the memtable fills). Keys: 16384 partitions x 64 rows drawn
 * from a seeded stream, so the data set (and the heap) stays bounded however long a run lasts. The memtable and the
 * skip list are both emptied every {@value #RESET_EVERY} writes (about one default 4 MiB memtable of these rows), so
 * both sides work on maps of the same size.
 *
 * <p>Run: ./mvnw -B -o -Pbench -DskipTests package &amp;&amp; java -jar target/benchmarks.jar StorageWriteBench
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class StorageWriteBench {
  static final int OPS = 1 << 16;
  static final int PARTITIONS = 1 << 14;
  static final int ROWS_PER_PARTITION = 64;
  static final int RESET_EVERY = 50_000;

  /** The bare baseline's key: token, then partition key, then clustering, as the memtable orders rows. */
  record BareKey(long token, int pk, int ck) {}

  static final Comparator<BareKey> BARE_ORDER = Comparator.comparingLong(BareKey::token)
      .thenComparingInt(BareKey::pk).thenComparingInt(BareKey::ck);

  private final byte[][] pkBytes = new byte[OPS][];
  private final byte[][] ckBytes = new byte[OPS][];
  private final byte[][] v1Bytes = new byte[OPS][];
  private final int[] pks = new int[OPS];
  private final int[] cks = new int[OPS];
  private final long[] tokens = new long[PARTITIONS];
  private final byte[] v2 = SmallRows.t(SmallRows.V2);

  private TableSchema schema;
  private TableStore store;
  private NodeStorage node;
  private SmallRows.SteppingClock clock;
  private ConcurrentSkipListMap<BareKey, byte[][]> bare;
  private int i;
  private int sinceReset;
  private long ts;

  @Setup(Level.Trial)
  public void setUp() {
    SplittableRandom r = new SplittableRandom(42);
    for (int p = 0; p < PARTITIONS; p++) {
      tokens[p] = io.ringsim.ring.Murmur3Partitioner.tokenValue(SmallRows.i(p));
    }
    for (int k = 0; k < OPS; k++) {
      pks[k] = r.nextInt(PARTITIONS);
      cks[k] = r.nextInt(ROWS_PER_PARTITION);
      pkBytes[k] = SmallRows.i(pks[k]);
      ckBytes[k] = SmallRows.i(cks[k]);
      v1Bytes[k] = SmallRows.i(r.nextInt());
    }
    schema = SmallRows.schema();
  }

  @Setup(Level.Iteration)
  public void freshStores() {
    clock = new SmallRows.SteppingClock(100); // 10,000 writes per simulated second
    StorageSettings s = StorageSettings.DEFAULTS.withCommitLog(CommitLogSync.PERIODIC, 10_000);
    store = new TableStore(schema, s, clock);
    node = new NodeStorage(s, clock);
    node.createTable(schema);
    bare = new ConcurrentSkipListMap<>(BARE_ORDER);
    sinceReset = 0;
  }

  private int next() {
    int k = i;
    i = (i + 1) & (OPS - 1);
    return k;
  }

  @Benchmark
  public boolean memtableApply() {
    int k = next();
    boolean full = store.apply(SmallRows.insert(schema, pkBytes[k], ckBytes[k], v1Bytes[k], v2, ++ts));
    if (++sinceReset == RESET_EVERY) {
      store.loseMemtable();
      sinceReset = 0;
    }
    return full;
  }

  @Benchmark
  public byte[][] bareSkipListPut() {
    int k = next();
    byte[][] prev = bare.put(new BareKey(tokens[pks[k]], pks[k], cks[k]), new byte[][] {v1Bytes[k], v2});
    if (++sinceReset == RESET_EVERY) {
      bare.clear();
      sinceReset = 0;
    }
    return prev;
  }

  @Benchmark
  public void nodeApply() {
    int k = next();
    clock.step();
    node.apply("ks.t", SmallRows.insert(schema, pkBytes[k], ckBytes[k], v1Bytes[k], v2, ++ts));
  }
}
