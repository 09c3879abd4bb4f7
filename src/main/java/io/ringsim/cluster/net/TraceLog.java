package io.ringsim.cluster.net;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run's messages did, recorded compactly for explanations: per message its send and arrival times, sender,
 * receiver, kind, outcome (delivered, or dropped and why), table, token, request id and the newest write timestamp it
 * carries; and node events (hint stored or replayed, read repair, a replica's local write or read). Names, kinds and
 * tables are interned to small ints and each record is six longs, so a run of a million messages holds 48 MB.
 *
 * <p>Bounded: past {@code memoryCap} records only those of a deterministic sample of tokens are kept (one in
 * {@link #SAMPLE_ONE_IN}); the scenario runner trims further to its record cap when it writes the file, keeping the
 * keys of the anomalies. Only the simulation thread touches it. Runs without history have {@link #OFF}, which
 * records nothing: the wire and the nodes tell it everything alike.
 */
public final class TraceLog {
  /** How a message ended; EVENT marks a node event (its kind is then an event kind). */
  public static final int DELIVERED = 0, PARTITIONED = 1, LOST = 2, UNDELIVERABLE = 3, CRASHED = 4, EVENT = 5;

  public static final List<String> OUTCOMES =
      List.of("delivered", "partitioned", "lost", "undeliverable", "crashed", "event");

  /** No token: the message is about no partition (repair trees, streaming, range reads). */
  public static final long NO_TOKEN = Long.MIN_VALUE;

  public static final int SAMPLE_ONE_IN = 16;

  /** What the network knows of a payload: filled by the cluster, which knows the message types. */
  public interface Describer {
    /** The message kind, e.g. mutation, read-data; null for messages not recorded (gossip). */
    String kind(Object payload);

    /** The request id the message belongs to (requests and their replies share it), or -1. */
    long requestId(Object payload);

    /** The table the message is about, or null. */
    String table(Object payload);

    /** The token of the partition the message is about, or {@link #NO_TOKEN}. */
    long token(Object payload);

    /**
     * The newest write timestamp the message carries (a mutation's, a read reply's data), or -1; {@code table} is
     * the message's, or for a reply its request's (null when unknown).
     */
    long timestamp(Object payload, String table);

    /** Whether the message is a reply, whose token is that of the request it answers. */
    boolean isReply(Object payload);
  }

  private static final int STRIDE = 6;
  private final Describer describer;
  private final long memoryCap;
  private long[] data = new long[STRIDE * 1024];
  private int count;
  private long seen;
  private final List<String> names = new ArrayList<>();
  private final Map<String, Integer> nameIndex = new HashMap<>();
  private final List<String> kinds = new ArrayList<>();
  private final Map<String, Integer> kindIndex = new HashMap<>();
  private final List<String> tables = new ArrayList<>();
  private final Map<String, Integer> tableIndex = new HashMap<>();
  /** Per node, the tokens of its last requests by request id (ids count up per node), so replies get theirs. */
  private final Map<Integer, long[]> recentRequests = new HashMap<>();
  private static final int RECENT = 4096;
  /**
   * Set once the run's trace is taken: the simulation thread may still deliver messages while the actor system shuts
   * down, and those must neither change what was taken nor race with the thread that writes it.
   */
  private volatile boolean frozen;

  public TraceLog(Describer describer, long memoryCap) {
    this.describer = describer;
    this.memoryCap = memoryCap;
  }

  /** The log of a run that keeps none: frozen from the start, so it records nothing it is told. */
  public static final TraceLog OFF = new TraceLog(null, 0);

  static {
    OFF.frozen = true;
  }

  /** Whether this log keeps what it is told (false for {@link #OFF}). */
  public boolean recording() {
    return this != OFF;
  }

  /** A message the network handled at {@code sendNanos}; {@code arriveNanos} is when it is (or was to be) delivered. */
  public void message(long sendNanos, long arriveNanos, String from, String to, Object payload, int outcome) {
    if (frozen) return;
    String kind = describer.kind(payload);
    if (kind == null) return;
    int f = intern(from, names, nameIndex), t = intern(to, names, nameIndex);
    long req = describer.requestId(payload);
    long token;
    int table;
    if (describer.isReply(payload)) {
      long[] r = recentRequests.get(t);
      int slot = (int) (Math.max(0, req) % RECENT) * 3;
      boolean known = r != null && req >= 0 && r[slot] == req;
      token = known ? r[slot + 1] : NO_TOKEN;
      table = known ? (int) r[slot + 2] : -1;
    } else {
      token = describer.token(payload);
      String name = describer.table(payload);
      table = name == null ? -1 : intern(name, tables, tableIndex);
      if (req >= 0) {
        long[] r = recentRequests.computeIfAbsent(f, k -> new long[3 * RECENT]);
        int slot = (int) (req % RECENT) * 3;
        r[slot] = req;
        r[slot + 1] = token;
        r[slot + 2] = table;
      }
    }
    add(sendNanos, arriveNanos, f, t, intern(kind, kinds, kindIndex), outcome, table, token, req,
        describer.timestamp(payload, table < 0 ? null : tables.get(table)));
  }

  /**
   * A node event: {@code kind} such as hint-stored, hint-replay, read-repair, local-write, local-read; {@code target}
   * the other node involved (or the node itself).
   */
  public void event(long nanos, String node, String kind, String target, String table, long token, long requestId,
      long timestamp) {
    if (frozen) return;
    int n = intern(node, names, nameIndex);
    add(nanos, nanos, n, intern(target, names, nameIndex), intern(kind, kinds, kindIndex), EVENT,
        table == null ? -1 : intern(table, tables, tableIndex), token, requestId, timestamp);
  }

  /**
   * A node event about a message it holds but does not send (an expired hint): table, token and newest timestamp are
   * the message's, as for a sent one.
   */
  public void eventAbout(long nanos, String node, String kind, String target, Object payload) {
    if (frozen) return;
    String table = describer.table(payload);
    event(nanos, node, kind, target, table, describer.token(payload), -1, describer.timestamp(payload, table));
  }

  /**
   * The crashed node {@code to} dropped a message from {@code from} on arrival at {@code nowNanos}: marks the latest
   * delivered message of that link arriving then as dropped instead.
   */
  public void droppedByCrashedNode(long nowNanos, String from, String to) {
    if (frozen) return;
    Integer f = nameIndex.get(from), t = nameIndex.get(to);
    if (f == null || t == null) return;
    // Records are in the order messages were sent; none sent over a minute before its arrival is still in flight.
    for (int i = count - 1; i >= 0; i--) {
      int o = i * STRIDE;
      if (data[o] < nowNanos - 60_000_000_000L) return;
      if (data[o + 1] != nowNanos) continue;
      long packed = data[o + 2];
      if (outcome(packed) != DELIVERED || from(packed) != f || to(packed) != t) continue;
      data[o + 2] = (packed & ~(0xFFL << 8)) | ((long) CRASHED << 8);
      return;
    }
  }

  private void add(long send, long arrive, int from, int to, int kind, int outcome, int table, long token, long req,
      long ts) {
    seen++;
    if (count >= memoryCap && !sampled(token)) return;
    if ((count + 1) * STRIDE > data.length) data = Arrays.copyOf(data, data.length * 2);
    int o = count * STRIDE;
    data[o] = send;
    data[o + 1] = arrive;
    data[o + 2] = ((long) from << 48) | ((long) (to & 0xFFFF) << 32) | ((long) (table & 0xFFFF) << 16)
        | ((long) (kind & 0xFF)) | ((long) outcome << 8);
    data[o + 3] = token;
    data[o + 4] = req;
    data[o + 5] = ts;
    count++;
  }

  /** Whether a token is in the deterministic sample kept past the caps. */
  public static boolean sampled(long token) {
    long z = token * 0x9E3779B97F4A7C15L;
    z ^= z >>> 31;
    return Math.floorMod(z, SAMPLE_ONE_IN) == 0;
  }

  private static int intern(String s, List<String> list, Map<String, Integer> index) {
    Integer i = index.get(s);
    if (i != null) return i;
    list.add(s);
    index.put(s, list.size() - 1);
    return list.size() - 1;
  }

  /** Stops recording: what the log holds from now on is what it held then. Call while the simulation is idle. */
  public void freeze() {
    frozen = true;
  }

  // ---------------------------------------------------------------- reading back

  /** Records held. */
  public int size() {
    return count;
  }

  /** Records offered, including those past the memory cap that were not kept. */
  public long seen() {
    return seen;
  }

  public List<String> names() {
    return names;
  }

  public List<String> kinds() {
    return kinds;
  }

  public List<String> tables() {
    return tables;
  }

  public long sendNanos(int i) {
    return data[i * STRIDE];
  }

  public long arriveNanos(int i) {
    return data[i * STRIDE + 1];
  }

  public int from(int i) {
    return from(data[i * STRIDE + 2]);
  }

  public int to(int i) {
    return to(data[i * STRIDE + 2]);
  }

  /** Index into {@link #kinds()}. */
  public int kind(int i) {
    return (int) (data[i * STRIDE + 2] & 0xFF);
  }

  public int outcome(int i) {
    return outcome(data[i * STRIDE + 2]);
  }

  /** Index into {@link #tables()}, or -1. */
  public int table(int i) {
    int t = (int) ((data[i * STRIDE + 2] >>> 16) & 0xFFFF);
    return t == 0xFFFF ? -1 : t;
  }

  public long token(int i) {
    return data[i * STRIDE + 3];
  }

  public long requestId(int i) {
    return data[i * STRIDE + 4];
  }

  public long timestamp(int i) {
    return data[i * STRIDE + 5];
  }

  private static int from(long packed) {
    return (int) (packed >>> 48);
  }

  private static int to(long packed) {
    return (int) ((packed >>> 32) & 0xFFFF);
  }

  private static int outcome(long packed) {
    return (int) ((packed >>> 8) & 0xFF);
  }
}
