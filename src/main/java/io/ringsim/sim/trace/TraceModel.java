package io.ringsim.sim.trace;

import java.util.List;

/**
 * What trace.jsonl holds, in plain records: the messages between nodes and the node events (hint stored, hint replay,
 * read repair, a coordinator's local write or read), the faults of the timeline, and the keys with their token and
 * replicas. Built from a run's {@code TraceLog}, or read back from the file by {@code ringsim explain}; both feed the
 * same explanations. Times are simulated microseconds since the start of the run.
 */
public record TraceModel(Header header, List<Msg> messages, List<Fault> faults, List<KeyInfo> keys) {

  public static final String FORMAT = "ringsim-trace";
  public static final int VERSION = 1;

  /**
   * @param recorded records the run offered (messages and node events)
   * @param written records in the file: fewer than recorded when past the cap
   * @param recordCap the cap past which only anomaly keys and a sample of keys are kept
   */
  public record Header(String partitioner, long recordCap, long recorded, long written, int sampleOneIn) {
    public boolean trimmed() {
      return written < recorded;
    }
  }

  /**
   * A message (or, with outcome "event", a node event: then {@code from} is the node, {@code to} the other node
   * involved and {@code kind} the event's kind). {@code token} is the partition's token as a long (Murmur3's own
   * value, else a hash of it), {@link #NO_TOKEN} when about no partition; {@code timestamp} the newest write timestamp
   * carried, -1 if none.
   */
  public record Msg(long sendMicros, long arriveMicros, String from, String to, String kind, String outcome,
      String table, long token, long requestId, long timestamp) {
    public boolean isEvent() {
      return outcome.equals("event");
    }

    public boolean dropped() {
      return !outcome.equals("delivered") && !isEvent();
    }
  }

  /** A fault or other timeline event (crash, restart, partition, heal, flush, compact...). */
  public record Fault(long atMicros, String kind, String text) {}

  /** A key the run wrote or read: its table, text as cqlsh prints it, token, token as a long, replicas in order. */
  public record KeyInfo(String table, String key, String token, long tokenLong, List<String> replicas) {}

  public static final long NO_TOKEN = Long.MIN_VALUE;

  /** The key of {@code table} and {@code key}, or null. */
  public KeyInfo key(String table, String key) {
    for (KeyInfo k : keys) if (k.table().equals(table) && k.key().equals(key)) return k;
    return null;
  }

  /** The request id under which read {@code rd}'s coordinator asked its replicas for data; -1 when none was traced. */
  static long readRequest(List<TraceModel.Msg> msgs, io.ringsim.sim.OpRecord rd) {
    for (TraceModel.Msg m : msgs) {
      if (m.from().equals(rd.coordinator()) && (m.kind().equals("read-data") || m.kind().equals("local-read"))
          && m.sendMicros() >= rd.invokeMicros() && m.sendMicros() <= rd.completeMicros()) return m.requestId();
    }
    return -1;
  }
}
