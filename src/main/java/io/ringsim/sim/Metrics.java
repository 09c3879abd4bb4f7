package io.ringsim.sim;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Client-side figures in fixed buckets of simulated time: operations, outcomes and latency (HdrHistogram) per
 * consistency level and operation type, operations per coordinator, and operations per partition (hot keys).
 */
public final class Metrics {
  /** One series' figures in one bucket. */
  public static final class Bucket {
    public long ok;
    public final Map<String, Long> failures = new TreeMap<>();
    public final Histogram latencyMicros = new Histogram(3_600_000_000L, 2);
  }

  private final long bucketMicros;
  /** series ("QUORUM write") -> bucket index -> figures. */
  private final Map<String, TreeMap<Long, Bucket>> series = new TreeMap<>();
  private final Map<String, TreeMap<Long, Long>> byCoordinator = new TreeMap<>();
  private final Map<TablePartition, Long> byPartition = new TreeMap<>();
  private final Map<String, Histogram> totals = new TreeMap<>();
  /** Operations never sent (a client at its concurrency cap), per consistency level and bucket. */
  private final Map<String, TreeMap<Long, Long>> throttled = new TreeMap<>();

  private final boolean trackPartitions;
  /** Told of every operation as it is recorded (a live view), or null. */
  private volatile java.util.function.Consumer<OpRecord> listener;

  public Metrics(long bucketMicros) {
    this(bucketMicros, true);
  }

  /** @param trackPartitions count operations per partition (one map entry per key: off for bulk loads) */
  public Metrics(long bucketMicros, boolean trackPartitions) {
    this.bucketMicros = bucketMicros;
    this.trackPartitions = trackPartitions;
  }

  /**
   * The width of a run's time buckets, in ms: 1 s for a run of up to 2 minutes, 5 s up to 15 minutes, 30 s beyond
   * (30 to 180 points on a chart). run.json's timeline, timeline.csv and the report's charts all use it.
   */
  public static long bucketMillis(long runMillis) {
    return runMillis <= 120_000 ? 1000 : runMillis <= 900_000 ? 5000 : 30_000;
  }

  public long bucketMicros() {
    return bucketMicros;
  }

  /** Tells {@code l} of every operation recorded from now on (null: no one); on the recording thread. */
  void listen(java.util.function.Consumer<OpRecord> l) {
    listener = l;
  }

  private List<io.ringsim.report.ClientRetries> clientRetries = List.of();

  /** The served clients' operations per level, with the driver retries recognised among them. */
  void clientRetries(List<io.ringsim.report.ClientRetries> rows) {
    clientRetries = List.copyOf(rows);
  }

  List<io.ringsim.report.ClientRetries> clientRetries() {
    return clientRetries;
  }

  void record(OpRecord op) {
    if (listener != null) listener.accept(op);
    long b = op.invokeMicros() / bucketMicros;
    String s = op.consistency().name() + " " + op.type().label();
    Bucket bucket = series.computeIfAbsent(s, k -> new TreeMap<>()).computeIfAbsent(b, k -> new Bucket());
    long latency = Math.max(0, op.completeMicros() - op.invokeMicros());
    if (op.ok()) {
      bucket.ok++;
      bucket.latencyMicros.recordValue(Math.min(latency, 3_600_000_000L));
      totals.computeIfAbsent(s, k -> new Histogram(3_600_000_000L, 2)).recordValue(Math.min(latency, 3_600_000_000L));
    } else {
      bucket.failures.merge(op.error() == null ? op.outcome().label() : op.error(), 1L, Long::sum);
    }
    byCoordinator.computeIfAbsent(op.coordinator(), k -> new TreeMap<>()).merge(b, 1L, Long::sum);
    if (trackPartitions) byPartition.merge(partitionOf(op), 1L, Long::sum);
  }

  /**
   * An operation a workload's client did not send because it had its concurrency cap in flight. {@code level}: the
   * workload's consistency level, or {@link #mixed} when its operations use several (writes and reads at different ones, or LWTs at SERIAL) (which of
   * the two the operation would have used is not known: the operation type is drawn only for operations sent).
   */
  void throttled(String level, long atMicros) {
    throttled.computeIfAbsent(level, k -> new TreeMap<>()).merge(atMicros / bucketMicros, 1L, Long::sum);
  }

  /** The name throttled operations of a workload whose operations use several levels are counted under. */
  static String mixed(java.util.Collection<String> levels) {
    return String.join(" or ", levels);
  }

  /** Throttled operations per level (as {@link #throttled} names it) and bucket. */
  public Map<String, TreeMap<Long, Long>> throttled() {
    return throttled;
  }

  public Map<String, TreeMap<Long, Bucket>> series() {
    return series;
  }

  public Map<String, TreeMap<Long, Long>> byCoordinator() {
    return byCoordinator;
  }

  /** A partition across tables: its table's qualified name and its key's text; ordered by table, then key. */
  public record TablePartition(String table, String key) implements Comparable<TablePartition> {
    private static final java.util.Comparator<TablePartition> ORDER = java.util.Comparator
        .comparing(TablePartition::table).thenComparing(TablePartition::key);

    @Override
    public int compareTo(TablePartition o) {
      return ORDER.compare(this, o);
    }
  }

  /** An operation's partition (its key's clustering part dropped). */
  static TablePartition partitionOf(OpRecord op) {
    String key = op.key().contains(" / ") ? op.key().substring(0, op.key().indexOf(" / ")) : op.key();
    return new TablePartition(op.table(), key);
  }

  /** Operations per partition. */
  public Map<TablePartition, Long> byPartition() {
    return byPartition;
  }

  /** Whole-run latency per series (successful operations). */
  public Map<String, Histogram> totals() {
    return totals;
  }
}
