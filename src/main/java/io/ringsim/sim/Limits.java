package io.ringsim.sim;

import java.util.List;

/**
 * Every size a user can ask for, with the largest this simulator can run in reasonable time on a small machine (two
 * cores, a few GiB of heap). Scenario files, {@code --set}, {@code ring}, {@code cql} and {@code cqlsh} all check
 * their sizes here, so a limit is the same wherever it is written; docs/scenarios.md lists them.
 *
 * <p>The figures come from timing this machine: building a balanced ring of 1,000 nodes x 256 tokens took over two
 * minutes, 1,000 x 32 18 to 32 s, 1,000 x 16 (the largest allowed) 5 to 7 s; simulated time costs about 2 s of wall time per simulated minute for six nodes
 * at a few hundred operations a second, and an idle hour of six nodes about a second.
 */
public final class Limits {
  public static final int MAX_NODES = 1000;
  public static final int MAX_VNODES = 256;
  /** Nodes x vnodes: the ring's size, which is what the allocator's time and the ring's memory grow with. */
  public static final long MAX_TOKENS = 16_384;
  public static final int MAX_RACKS = 100;
  /** A scenario's simulated time, and one WAIT in the shell. */
  public static final long MAX_DURATION_MILLIS = 24L * 3_600_000;
  public static final long MAX_WAIT_MILLIS = 3_600_000;
  public static final int MAX_RATE = 100_000;
  public static final int MAX_CONCURRENCY = 10_000;
  /**
   * Operations a scenario may plan (rate x window, summed over workloads). The quickstart runs about 8,000 operations
   * per second of wall time on two cores, so this is about ten minutes.
   */
  public static final long MAX_OPERATIONS = 5_000_000;
  /**
   * The same with {@code history off}: an operation then keeps no record, so the heap estimate below is what limits a
   * run, and the 10-million-row bench scenario (src/bench/scenarios/ten-million.sim) fits.
   */
  public static final long MAX_OPERATIONS_WITHOUT_HISTORY = 20_000_000;
  /** Values of a generator such as uniform(N) and characters of text(MIN, MAX). */
  public static final long MAX_TEXT_LENGTH = 65_536;

  /** Heap one operation takes until the run ends, with the per-operation history and without (measured roughly). */
  static final long BYTES_PER_OP_WITH_HISTORY = 600;
  static final long BYTES_PER_OP_WITHOUT_HISTORY = 120;
  /** Heap per token of the ring, with its per-node replica lists. */
  static final long BYTES_PER_TOKEN = 2_000;

  private Limits() {}

  /** A size out of range; the message says which size, the allowed range and the value given. */
  public static final class OutOfRange extends IllegalArgumentException {
    public OutOfRange(String message) {
      super(message);
    }
  }

  /** {@code value}, if {@code min <= value <= max}; otherwise an {@link OutOfRange} naming {@code what}. */
  public static long range(String what, long value, long min, long max) {
    if (value < min || value > max) {
      throw new OutOfRange(what + " must be between " + min + " and " + max + ", got " + value);
    }
    return value;
  }

  /** {@code value}, if at least {@code min} (a count with no useful upper bound, such as uniform(N)'s N). */
  public static long atLeast(String what, long value, long min) {
    if (value < min) throw new OutOfRange(what + " must be at least " + min + ", got " + value);
    return value;
  }

  public static int nodes(long n) {
    return (int) range("nodes", n, 1, MAX_NODES);
  }

  public static int vnodes(long n) {
    return (int) range("vnodes", n, 1, MAX_VNODES);
  }

  public static int racks(long n) {
    return (int) range("racks", n, 1, MAX_RACKS);
  }

  /** Operations per simulated second; --set may give a fraction (0.5 is one every two seconds). */
  public static double rate(double perSecond) {
    if (!(perSecond > 0 && perSecond <= MAX_RATE)) {
      String given = perSecond == Math.rint(perSecond) && Math.abs(perSecond) < 1e15 ? String.valueOf((long) perSecond)
          : String.valueOf(perSecond);
      throw new OutOfRange("rate must be above 0 and at most " + MAX_RATE + "/s, got " + given);
    }
    return perSecond;
  }

  public static int concurrency(long n) {
    return (int) range("concurrency", n, 1, MAX_CONCURRENCY);
  }

  public static long duration(long millis) {
    if (millis < 1 || millis > MAX_DURATION_MILLIS) {
      throw new OutOfRange("duration must be between 1ms and " + Durations.format(MAX_DURATION_MILLIS) + ", got "
          + Durations.format(millis));
    }
    return millis;
  }

  /** The ring as a whole: nodes x vnodes tokens. */
  public static void ring(long nodes, long vnodes) {
    nodes(nodes);
    vnodes(vnodes);
    if (nodes * vnodes > MAX_TOKENS) {
      throw new OutOfRange(nodes + " nodes x " + vnodes + " vnodes = " + nodes * vnodes + " tokens, more than the "
          + MAX_TOKENS + " this simulator builds in reasonable time (fewer vnodes: Cassandra 4 defaults to 16)");
    }
  }

  /** A workload's planned operations: its rate over its window. */
  public static long operations(double ratePerSecond, long windowMillis) {
    return (long) Math.ceil(ratePerSecond * windowMillis / 1000.0);
  }

  /**
   * Refuses a scenario whose planned work would not fit: too many operations in all, or more heap than this JVM
   * has. The message gives the estimate, so the user knows how far over it is and what to lower.
   */
  public static void plannedWork(long nodes, long vnodes, List<Long> operationsPerWorkload, boolean history,
      long maxHeapBytes) {
    long ops = operationsPerWorkload.stream().mapToLong(Long::longValue).sum();
    long max = history ? MAX_OPERATIONS : MAX_OPERATIONS_WITHOUT_HISTORY;
    if (ops > max) {
      throw new OutOfRange("the workloads plan " + ops + " operations (rate x window, summed), more than the "
          + max + " a run may have" + (history ? " with its history (" + MAX_OPERATIONS_WITHOUT_HISTORY
          + " with 'history off')" : "") + ": lower a rate or the duration");
    }
    long perOp = history ? BYTES_PER_OP_WITH_HISTORY : BYTES_PER_OP_WITHOUT_HISTORY;
    long estimate = ops * perOp + nodes * vnodes * BYTES_PER_TOKEN;
    // Leave a quarter of the heap to the nodes' data, the actors and the report.
    if (estimate > maxHeapBytes / 4 * 3) {
      throw new OutOfRange("the planned work needs about " + mib(estimate) + " MiB of heap (" + ops + " operations x "
          + perOp + " B" + (history ? " with the history" : "") + ", " + nodes * vnodes + " tokens) and this JVM has "
          + mib(maxHeapBytes) + " MiB: lower a rate or the duration" + (history ? ", or use 'history off'" : "")
          + ", or give Java more heap (JAVA_OPTS=-Xmx8g)");
    }
  }

  private static long mib(long bytes) {
    return bytes >> 20;
  }
}
