package io.ringsim.bench;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.ClusterSpec;
import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cluster.node.NodeCommand;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.Node;
import io.ringsim.ring.NodeSpec;
import io.ringsim.ring.RandomAllocator;
import io.ringsim.ring.Ring;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.TableParams;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.LivenessInfo;
import io.ringsim.storage.Partition;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Row;
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * RF 3 QUORUM writes of small rows through the whole simulated path, on 6 nodes x 16 vnodes: a client actor keeps
 * {@value #WINDOW} requests in flight, each to the next coordinator in turn; the coordinator picks the timestamp,
 * builds the mutation, sends it through the simulated network (latency, virtual time) to the 3 replicas, which log
 * it in the commit log and apply it to the memtable (flushing and compacting as it fills), and acks; the client
 * hears back after 2 acks. {@link #quorumRead} reads the same keys at QUORUM through the same path. {@link #bareFanOut}
 * is {@link FanOutBench}'s bare Akka pattern (one request fanned out to 3 actors, reply after 2 acks) in the same
 * run; {@link #bareFanOutSortedPut} and {@link #bareFanOutSortedGet} are the floors issue 20 compares the writes and
 * the reads with (the bare pattern plus one sorted-map insert, or lookup, per replica).
 *
 * <p>Run: ./mvnw -B -o -Pbench -DskipTests package &amp;&amp; java -jar target/benchmarks.jar ClusterWriteBench
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
public class ClusterWriteBench {
  static final int BATCH = 50_000;
  static final int WINDOW = 64;
  /**
   * The keys the requests draw from ({@code Keys.N}). {@code -Dkeys=1000} is for analysis only (how much of the gap to
   * the floors is the storage's memory: with a thousand keys every node's data stays in the cache); the figures are for
   * 100,000. A class of its own, so that {@link #main} can report a bad value in one line (its loading checks it).
   */
  static final class Keys {
    static final int N = positiveProperty("keys", 100_000);
  }
  static final String TABLE = "b.kv";

  /**
   * A switch nothing reads: {@code ab io.ringsim.bench.ClusterWriteBench.nullSwitch} runs the A/B comparison with no
   * difference between its sides, which shows the comparison's own noise (about 2.5% on the 2-core VM).
   */
  public static boolean nullSwitch;

  /** Starts a batch of writes (or of reads); the client stops when all of them are answered. */
  record Run(int count, boolean reads, AtomicBoolean done) implements akka.actor.NoSerializationVerificationNeeded {}

  private SimCluster cluster;
  private ActorRef<Object> client;
  private final FanOutBench bare = new FanOutBench();
  private final FanOutBench bareWithMemtable = new FanOutBench();
  private final FanOutBench bareWithLookup = new FanOutBench();
  /**
   * The floors with the simulated network's events: set up only when measured (their actor systems and code paths in
   * the same JVM moved the other figures by more than the noise).
   */
  private FanOutBench bareWithMemtableAndLatency;
  private FanOutBench bareWithLookupAndLatency;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    cluster = startCluster(1);
    client = cluster.spawn(client(cluster, 7).narrow(), "bench-client");
    bare.setUp();
    bareWithMemtable.setUp(FanOutBench.Replicas.SORTED_PUT);
    bareWithLookup.setUp(FanOutBench.Replicas.SORTED_GET);
  }

  private void setUpNetworkFloors() throws Exception {
    if (bareWithMemtableAndLatency != null) return;
    bareWithMemtableAndLatency = new FanOutBench();
    bareWithMemtableAndLatency.setUp(FanOutBench.Replicas.SORTED_PUT_SIMULATED_NETWORK);
    bareWithLookupAndLatency = new FanOutBench();
    bareWithLookupAndLatency.setUp(FanOutBench.Replicas.SORTED_GET_SIMULATED_NETWORK);
  }

  /** 6 nodes x 16 vnodes, one rack, keyspace b at SimpleStrategy RF 3, table b.kv (k int PRIMARY KEY, v text). */
  static SimCluster startCluster(long seed) {
    List<NodeSpec> specs = new ArrayList<>();
    for (int i = 1; i <= 6; i++) specs.add(new NodeSpec("n" + i, "datacenter1", "rack1", 16));
    List<Node> placed = new RandomAllocator(seed).allocate(Murmur3Partitioner.INSTANCE, List.of(), specs);
    SimCluster c = SimCluster.start(ClusterSpec.defaults(new Ring(Murmur3Partitioner.INSTANCE, placed), seed),
        ConfigFactory.load());
    c.setSchema(Catalog.EMPTY
        .withKeyspace(new KeyspaceMetadata("b", Map.of("class", "SimpleStrategy", "replication_factor", "3"), true))
        .withTable(table()));
    c.settle();
    return c;
  }

  static TableMetadata table() {
    return new TableMetadata("b", "kv", List.of(ColumnDef.partitionKey("k", CqlTypes.INT, 0),
        ColumnDef.regular("v", CqlTypes.TEXT)), TableParams.DEFAULTS);
  }

  /**
   * What a read asks for: the one row of a key, named by its key as a workload's read or {@code SELECT * FROM kv WHERE
   * k = ?} names it, so replicas read it as Cassandra does (newest SSTable first, stopping when nothing older can
   * matter; before 2026-11-27 they read every SSTable that had the key).
   */
  static final ReadFilter READ = io.ringsim.cluster.RowOps.rowFilter(Clustering.EMPTY);

  /**
   * The client: requests as a workload issues them (a fresh request and mutation per write, keys uniform); in a run
   * of reads, QUORUM reads of whole partitions of the same keys (written by the runs before).
   */
  @SuppressWarnings("unchecked")
  static Behavior<Object> client(SimCluster cluster, long seed) {
    TableSchema schema = TableSchema.of(table(), Murmur3Partitioner.INSTANCE);
    byte[] value = CqlTypes.TEXT.serialize("0123456789");
    List<ActorRef<NodeCommand>> coordinators = new ArrayList<>();
    for (String n : cluster.nodeNames()) coordinators.add(cluster.nodeRef(n));
    return Behaviors.setup(ctx -> {
      SplittableRandom random = new SplittableRandom(seed);
      long[] state = new long[3]; // requests sent, left to send, in flight
      AtomicBoolean[] done = new AtomicBoolean[1];
      boolean[] reads = new boolean[1];
      ActorRef<NodeCommand.TaggedResponse> self = ctx.getSelf().unsafeUpcast().narrow();
      Runnable send = () -> {
        byte[] key = CqlTypes.INT.serialize(random.nextInt(Keys.N));
        long tag = state[0]++;
        ActorRef<NodeCommand> coordinator = coordinators.get((int) (tag % coordinators.size()));
        state[1]--;
        state[2]++;
        if (reads[0]) {
          coordinator.tell(new NodeCommand.CoordinateTagged(
              new ClientRequest.Read(TABLE, key, READ, ConsistencyLevel.QUORUM, false), tag, self));
          return;
        }
        ClientRequest.Write w = new ClientRequest.Write(TABLE, key, (ts, now) -> {
          Partition p = schema.newPartition(key);
          p.add(Row.builder(Clustering.EMPTY).marker(LivenessInfo.of(ts, 0, now)).cell("v", Cell.live(ts, value))
              .build());
          return p;
        }, ConsistencyLevel.QUORUM, false);
        coordinator.tell(new NodeCommand.CoordinateTagged(w, tag, self));
      };
      return Behaviors.receiveMessage(m -> {
        if (m instanceof Run r) {
          done[0] = r.done();
          reads[0] = r.reads();
          state[1] = r.count();
          while (state[2] < WINDOW && state[1] > 0) send.run();
        } else if (m instanceof NodeCommand.TaggedResponse t) {
          if (!(t.response() instanceof ClientResponse.WriteDone || t.response() instanceof ClientResponse.ReadDone)) {
            throw new IllegalStateException("a benchmark request failed: " + t.response());
          }
          state[2]--;
          if (state[1] > 0) send.run();
          else if (state[2] == 0) done[0].set(true);
        }
        return Behaviors.same();
      });
    });
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public void quorumWrite() throws InterruptedException {
    runBatch(cluster, client, BATCH, false);
  }

  /** QUORUM reads of whole partitions through the whole path (replicas read memtable and SSTables, encode, reply). */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public void quorumRead() throws InterruptedException {
    runBatch(cluster, client, BATCH, true);
  }

  /** Sends a batch and lets virtual time run until its last request is answered. */
  static void runBatch(SimCluster cluster, ActorRef<Object> client, int count, boolean reads)
      throws InterruptedException {
    AtomicBoolean done = new AtomicBoolean();
    client.tell(new Run(count, reads, done));
    while (!done.get()) cluster.loop().runUntil(cluster.nowNanos() + 3_600_000_000_000L, done::get);
  }

  @Benchmark
  @OperationsPerInvocation(FanOutBench.BATCH)
  public void bareFanOut() throws Exception {
    bare.quorumFanOut();
  }

  /**
   * The floor of any design in which each replica keeps a sorted memtable: the bare pattern plus one sorted-map
   * insert per replica, nothing else (no commit log, no network, no flush).
   */
  @Benchmark
  @OperationsPerInvocation(FanOutBench.BATCH)
  public void bareFanOutSortedPut() throws Exception {
    bareWithMemtable.quorumFanOut();
  }

  /**
   * Not a goal's floor: the write floor whose coordinator-replica messages also go through virtual time as the
   * simulated network's do (a drawn latency, a loop timer, a mailbox run each), for seeing how much of the whole
   * path's cost is the simulation's per-message events rather than its coordinator and storage.
   */
  @Benchmark
  @OperationsPerInvocation(FanOutBench.BATCH)
  public void bareFanOutSortedPutSimulatedNetwork() throws Exception {
    setUpNetworkFloors();
    bareWithMemtableAndLatency.quorumFanOut();
  }

  /** The same for the read floor. */
  @Benchmark
  @OperationsPerInvocation(FanOutBench.BATCH)
  public void bareFanOutSortedGetSimulatedNetwork() throws Exception {
    setUpNetworkFloors();
    bareWithLookupAndLatency.quorumFanOut();
  }

  /** The floor of a read: the bare pattern plus one sorted-map lookup per replica. */
  @Benchmark
  @OperationsPerInvocation(FanOutBench.BATCH)
  public void bareFanOutSortedGet() throws Exception {
    bareWithLookup.quorumFanOut();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    cluster.close();
    bare.tearDown();
    bareWithMemtable.tearDown();
    bareWithLookup.tearDown();
    if (bareWithMemtableAndLatency != null) {
      bareWithMemtableAndLatency.tearDown();
      bareWithLookupAndLatency.tearDown();
    }
  }

  /**
   * The five measurements without JMH, alternating rounds, each costed as the CPU time of the simulation threads
   * (the loop runs every actor), so other processes on the machine move the figures less than wall time would; the
   * medians are printed. Also the way to profile the path (run it under JFR):
   * java -Xms3g -Xmx3g -cp target/benchmarks.jar io.ringsim.bench.ClusterWriteBench [rounds] [writes-only | reads-only
   * | network-floors | alloc | ab Class.field]; network-floors also measures the floors with the simulated network's
   * per-message events; alloc prints the bytes the simulation threads allocate per write and per read; ab compares
   * two versions of a change in one JVM (see the ab branch below, and docs/performance.md, "Measuring").
   */
  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    try {
      // Loading the two classes checks -Dkeys and -DfloorEntries: a bad value is one line, not a stack trace.
      if (Keys.N < 1 || FanOutBench.FLUSH_EVERY < 1) throw new AssertionError();
    } catch (ExceptionInInitializerError e) {
      System.err.println("ClusterWriteBench: " + e.getCause().getMessage());
      System.exit(2);
      return;
    }
    ClusterWriteBench b = new ClusterWriteBench();
    b.setUp();
    if (args.length > 1 && args[1].equals("alloc")) {
      com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean)
          java.lang.management.ManagementFactory.getThreadMXBean();
      java.util.function.LongSupplier alloc = () -> {
        long t = 0;
        for (Thread th : Thread.getAllStackTraces().keySet())
          if (th.getName().startsWith("ringsim-simulation")) t += mx.getThreadAllocatedBytes(th.getId());
        return t;
      };
      for (int r = 0; r < rounds; r++) {
        long a0 = alloc.getAsLong();
        b.quorumWrite();
        long a1 = alloc.getAsLong();
        b.quorumRead();
        long a2 = alloc.getAsLong();
        System.out.printf("bytes allocated per write %d, per read %d%n", (a1 - a0) / BATCH, (a2 - a1) / BATCH);
      }
      b.tearDown();
      return;
    }
    if (args.length > 2 && args[1].equals("ab")) {
      // Two identical clusters (same seed: each round is the same work in both), one run with the switch off and one
      // with it on, round k of one beside round k of the other, in an order that alternates. The switch is a static
      // boolean field a change under test reads to choose between its two versions (args[2]: Class.field, added for
      // the experiment and taken out after it): one JVM, one JIT, one heap for both.
      int dot = args[2].lastIndexOf('.');
      java.lang.reflect.Field sw;
      try {
        sw = Class.forName(args[2].substring(0, Math.max(0, dot))).getField(args[2].substring(dot + 1));
      } catch (ReflectiveOperationException e) {
        System.err.println("ab: no public static boolean field " + args[2] + " (" + e + ")");
        System.exit(2);
        return;
      }
      java.util.function.Consumer<Boolean> flip = on -> {
        try {
          sw.setBoolean(null, on);
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      };
      flip.accept(true); // what the second cluster builds as it starts (its memtables, say) is built with it on
      SimCluster other = startCluster(1);
      flip.accept(false);
      ActorRef<Object> otherClient = other.spawn(client(other, 7).narrow(), "bench-client");
      SimCluster[] cl = {b.cluster, other};
      @SuppressWarnings("unchecked") ActorRef<Object>[] cc = new ActorRef[] {b.client, otherClient};
      double[] wr = new double[rounds], rr = new double[rounds];
      long[] wNanos = new long[2], rNanos = new long[2];
      for (int r = -3; r < rounds; r++) {
        long[] w = new long[2], rd = new long[2];
        for (int k = 0; k < 2; k++) {
          int side = (r & 1) == 0 ? k : 1 - k;
          flip.accept(side == 1);
          long t0 = simulationCpuNanos();
          runBatch(cl[side], cc[side], BATCH, false);
          long t1 = simulationCpuNanos();
          runBatch(cl[side], cc[side], BATCH, true);
          long t2 = simulationCpuNanos();
          w[side] = t1 - t0;
          rd[side] = t2 - t1;
        }
        if (r < 0) continue;
        wr[r] = w[0] / (double) w[1];
        rr[r] = rd[0] / (double) rd[1];
        for (int k = 0; k < 2; k++) {
          wNanos[k] += w[k];
          rNanos[k] += rd[k];
        }
      }
      System.out.printf("A/B: writes off %,.0f on %,.0f (on/off: total %.3f, median of rounds %.3f); reads off %,.0f"
          + " on %,.0f (total %.3f, median %.3f)%n", rounds * BATCH / (wNanos[0] / 1e9),
          rounds * BATCH / (wNanos[1] / 1e9), wNanos[0] / (double) wNanos[1], median(wr),
          rounds * BATCH / (rNanos[0] / 1e9), rounds * BATCH / (rNanos[1] / 1e9), rNanos[0] / (double) rNanos[1],
          median(rr));
      other.close();
      b.tearDown();
      return;
    }
    boolean networkFloors = args.length > 1 && args[1].equals("network-floors");
    if (networkFloors) b.setUpNetworkFloors();
    if (args.length > 1 && (args[1].equals("writes-only") || args[1].equals("reads-only"))) { // for profiles
      boolean reads = args[1].equals("reads-only");
      for (int r = -3; r < rounds; r++) {
        if (!reads || r < 0) b.quorumWrite();
        if (reads) b.quorumRead();
      }
      b.tearDown();
      return;
    }
    double[] writes = new double[rounds];
    double[] reads = new double[rounds];
    double[] bareRate = new double[rounds];
    double[] floor = new double[rounds];
    double[] readFloor = new double[rounds];
    double[] networkFloor = new double[rounds];
    double[] networkReadFloor = new double[rounds];
    long[] events = new long[4]; // loop tasks of the last round's writes, reads, write floor and its networked twin
    for (int r = -3; r < rounds; r++) {
      long e0 = b.cluster.loop().tasksRun();
      long t0 = simulationCpuNanos();
      b.quorumWrite();
      long t1 = simulationCpuNanos();
      long e1 = b.cluster.loop().tasksRun();
      b.quorumRead();
      long t2 = simulationCpuNanos();
      events[0] = e1 - e0;
      events[1] = b.cluster.loop().tasksRun() - e1;
      long f0 = b.bareWithMemtable.loopTasks();
      b.bareFanOut();
      long t3 = simulationCpuNanos();
      b.bareFanOutSortedPut();
      long t4 = simulationCpuNanos();
      events[2] = b.bareWithMemtable.loopTasks() - f0;
      b.bareFanOutSortedGet();
      long t5 = simulationCpuNanos();
      long t6 = t5, t7 = t5;
      if (networkFloors) {
        long n0 = b.bareWithMemtableAndLatency.loopTasks();
        b.bareFanOutSortedPutSimulatedNetwork();
        t6 = simulationCpuNanos();
        events[3] = b.bareWithMemtableAndLatency.loopTasks() - n0;
        b.bareFanOutSortedGetSimulatedNetwork();
        t7 = simulationCpuNanos();
      }
      if (r < 0) continue;
      if (networkFloors) {
        networkFloor[r] = FanOutBench.BATCH / ((t6 - t5) / 1e9);
        networkReadFloor[r] = FanOutBench.BATCH / ((t7 - t6) / 1e9);
      }
      writes[r] = BATCH / ((t1 - t0) / 1e9);
      reads[r] = BATCH / ((t2 - t1) / 1e9);
      bareRate[r] = FanOutBench.BATCH / ((t3 - t2) / 1e9);
      floor[r] = FanOutBench.BATCH / ((t4 - t3) / 1e9);
      readFloor[r] = FanOutBench.BATCH / ((t5 - t4) / 1e9);
    }
    double w = median(writes), rd = median(reads), bb = median(bareRate), fl = median(floor);
    double rfl = median(readFloor);
    double nfl = networkFloors ? median(networkFloor) : 0;
    double nrfl = networkFloors ? median(networkReadFloor) : 0;
    // Each round's own ratio, then their median: a floor that drifts during a run moves both sides of a round's
    // ratio together (the floors moved by up to 40% between runs of the same jar on this VM).
    double[] wRatio = new double[rounds];
    double[] rRatio = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      wRatio[r] = writes[r] / floor[r];
      rRatio[r] = reads[r] / readFloor[r];
    }
    System.out.printf("requests per CPU-second of the simulation thread (median of %d rounds)%n"
        + "  QUORUM writes, 6 nodes, RF 3, whole path: %,.0f%n"
        + "  QUORUM reads, 6 nodes, RF 3, whole path: %,.0f%n"
        + "  bare fan-out (1 -> 3, reply after 2): %,.0f%n"
        + "  bare fan-out + one sorted-map insert per replica (write floor): %,.0f%n"
        + "  bare fan-out + one sorted-map lookup per replica (read floor): %,.0f%n"
        + "  writes / write floor = %.3f, reads / read floor = %.3f (goal >= 0.5 each); write floor / bare = %.3f%n"
        + "  the same, as the median of each round's ratio: writes %.3f, reads %.3f%n"
        + "  loop events (mailbox runs and timers) per request: write %.2f, read %.2f, write floor %.2f%n",
        rounds, w, rd, bb, fl, rfl, w / fl, rd / rfl, fl / bb, median(wRatio), median(rRatio),
        events[0] / (double) BATCH, events[1] / (double) BATCH, events[2] / (double) FanOutBench.BATCH);
    if (networkFloors) {
      System.out.printf("  the floors with the simulated network's per-message events (latency draw, timer, mailbox run;"
          + " %.2f events per request): write %,.0f, read %,.0f; writes / it = %.3f, reads / it = %.3f%n",
          events[3] / (double) FanOutBench.BATCH, nfl, nrfl, w / nfl, rd / nrfl);
    }
    b.tearDown();
  }

  /** The integer property {@code name} (a positive number), or {@code otherwise} when it is not set. */
  private static int positiveProperty(String name, int otherwise) {
    String v = System.getProperty(name);
    if (v == null) return otherwise;
    try {
      int n = Integer.parseInt(v.trim());
      if (n > 0) return n;
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(name + " must be a positive number, got " + v);
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    java.util.Arrays.sort(s);
    return s[s.length / 2];
  }

  /** CPU time of every simulation loop thread in this JVM (the cluster's and the bare patterns'). */
  private static long simulationCpuNanos() {
    java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
    long total = 0;
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith("ringsim-simulation")) total += Math.max(0, mx.getThreadCpuTime(t.getId()));
    }
    return total;
  }
}
