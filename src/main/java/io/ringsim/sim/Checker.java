package io.ringsim.sim;

import static io.ringsim.sim.Say.EN;

import io.ringsim.sim.cells.Expiry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

  /**
   * One anomaly: its kind, the key, when, the consistency level of the operation it is about (the stale read's, the
   * lost write's, SERIAL for the Paxos of an LWT row), and the operations involved. {@code cell}: for the checker
   * at Cassandra's granularity, the cell within the partition {@code key} names, as a user names it (its row's
   * clustering values and its column, "row (35) column subject"); null for an anomaly of a whole row.
   */
  public record Anomaly(AnomalyKind kind, String key, long atMicros, String consistency, String detail,
      @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
      String cell) {
    /** An anomaly of a whole row (the per-row checker's, an LWT's). */
    public Anomaly(AnomalyKind kind, String key, long atMicros, String consistency, String detail) {
      this(kind, key, atMicros, consistency, detail, null);
    }
  }

  /**
   * The verdict. {@code notJudged}: what the checker could not decide, by reason (operations, or partitions for
   * LWTs); none of it is counted as an anomaly.
   */
  public record Result(List<Anomaly> anomalies, long readsChecked, long keysChecked, long staleReads,
      long rywViolations, long lostWrites, long lwtViolations, Map<NotJudged, Long> notJudged) {
    public Result {
      anomalies = List.copyOf(anomalies);
      notJudged = java.util.Collections.unmodifiableMap(new java.util.EnumMap<>(notJudged.isEmpty()
          ? new java.util.EnumMap<>(NotJudged.class) : notJudged));
    }

    public Result(List<Anomaly> anomalies, long readsChecked, long keysChecked, long staleReads, long rywViolations,
        long lostWrites, long lwtViolations) {
      this(anomalies, readsChecked, keysChecked, staleReads, rywViolations, lostWrites, lwtViolations, Map.of());
    }

    public static final Result NONE = new Result(List.of(), 0, 0, 0, 0, 0, 0);

    /** Both verdicts together (the workloads' and the served clients'), anomalies in time order. */
    public Result plus(Result o) {
      List<Anomaly> all = new ArrayList<>(anomalies);
      all.addAll(o.anomalies);
      all.sort((a, b) -> Long.compare(a.atMicros(), b.atMicros()));
      Map<NotJudged, Long> nj = new java.util.EnumMap<>(NotJudged.class);
      nj.putAll(notJudged);
      o.notJudged.forEach((k, v) -> nj.merge(k, v, Long::sum));
      return new Result(all, readsChecked + o.readsChecked, keysChecked + o.keysChecked, staleReads + o.staleReads,
          rywViolations + o.rywViolations, lostWrites + o.lostWrites, lwtViolations + o.lwtViolations, nj);
    }

    public long notJudgedTotal() {
      return notJudged.values().stream().mapToLong(Long::longValue).sum();
    }
  }

  /**
   * The state of one key after the run, read at ALL once the cluster was healed (-1: absent). {@code nowInSec}: the
   * now its coordinator judged expiry by, null when not reported (then a key whose last write had a TTL is counted as
   * not judged: {@link NotJudged#TTL_NOW_UNKNOWN}).
   */
  public record FinalRead(String key, long version, Integer nowInSec) {
    public FinalRead(String key, long version) {
      this(key, version, null);
    }
  }

  /**
   * @param ttlByWorkload TTL in seconds of each workload's writes (its own or the table's default): a row whose last
   *     write may have expired by the read's now may be absent, so that is not counted as stale or lost
   */
  public static Result check(List<OpRecord> history, List<FinalRead> finals, Map<String, Integer> ttlByWorkload) {
    Map<String, List<OpRecord>> mutations = new HashMap<>();
    Map<String, Map<Long, OpRecord>> byVersion = new HashMap<>();
    for (OpRecord op : history) {
      boolean mutation = op.type() == OpType.WRITE || op.type() == OpType.DELETE
          || (op.type() == OpType.LWT && Boolean.TRUE.equals(op.applied()));
      if (!mutation || !op.ok()) continue;
      mutations.computeIfAbsent(op.row(), k -> new ArrayList<>()).add(op);
      if (op.version() >= 0) byVersion.computeIfAbsent(op.row(), k -> new HashMap<>()).put(op.version(), op);
    }
    // Failed and timed-out writes may still have been applied: they can explain what a read saw.
    Map<String, Map<Long, OpRecord>> maybe = new HashMap<>();
    for (OpRecord op : history) {
      if ((op.type() == OpType.WRITE || op.type() == OpType.LWT) && !op.ok() && op.version() >= 0)
        maybe.computeIfAbsent(op.row(), k -> new HashMap<>()).put(op.version(), op);
    }
    for (List<OpRecord> l : mutations.values()) l.sort((a, b) -> Long.compare(a.completeMicros(), b.completeMicros()));
    List<Anomaly> anomalies = new ArrayList<>();
    Map<NotJudged, Long> notJudged = new java.util.EnumMap<>(NotJudged.class);
    long stale = 0, ryw = 0, reads = 0, lost = 0, lwt = 0;
    for (OpRecord r : history) {
      if (r.type() != OpType.READ || !r.ok()) continue;
      reads++;
      Judged j = stale(r.row(), r.version(), r.invokeMicros(), r.nowInSec(), mutations, byVersion, ttlByWorkload);
      if (j.notJudged() != null) notJudged.merge(j.notJudged(), 1L, Long::sum);
      String why = j.why();
      if (why == null) continue;
      stale++;
      OpRecord last = lastBefore(mutations.get(r.row()), r.invokeMicros());
      boolean sameClient = last != null && last.worker() == r.worker() && last.workload().equals(r.workload());
      if (sameClient) ryw++;
      anomalies.add(new Anomaly(sameClient ? AnomalyKind.READ_YOUR_WRITES : AnomalyKind.STALE_READ, r.row(),
          r.invokeMicros(), r.consistency().name(), EN.f("say.anomaly.read", r.id(), r.consistency(), r.coordinator(),
          why)));
    }
    for (FinalRead f : finals) {
      Judged j = stale(f.key(), f.version(), Long.MAX_VALUE, f.nowInSec(), mutations, byVersion, ttlByWorkload);
      if (j.notJudged() != null) notJudged.merge(j.notJudged(), 1L, Long::sum);
      String why = j.why();
      if (why == null) continue;
      lost++;
      OpRecord last = lastBefore(mutations.get(f.key()), Long.MAX_VALUE);
      anomalies.add(new Anomaly(AnomalyKind.LOST_WRITE, f.key(), last == null ? 0 : last.completeMicros(),
          last == null ? "" : last.consistency().name(), EN.f("say.anomaly.final", why)));
    }
    lwt += checkLwtRows(history, ttlByWorkload, anomalies, notJudged);
    anomalies.sort((a, b) -> Long.compare(a.atMicros(), b.atMicros()));
    return new Result(anomalies, reads, finals.size(), stale, ryw, lost, lwt, notJudged);
  }

  /** Steps the linearizability search may take per row before it reports the row as unchecked. */
  static final long LWT_SEARCH_BUDGET = 2_000_000;

  /**
   * Every row that saw a lightweight transaction is checked for linearizability over its LWTs, SERIAL reads and plain
   * writes and deletes (Paxos promises nothing when LWTs and plain writes mix, and the check shows it). A row whose
   * writes carry a TTL expires at each write's now plus its TTL, and every operation judges it at its own now; such a
   * row is counted as not judged when a write timed out or an operation's now is unknown. Returns the rows that are
   * not linearizable; rows the search gives up on are counted in {@code notJudged}.
   */
  private static long checkLwtRows(List<OpRecord> history, Map<String, Integer> ttlByWorkload,
      List<Anomaly> anomalies, Map<NotJudged, Long> notJudged) {
    Map<String, List<OpRecord>> byRow = new TreeMap<>();
    Set<String> lwtRows = new java.util.HashSet<>();
    for (OpRecord op : history) {
      byRow.computeIfAbsent(op.row(), k -> new ArrayList<>()).add(op);
      if (op.type() == OpType.LWT) lwtRows.add(op.row());
    }
    long violations = 0;
    for (Map.Entry<String, List<OpRecord>> e : byRow.entrySet()) {
      if (!lwtRows.contains(e.getKey())) continue;
      boolean ttls = e.getValue().stream().anyMatch(o -> ttlByWorkload.getOrDefault(o.workload(), 0) > 0);
      if (ttls && !nowsKnown(e.getValue(), ttlByWorkload)) {
        notJudged.merge(NotJudged.LWT_TTL, 1L, Long::sum);
        continue;
      }
      List<LwtLinearizability.Op> ops = new ArrayList<>();
      List<OpRecord> source = new ArrayList<>();
      boolean mixed = false;
      for (OpRecord o : e.getValue()) {
        LwtLinearizability.Op op = lwtOp(o, ttls ? ttlByWorkload.getOrDefault(o.workload(), 0) : 0);
        if (op == null) continue;
        ops.add(op);
        source.add(o);
        mixed |= o.type() == OpType.WRITE || o.type() == OpType.DELETE;
      }
      LwtLinearizability.Verdict v = LwtLinearizability.check(ops, LwtLinearizability.State.ABSENT_ROW, LWT_SEARCH_BUDGET);
      if (Boolean.TRUE.equals(v.linearizable())) continue;
      long at = source.stream().mapToLong(OpRecord::invokeMicros).min().orElse(0);
      if (v.linearizable() == null) {
        // Undecided is not an anomaly: it is counted, with its reason, as not judged.
        notJudged.merge(NotJudged.LWT_SEARCH_BUDGET, 1L, Long::sum);
        continue;
      }
      violations++;
      OpRecord stuck = v.stuck() == null ? null : source.stream().filter(o -> o.id() == v.stuck().id()).findFirst()
          .orElse(null);
      anomalies.add(new Anomaly(AnomalyKind.LWT, e.getKey(), stuck == null ? at : stuck.invokeMicros(), "SERIAL",
          EN.f("say.anomaly.lwt", ops.size(), v.placed(), stuck == null ? (mixed ? EN.get("say.lwt.mixed") : "")
              : EN.f(mixed ? "say.lwt.stuck.mixed" : "say.lwt.stuck", stuck.id(), describe(stuck),
                  stuck.coordinator()))));
    }
    return violations;
  }

  private static String describe(OpRecord o) {
    return switch (o.type()) {
      case LWT -> EN.f("say.op.lwt", o.ok() ? "[applied] = " + o.applied() : o.outcome().label());
      case READ -> o.version() < 0 ? EN.f("say.op.read.none", o.consistency())
          : EN.f("say.op.read", o.consistency(), o.version());
      default -> EN.f("say.op.other", o.type().label(), o.consistency(), o.outcome().label());
    };
  }

  /**
   * Whether a row with TTLs can be judged: every operation that says something about the row reported its
   * coordinator's now, and none whose write carries a TTL is indeterminate (a timed-out write may have taken effect
   * at a now nobody learnt, so when it expires cannot be told).
   */
  private static boolean nowsKnown(List<OpRecord> row, Map<String, Integer> ttlByWorkload) {
    for (OpRecord o : row) {
      if (lwtOp(o, 0) == null) continue;
      boolean writes = o.type() != OpType.READ;
      if (!o.ok()) {
        if (writes && ttlByWorkload.getOrDefault(o.workload(), 0) > 0) return false;
      } else if (o.nowInSec() == null) {
        return false;
      }
    }
    return true;
  }

  /**
   * The operation as the linearizability check sees it, with its TTL ({@code ttl}, 0 for none) and its coordinator's
   * now; null when it says nothing about the row.
   */
  private static LwtLinearizability.Op lwtOp(OpRecord o, int ttl) {
    if (!o.ok() && "Unavailable".equals(o.error())) return null; // refused before anything was sent
    long end = o.ok() ? o.completeMicros() : Long.MAX_VALUE;
    long now = o.nowInSec() == null ? 0 : o.nowInSec();
    LwtLinearizability.Kind kind;
    long version;
    switch (o.type()) {
      case LWT -> {
        kind = !o.ok() ? LwtLinearizability.Kind.INSERT_UNKNOWN
            : Boolean.TRUE.equals(o.applied()) ? LwtLinearizability.Kind.INSERT_APPLIED
            : LwtLinearizability.Kind.INSERT_REFUSED;
        version = LwtLinearizability.PRESENT;
      }
      case READ -> {
        if (!o.ok() || !o.consistency().isSerial()) return null;
        kind = LwtLinearizability.Kind.SERIAL_READ;
        version = o.version() < 0 ? LwtLinearizability.ABSENT : o.version();
        ttl = 0;
      }
      case WRITE -> {
        kind = LwtLinearizability.Kind.WRITE;
        version = o.version() < 0 ? LwtLinearizability.PRESENT : o.version();
      }
      case DELETE -> {
        kind = LwtLinearizability.Kind.DELETE;
        version = LwtLinearizability.ABSENT;
        ttl = 0;
      }
      default -> {
        return null;
      }
    }
    return new LwtLinearizability.Op(o.id(), kind, o.invokeMicros(), end, version, now, ttl);
  }

  private static OpRecord lastBefore(List<OpRecord> ops, long before) {
    if (ops == null) return null;
    OpRecord last = null;
    for (OpRecord op : ops) if (op.completeMicros() < before) last = op;
    return last;
  }

  /**
   * Whether a row written with {@code ttl} at its coordinator's now {@code writeNow} may have expired for a read whose
   * coordinator's now was {@code readNow} (whole seconds): {@link Expiry}'s rule, the cell checker's.
   */
  static boolean mayHaveExpired(int writeNow, int ttl, int readNow) {
    return !Expiry.certainlyLive(Expiry.localDeletionTime(writeNow, ttl), readNow);
  }

  /**
   * A write's now: its coordinator's, as its answer reported it. Without it (a run on a real cluster), the second of
   * its timestamp, which is its coordinator's clock, or the second before when the timestamp was bumped past the
   * clock (a coordinator keeps its timestamps increasing: by a few microseconds, {@link #TIMESTAMP_BUMP_MICROS}
   * allows for it; a clock set back by a skew bumps them further, which this cannot see).
   */
  static int writeNow(OpRecord w) {
    if (w.nowInSec() != null) return w.nowInSec();
    return (int) Math.floorDiv(w.version() - TIMESTAMP_BUMP_MICROS, 1_000_000L);
  }

  /** How far past its clock a coordinator's write timestamp may be (see {@link #writeNow}). */
  static final long TIMESTAMP_BUMP_MICROS = 1000;

  /** What judging one observation found: {@code why} it is stale (null: fine), or why it was not judged. */
  private record Judged(String why, NotJudged notJudged) {
    static final Judged FINE = new Judged(null, null);

    static Judged stale(String why) {
      return new Judged(why, null);
    }
  }

  /**
   * Whether observing {@code version} at {@code invoke} is stale. {@code readNow}: the now the read judged expiry by
   * (whole seconds of its coordinator's clock), null when not reported. When the last write had a TTL and either now
   * is unknown, whether it had expired cannot be told: not judged, rather than assumed expired.
   */
  private static Judged stale(String key, long version, long invoke, Integer readNow,
      Map<String, List<OpRecord>> mutations, Map<String, Map<Long, OpRecord>> byVersion,
      Map<String, Integer> ttlByWorkload) {
    OpRecord last = lastBefore(mutations.get(key), invoke);
    if (last == null) return Judged.FINE;
    int ttl = ttlByWorkload.getOrDefault(last.workload(), 0);
    if (ttl > 0) {
      if (readNow == null || last.version() < 0 && last.nowInSec() == null) {
        return new Judged(null, NotJudged.TTL_NOW_UNKNOWN);
      }
      if (mayHaveExpired(writeNow(last), ttl, readNow)) return Judged.FINE;
    }
    boolean lastIsDelete = last.type() == OpType.DELETE;
    if (version < 0) {
      return lastIsDelete ? Judged.FINE : Judged.stale(EN.f("say.why.no-row", last.id(),
          last.completeMicros() / 1000, last.coordinator()));
    }
    OpRecord seen = byVersion.getOrDefault(key, Map.of()).get(version);
    if (seen == null || seen == last) return Judged.FINE;
    if (seen.completeMicros() < last.invokeMicros()) {
      return Judged.stale(EN.f(lastIsDelete ? "say.why.older.delete" : "say.why.older", seen.id(), seen.version(),
          last.id(), last.version(), last.coordinator()));
    }
    return Judged.FINE;
  }
}
