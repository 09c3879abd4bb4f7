package io.ringsim.sim;

import io.ringsim.sim.cells.ServedOp;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Linearizability of served clients' lightweight transactions, only where the check really decides it: a partition
 * of a table without clustering columns (one row) whose LWTs are all INSERT ... IF NOT EXISTS, with no plain write or
 * delete and no schema removal beside them. The row is then a register that IF NOT EXISTS fills; SERIAL reads see it.
 * Written with a TTL, the row expires as Cassandra expires it, at its local deletion time (the inserting round's now
 * plus the TTL, whole seconds), and each LWT and SERIAL read judges whether it lives at its own coordinator's now.
 * That register is what a scenario workload's IF NOT EXISTS (its condition not recorded) is judged on; a served
 * client's LWTs, their conditions recorded, and the plain writes beside them are judged row by row on the rows' values
 * ({@link ServedLwtRows}). What neither can judge is counted as not judged, with the reason, never as a violation; so
 * is a partition with TTLs where an operation's now, or the expiry of an insert that may have taken effect, is unknown.
 */
final class ServedLwtCheck {
  private ServedLwtCheck() {}

  static void check(List<ServedOp> ops, List<Checker.Anomaly> anomalies, Map<NotJudged, Long> notJudged) {
    Map<String, List<ServedOp>> byPartition = new TreeMap<>();
    Set<String> lwtPartitions = new HashSet<>();
    Map<String, Long> removedTables = new java.util.HashMap<>(); // table -> the first removal's invocation
    Map<String, NotJudged> uncaptured = new java.util.HashMap<>();
    // SERIAL reads left out of the judgement (an empty page) still ran Paxos rounds that may have finished an LWT.
    Map<String, List<ServedOp>> otherRounds = new java.util.HashMap<>();
    for (ServedOp op : ops) {
      if (op instanceof ServedOp.Removal r) removedTables.merge(r.table(), r.invokeMicros(), Math::min);
      if (op instanceof ServedOp.Write w && w.notJudged() != null
          && (w.lwt() != ServedOp.Lwt.NONE || w.outcome().mayHaveApplied())) {
        // A write left out (an LWT, or a plain write the rows' LWTs may have read) would leave its row's other
        // answers unexplained: its partition is not judged, not guessed.
        uncaptured.putIfAbsent(w.partition().identity(), w.notJudged());
      }
      if (op instanceof ServedOp.Write w && w.notJudged() == null) {
        byPartition.computeIfAbsent(w.partition().identity(), k -> new ArrayList<>()).add(w);
        if (w.lwt() != ServedOp.Lwt.NONE) lwtPartitions.add(w.partition().identity());
      }
      if (op instanceof ServedOp.Read r && r.notJudged() != null && r.consistency().endsWith("SERIAL")) {
        otherRounds.computeIfAbsent(r.partition().identity(), k -> new ArrayList<>()).add(r);
      }
      if (op instanceof ServedOp.Read r && r.notJudged() == null && !r.finalRead()) {
        byPartition.computeIfAbsent(r.partition().identity(), k -> new ArrayList<>()).add(r);
      }
    }
    for (Map.Entry<String, List<ServedOp>> e : byPartition.entrySet()) {
      if (!lwtPartitions.contains(e.getKey())) continue;
      boolean rows = byRows(e.getValue());
      NotJudged why = rows && uncaptured.containsKey(e.getKey()) ? uncaptured.get(e.getKey()) : null;
      if (why == null && rows) {
        why = ServedLwtRows.unmodelled(e.getValue(), otherRounds.getOrDefault(e.getKey(), List.of()));
      }
      if (why == null) why = unjudgeable(e.getValue(), removedTables, rows);
      if (why != null) {
        notJudged.merge(why, 1L, Long::sum);
        continue;
      }
      if (rows) {
        boolean ttls = e.getValue().stream().anyMatch(o -> o instanceof ServedOp.Write w && w.mayExpire());
        ServedLwtRows.judge(e.getValue(), ttls, anomalies, notJudged);
      } else {
        judge(e.getValue(), anomalies, notJudged);
      }
    }
  }

  /**
   * Whether a partition's LWTs are judged row by row on the rows' values ({@link ServedLwtRows}): a served client's
   * (its condition recorded), one on a table with clustering columns, or a condition other than IF NOT EXISTS; else
   * as the row-exists register below (a scenario workload's IF NOT EXISTS).
   */
  private static boolean byRows(List<ServedOp> ops) {
    return ops.stream().anyMatch(o -> o instanceof ServedOp.Write w && w.lwt() != ServedOp.Lwt.NONE
        && (w.comparator().size() > 0 || w.lwt() == ServedOp.Lwt.OTHER_CONDITION
            || w.cas() != null && w.cas().condition() != null));
  }

  private static NotJudged unjudgeable(List<ServedOp> ops, Map<String, Long> removedTables, boolean rows) {
    // Judged row by row, a removal after every operation of the partition was answered (a DROP at the session's
    // end) removes nothing they saw; plain writes are placed with the LWTs (ServedLwtRows.unmodelled says which
    // cannot be).
    long last = ops.stream().mapToLong(ServedOp::completeMicros).max().orElse(Long.MIN_VALUE);
    for (ServedOp op : ops) {
      if (op instanceof ServedOp.Write w) {
        Long removed = removedTables.get(w.partition().table());
        if (removed != null && !(rows && removed > last)) return NotJudged.LWT_MIXED;
        if (!rows && w.lwt() == ServedOp.Lwt.NONE && w.outcome().mayHaveApplied()) return NotJudged.LWT_MIXED;
      }
    }
    if (ops.stream().anyMatch(o -> o instanceof ServedOp.Write w && w.mayExpire())) {
      for (ServedOp op : ops) {
        if (!nowKnown(op)) return NotJudged.LWT_TTL;
      }
    }
    return null;
  }

  /**
   * Whether an operation the check places says when it ran and what it wrote well enough to judge expiry: its now
   * (a read's when its coordinator reported it, else only when the clock's second was the same when it left and when
   * it was answered) and, for an insert that may have taken effect, the mutation whose TTL says when the row expires.
   */
  private static boolean nowKnown(ServedOp op) {
    if (op instanceof ServedOp.Write w) {
      if (w.outcome() == ServedOp.Outcome.REFUSED) return true;
      // A plain write reads nothing, and its cells carry their expiry: only its update matters.
      if (w.lwt() == ServedOp.Lwt.NONE) return w.cas() != null && w.cas().update() != null;
      if (w.nowInSec() == null) return false;
      boolean mayHaveWritten = w.outcome() != ServedOp.Outcome.OK || Boolean.TRUE.equals(w.applied());
      return !mayHaveWritten || w.mutation() != null;
    }
    if (op instanceof ServedOp.Read r && placed(r)) return r.nowLo() == r.nowHi();
    return true;
  }

  /** Whether the check places a read: a SERIAL one that was answered. */
  private static boolean placed(ServedOp.Read r) {
    return r.outcome() == ServedOp.Outcome.OK && r.consistency().endsWith("SERIAL");
  }

  /**
   * The second the row an insert's mutation wrote stops being live: its live cells' (the row marker's among them)
   * latest local deletion time, {@link LwtLinearizability#NEVER} when one of them has no TTL.
   */
  static long rowExpires(io.ringsim.sim.cells.Mutation m) {
    long expires = Long.MIN_VALUE;
    for (io.ringsim.sim.cells.CellWrite c : m.writes()) {
      if (c.tombstone()) continue;
      expires = Math.max(expires, c.expiring() ? c.localDeletionTime() : LwtLinearizability.NEVER);
    }
    return expires == Long.MIN_VALUE ? LwtLinearizability.NEVER : expires;
  }

  private static void judge(List<ServedOp> source, List<Checker.Anomaly> anomalies, Map<NotJudged, Long> nj) {
    // Without a TTL anywhere in the partition the row never expires and no operation's now is read.
    boolean ttls = source.stream().anyMatch(o -> o instanceof ServedOp.Write w && w.mayExpire());
    List<LwtLinearizability.Op> ops = new ArrayList<>();
    List<ServedOp> placed = new ArrayList<>();
    String row = null;
    for (ServedOp o : source) {
      LwtLinearizability.Op op = null;
      if (o instanceof ServedOp.Write w) {
        row = w.partition().row();
        if (w.outcome() == ServedOp.Outcome.REFUSED) continue; // refused before anything was sent
        long end = w.outcome() == ServedOp.Outcome.OK ? w.completeMicros() : Long.MAX_VALUE;
        LwtLinearizability.Kind k = w.outcome() != ServedOp.Outcome.OK ? LwtLinearizability.Kind.INSERT_UNKNOWN
            : Boolean.TRUE.equals(w.applied()) ? LwtLinearizability.Kind.INSERT_APPLIED
            : LwtLinearizability.Kind.INSERT_REFUSED;
        long now = ttls ? w.nowInSec() : 0;
        long expires = ttls && w.mutation() != null ? rowExpires(w.mutation()) : LwtLinearizability.NEVER;
        // The Op counts its row's expiry as its now plus a TTL; a mutation says the expiry itself.
        int ttl = expires == LwtLinearizability.NEVER ? 0 : (int) (expires - now);
        op = new LwtLinearizability.Op(w.id(), k, w.invokeMicros(), end, LwtLinearizability.PRESENT, now, ttl);
      } else if (o instanceof ServedOp.Read r && placed(r)) {
        long newest = r.seen().cells().values().stream().mapToLong(Long::longValue).max().orElse(-1);
        long version = newest < 0 && r.seen().markers().isEmpty() ? LwtLinearizability.ABSENT
            : LwtLinearizability.PRESENT;
        op = new LwtLinearizability.Op(r.id(), LwtLinearizability.Kind.SERIAL_READ, r.invokeMicros(),
            r.completeMicros(), version, ttls ? r.nowLo() : 0, 0);
      }
      if (op == null) continue;
      ops.add(op);
      placed.add(o);
    }
    LwtLinearizability.Verdict v = LwtLinearizability.check(ops, LwtLinearizability.State.ABSENT_ROW,
        Checker.LWT_SEARCH_BUDGET);
    if (Boolean.TRUE.equals(v.linearizable())) return;
    if (v.linearizable() == null) {
      nj.merge(NotJudged.LWT_SEARCH_BUDGET, 1L, Long::sum);
      return;
    }
    long at = placed.stream().mapToLong(ServedOp::invokeMicros).min().orElse(0);
    ServedOp stuck = v.stuck() == null ? null
        : placed.stream().filter(o -> o.id() == v.stuck().id()).findFirst().orElse(null);
    String why = stuck == null ? "" : !ttls ? Say.EN.f("say.served.lwt.stuck", stuck.id())
        : Say.EN.f("say.served.lwt.stuck.ttl", stuck.id(), String.valueOf(v.stuck().nowSec()), expiries(ops));
    anomalies.add(new Checker.Anomaly(AnomalyKind.LWT, row, stuck == null ? at : stuck.invokeMicros(), "SERIAL",
        Say.EN.f("say.served.lwt", ops.size(), v.placed(), why)));
  }

  /** The seconds the rows inserted with a TTL expire at, in order, for the anomaly's reader to follow. */
  private static String expiries(List<LwtLinearizability.Op> ops) {
    return ops.stream().filter(o -> o.kind() != LwtLinearizability.Kind.SERIAL_READ && o.ttl() > 0)
        .map(o -> "#" + o.id() + ": " + o.expires()).collect(java.util.stream.Collectors.joining(", "));
  }
}
