package io.ringsim.bench;

import akka.actor.NoSerializationVerificationNeeded;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.time.SimulationLoop;
import io.ringsim.cluster.time.SimulationMode;
import io.ringsim.cluster.time.TaskFifo;
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
 * The bare Akka pattern a quorum write follows, with no simulation around it: a client keeps 64 requests in flight to
 * a coordinator, which fans each out to 3 replica actors and replies after 2 acks. Runs on the simulation loop (one
 * thread, virtual time), which is what the full simulator's figures are compared against.
 *
 * <p>Run: ./mvnw -Pbench -DskipTests package && java -jar target/benchmarks.jar FanOutBench
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class FanOutBench {
  static final int BATCH = 100_000;
  static final int WINDOW = 64;

  sealed interface Msg extends NoSerializationVerificationNeeded {}

  /** Starts a batch; {@code done} (when not null) is set once every request of it is answered. */
  record Run(int count, ActorRef<Msg> coordinator, java.util.concurrent.atomic.AtomicBoolean done) implements Msg {}

  record Request(long id, ActorRef<Msg> replyTo) implements Msg {}

  record Write(long id, ActorRef<Msg> coordinator) implements Msg {}

  record Ack(long id) implements Msg {}

  record Done(long id) implements Msg {}

  private ActorSystem<Msg> system;
  private SimulationLoop loop;
  private ActorRef<Msg> coordinator;
  private ActorRef<Msg> client;
  private Net net;

  static Behavior<Msg> replica() {
    return Behaviors.receive(Msg.class)
        .onMessage(Write.class, w -> {
          w.coordinator().tell(new Ack(w.id()));
          return Behaviors.same();
        })
        .build();
  }

  /** Key of the sorted-map replica: token, then key, as a memtable orders partitions. */
  record SortedKey(long token, int key) implements Comparable<SortedKey> {
    @Override
    public int compareTo(SortedKey o) {
      int c = Long.compare(token, o.token);
      return c != 0 ? c : Integer.compare(key, o.key);
    }
  }

  /**
   * A replica that does the least any LSM replica must do with a write: insert it into a sorted map (its memtable),
   * emptied every {@link #FLUSH_EVERY} entries as a flush would. The request id picks one of {@value #KEYS} keys.
   */
  static Behavior<Msg> sortedMapReplica(Net net, int index) {
    return Behaviors.setup(ctx -> {
      java.util.TreeMap<SortedKey, byte[]> memtable = new java.util.TreeMap<>();
      byte[] value = new byte[10];
      return Behaviors.receive(Msg.class)
          .onMessage(Write.class, w -> {
            int key = (int) Long.remainderUnsigned(w.id() * 0x9E3779B97F4A7C15L, KEYS);
            memtable.put(new SortedKey(TOKENS[key], key), value);
            if (memtable.size() >= FLUSH_EVERY) memtable.clear();
            net.send(w.coordinator(), new Ack(w.id()), 3 + index);
            return Behaviors.same();
          })
          .build();
    });
  }

  /**
   * A replica that does the least any replica must do to serve a read: look the key up in a sorted map (its memtable,
   * {@link #FLUSH_EVERY} entries, the size {@link #sortedMapReplica} lets it reach), every lookup a hit.
   */
  static Behavior<Msg> sortedMapLookupReplica(Net net, int index) {
    return Behaviors.setup(ctx -> {
      java.util.TreeMap<SortedKey, byte[]> memtable = new java.util.TreeMap<>();
      for (int k = 0; k < FLUSH_EVERY; k++) memtable.put(new SortedKey(TOKENS[k], k), new byte[10]);
      return Behaviors.receive(Msg.class)
          .onMessage(Write.class, w -> {
            int key = (int) Long.remainderUnsigned(w.id() * 0x9E3779B97F4A7C15L, FLUSH_EVERY);
            if (memtable.get(new SortedKey(TOKENS[key], key)) == null) throw new IllegalStateException("no " + key);
            net.send(w.coordinator(), new Ack(w.id()), 3 + index);
            return Behaviors.same();
          })
          .build();
    });
  }

  /**
   * What the replicas of a run do with a request. {@code SORTED_PUT_SIMULATED_NETWORK} (and {@code
   * SORTED_GET_SIMULATED_NETWORK}) is the write (read) floor whose
   * messages between coordinator and replicas also pay what the simulated network makes every message pay: a
   * latency drawn from the default model (log-normal, median 0.5 ms, p99 5 ms), FIFO per link, and a timer of the
   * loop that delivers it at that virtual instant, so a mailbox run of its own.
   */
  enum Replicas { BARE, SORTED_PUT, SORTED_GET, SORTED_PUT_SIMULATED_NETWORK, SORTED_GET_SIMULATED_NETWORK }

  /**
   * How the coordinator and replicas send to each other: at once (a plain tell), or, as the simulated network
   * would, after a drawn latency in virtual time (links 0-2 coordinator to replica, 3-5 back).
   */
  static final class Net {
    private final boolean simulated;
    private final java.util.SplittableRandom rng = new java.util.SplittableRandom(7);
    private final io.ringsim.cluster.net.LatencyModel latency = new io.ringsim.cluster.net.LatencyModel.LogNormal(
        500_000, 5_000_000);
    private final long[] lastDelivery = new long[6];
    private final TaskFifo[] inFlight = new TaskFifo[6];
    SimulationLoop loop;

    Net(boolean simulated) {
      this.simulated = simulated;
    }

    void send(ActorRef<Msg> to, Msg m, int link) {
      if (!simulated) {
        to.tell(m);
        return;
      }
      long now = loop.nowNanos();
      long at = Math.max(now + latency.sampleNanos(rng), lastDelivery[link]);
      lastDelivery[link] = at;
      if (inFlight[link] == null) inFlight[link] = new TaskFifo();
      loop.runAfter(inFlight[link], at - now, () -> to.tell(m)); // a link's deliveries, as SimulatedWire queues them
    }
  }

  static final int KEYS = 100_000;
  /**
   * The most a replica's sorted map holds: 40,000, a memtable's size when the floors were written. {@code
   * -DfloorEntries=100000} is for analysis only: three maps of 100,000 hold as many entries as the whole path's six
   * nodes hold at RF 3 with {@link ClusterWriteBench}'s 100,000 keys (see docs/performance.md, stop 35); the issue's
   * figures are for 40,000.
   */
  static final int FLUSH_EVERY = floorEntries();

  private static int floorEntries() {
    String v = System.getProperty("floorEntries", "40000");
    int n;
    try {
      n = Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      n = 0; // reported below, as any value out of range
    }
    if (n < 1 || n > KEYS) throw new IllegalArgumentException("floorEntries must be in [1, " + KEYS + "], got " + v);
    return n;
  }

  static final long[] TOKENS = new long[KEYS];

  static {
    for (int k = 0; k < KEYS; k++) {
      TOKENS[k] = io.ringsim.ring.Murmur3Partitioner.tokenValue(io.ringsim.schema.types.CqlTypes.INT.serialize(k));
    }
  }

  static Behavior<Msg> coordinator(ActorRef<Msg>[] replicas, Net net) {
    return Behaviors.setup(ctx -> {
      java.util.HashMap<Long, int[]> acks = new java.util.HashMap<>();
      java.util.HashMap<Long, ActorRef<Msg>> clients = new java.util.HashMap<>();
      return Behaviors.receive(Msg.class)
          .onMessage(Request.class, r -> {
            acks.put(r.id(), new int[1]);
            clients.put(r.id(), r.replyTo());
            for (int i = 0; i < replicas.length; i++) net.send(replicas[i], new Write(r.id(), ctx.getSelf()), i);
            return Behaviors.same();
          })
          .onMessage(Ack.class, a -> {
            int[] n = acks.get(a.id());
            if (n != null && ++n[0] == 2) {
              acks.remove(a.id());
              clients.remove(a.id()).tell(new Done(a.id()));
            }
            return Behaviors.same();
          })
          .build();
    });
  }

  static Behavior<Msg> client() {
    return Behaviors.setup(ctx -> {
      long[] state = new long[3]; // next id, remaining to send, outstanding
      ActorRef<Msg>[] coord = newRefArray(1);
      java.util.concurrent.atomic.AtomicBoolean[] done = new java.util.concurrent.atomic.AtomicBoolean[1];
      return Behaviors.receive(Msg.class)
          .onMessage(Run.class, r -> {
            coord[0] = r.coordinator();
            done[0] = r.done();
            state[1] = r.count();
            while (state[2] < WINDOW && state[1] > 0) {
              coord[0].tell(new Request(state[0]++, ctx.getSelf()));
              state[1]--;
              state[2]++;
            }
            return Behaviors.same();
          })
          .onMessage(Done.class, d -> {
            state[2]--;
            if (state[1] > 0) {
              coord[0].tell(new Request(state[0]++, ctx.getSelf()));
              state[1]--;
              state[2]++;
            } else if (state[2] == 0 && done[0] != null) {
              done[0].set(true);
            }
            return Behaviors.same();
          })
          .build();
    });
  }

  @SuppressWarnings("unchecked")
  static ActorRef<Msg>[] newRefArray(int n) {
    return (ActorRef<Msg>[]) new ActorRef<?>[n];
  }

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    setUp(false);
  }

  /** @param sortedMapReplicas replicas that insert each write into a sorted map ({@link #sortedMapReplica}) */
  void setUp(boolean sortedMapReplicas) throws Exception {
    setUp(sortedMapReplicas ? Replicas.SORTED_PUT : Replicas.BARE);
  }

  void setUp(Replicas kind) throws Exception {
    ActorRef<Msg>[] refs = newRefArray(2);
    Net net = new Net(kind == Replicas.SORTED_PUT_SIMULATED_NETWORK
        || kind == Replicas.SORTED_GET_SIMULATED_NETWORK);
    this.net = net;
    system = SimulationMode.create(Behaviors.setup(ctx -> {
      ActorRef<Msg>[] replicas = newRefArray(3);
      for (int i = 0; i < 3; i++) {
        int index = i;
        replicas[i] = ctx.spawn(switch (kind) {
          case BARE -> replica();
          case SORTED_PUT, SORTED_PUT_SIMULATED_NETWORK -> sortedMapReplica(net, index);
          case SORTED_GET, SORTED_GET_SIMULATED_NETWORK -> sortedMapLookupReplica(net, index);
        }, "replica" + i);
      }
      refs[0] = ctx.spawn(coordinator(replicas, net), "coordinator");
      refs[1] = ctx.spawn(client(), "client");
      return Behaviors.<Msg>empty();
    }), "bench", ConfigFactory.load());
    loop = SimulationMode.loop(system);
    net.loop = loop;
    loop.settle();
    coordinator = refs[0];
    client = refs[1];
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public void quorumFanOut() throws Exception {
    if (!net.simulated) {
      client.tell(new Run(BATCH, coordinator, null));
      loop.settle(); // no latency: the whole batch runs at one virtual instant
      return;
    }
    java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
    client.tell(new Run(BATCH, coordinator, done));
    while (!done.get()) loop.runUntil(loop.nowNanos() + 3_600_000_000_000L, done::get);
  }

  /** Tasks (mailbox runs and timers) its loop has run so far. */
  long loopTasks() {
    return loop.tasksRun();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    system.terminate();
  }
}
