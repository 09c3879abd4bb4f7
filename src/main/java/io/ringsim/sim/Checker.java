package io.ringsim.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checks a history in the spirit of Jepsen's checkers. Time order is real (simulated) time: an operation precedes
 * another when it completed before the other was invoked. A read is stale when the write it saw (or the absence it
 * saw) precedes the last acknowledged write or delete of that key that completed before the read began; a write is
 * lost when the final read, after the cluster is healed, sees something older than the last acknowledged write.
 * Last-write-wins with skewed clocks shows up here as stale reads and lost writes.
 */
public final class Checker {
  private Checker() {}

  /** One anomaly: its kind, the key, when, and the operations involved. */
  public record Anomaly(String kind, String key, long atMicros, String detail) {}

  public record Result(List<Anomaly> anomalies, long readsChecked, long keysChecked, long staleReads,
      long rywViolations, long lostWrites, long lwtViolations) {}

  /** The state of one key after the run, read at ALL once the cluster was healed (-1: absent). */
  public record FinalRead(String key, long version) {}

  /**
   * @param ttlByWorkload TTL in seconds of each workload's writes (its own or the table's default): a row whose last
   *     write has expired may be absent, so that is not counted as stale or lost
   */
  public static Result check(List<OpRecord> history, List<FinalRead> finals, Map<String, Integer> ttlByWorkload) {
    Map<String, List<OpRecord>> mutations = new HashMap<>();
    Map<String, Map<Long, OpRecord>> byVersion = new HashMap<>();
    for (OpRecord op : history) {
      boolean mutation = op.type().equals("write") || op.type().equals("delete")
          || (op.type().equals("lwt") && Boolean.TRUE.equals(op.applied()));
      if (!mutation || !op.ok()) continue;
      mutations.computeIfAbsent(op.row(), k -> new ArrayList<>()).add(op);
      if (op.version() >= 0) byVersion.computeIfAbsent(op.row(), k -> new HashMap<>()).put(op.version(), op);
    }
    // Failed and timed-out writes may still have been applied: they can explain what a read saw.
    Map<String, Map<Long, OpRecord>> maybe = new HashMap<>();
    for (OpRecord op : history) {
      if ((op.type().equals("write") || op.type().equals("lwt")) && !op.ok() && op.version() >= 0)
        maybe.computeIfAbsent(op.row(), k -> new HashMap<>()).put(op.version(), op);
    }
    for (List<OpRecord> l : mutations.values()) l.sort((a, b) -> Long.compare(a.completeMicros(), b.completeMicros()));
    List<Anomaly> anomalies = new ArrayList<>();
    long stale = 0, ryw = 0, reads = 0, lost = 0, lwt = 0;
    for (OpRecord r : history) {
      if (!r.type().equals("read") || !r.ok()) continue;
      reads++;
      String why = stale(r.row(), r.version(), r.invokeMicros(), mutations, byVersion, ttlByWorkload);
      if (why == null) continue;
      stale++;
      OpRecord last = lastBefore(mutations.get(r.row()), r.invokeMicros());
      boolean sameClient = last != null && last.worker() == r.worker() && last.workload().equals(r.workload());
      if (sameClient) ryw++;
      anomalies.add(new Anomaly(sameClient ? "read-your-writes" : "stale-read", r.row(), r.invokeMicros(),
          "read #" + r.id() + " at " + r.consistency() + " via " + r.coordinator() + " " + why));
    }
    for (FinalRead f : finals) {
      String why = stale(f.key(), f.version(), Long.MAX_VALUE, mutations, byVersion, ttlByWorkload);
      if (why == null) continue;
      lost++;
      OpRecord last = lastBefore(mutations.get(f.key()), Long.MAX_VALUE);
      anomalies.add(new Anomaly("lost-write", f.key(), last == null ? 0 : last.completeMicros(),
          "after healing, a read at ALL " + why));
    }
    Map<String, Integer> appliedLwt = new TreeMap<>();
    for (OpRecord op : history) {
      if (op.type().equals("lwt") && Boolean.TRUE.equals(op.applied())) {
        int n = appliedLwt.merge(op.row(), 1, Integer::sum);
        if (n == 2) {
          lwt++;
          anomalies.add(new Anomaly("lwt", op.row(), op.invokeMicros(), "two INSERT ... IF NOT EXISTS on the same"
              + " row both applied (second: #" + op.id() + " via " + op.coordinator() + ")"));
        }
      }
    }
    anomalies.sort((a, b) -> Long.compare(a.atMicros(), b.atMicros()));
    return new Result(anomalies, reads, finals.size(), stale, ryw, lost, lwt);
  }

  private static OpRecord lastBefore(List<OpRecord> ops, long before) {
    if (ops == null) return null;
    OpRecord last = null;
    for (OpRecord op : ops) if (op.completeMicros() < before) last = op;
    return last;
  }

  /** Why observing {@code version} at {@code invoke} is stale, or null when it is fine. */
  private static String stale(String key, long version, long invoke, Map<String, List<OpRecord>> mutations,
      Map<String, Map<Long, OpRecord>> byVersion, Map<String, Integer> ttlByWorkload) {
    OpRecord last = lastBefore(mutations.get(key), invoke);
    if (last == null) return null;
    int ttl = ttlByWorkload.getOrDefault(last.workload(), 0);
    // The coordinator stamped the write with its clock (virtual time plus skew); expiry counts from there.
    if (ttl > 0 && (invoke == Long.MAX_VALUE || last.version() + ttl * 1_000_000L <= invoke)) return null;
    boolean lastIsDelete = last.type().equals("delete");
    if (version < 0) {
      return lastIsDelete ? null : "saw no row, but write #" + last.id() + " (acknowledged at "
          + last.completeMicros() / 1000 + " ms via " + last.coordinator() + ") came before it";
    }
    OpRecord seen = byVersion.getOrDefault(key, Map.of()).get(version);
    if (seen == null || seen == last) return null;
    if (seen.completeMicros() < last.invokeMicros()) {
      return "saw the value of #" + seen.id() + " (written at timestamp " + seen.version() + "), older than "
          + (lastIsDelete ? "delete" : "write") + " #" + last.id() + " (timestamp " + last.version() + ", via "
          + last.coordinator() + ")";
    }
    return null;
  }
}
