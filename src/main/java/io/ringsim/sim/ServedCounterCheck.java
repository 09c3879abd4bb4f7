package io.ringsim.sim;

import io.ringsim.sim.cells.CellKey;
import io.ringsim.sim.cells.Deletion;
import io.ringsim.sim.cells.ServedOp;
import io.ringsim.storage.ClusteringComparator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Checks counter cells as sums of increments. A counter is not last-write-wins: its value is the sum of the
 * increments that reached it, so a read is judged against bounds. An increment acknowledged before the read began
 * counts as surely in it, as a plain cell's acknowledged write does for the cell checker (a read that misses it is
 * stale, whatever the levels: the anomaly says when R + W &lt;= RF, {@link io.ringsim.sim.cells.Reach}, so that
 * Cassandra did not promise the read would see it); one that may have counted (a timeout, a failure after its leader
 * may have counted it, one still running) may or may not be. So the value must lie between the sure sum plus every
 * negative maybe and the sure sum plus every positive maybe. Below or above: if leaving out some sure increments
 * explains it, one is missing (a stale read, or a lost increment at the read-back at ALL); if nothing does, no
 * increment sent explains the value.
 *
 * <p>A TRUNCATE removes what every replica had applied before it began. What reached only some replicas may still
 * arrive after it, and what a read running across it saw before may be repaired back onto the replicas after it: such
 * increments may or may not count (Cassandra's truncation empties each replica's tables once; it filters nothing that
 * comes later).
 *
 * <p>Not judged: a cell a counter deletion may have reached (a deleted counter cannot be used again in Cassandra: what
 * a later increment does is undefined), a read concurrent with a DROP or TRUNCATE of its table, and a partition with a
 * write whose increments are not known (it timed out before its coordinator built them).
 */
final class ServedCounterCheck {
  private ServedCounterCheck() {}

  /** The counts this check adds to the verdict. */
  record Counts(long reads, long keys, long stale, long ryw, long lost) {}

  static Counts check(List<ServedOp> ops, List<Checker.Anomaly> anomalies, Map<NotJudged, Long> notJudged) {
    Map<String, List<ServedOp.CounterWrite>> writes = new TreeMap<>();
    Map<String, List<ServedOp.CounterRead>> reads = new TreeMap<>();
    // Every read, answered or not: one running across a TRUNCATE may repair older counts back onto its replicas.
    Map<String, List<ServedOp.CounterRead>> allReads = new TreeMap<>();
    Map<String, List<ServedOp.Removal>> removals = new TreeMap<>();
    for (ServedOp op : ops) {
      if (op instanceof ServedOp.CounterWrite w) {
        writes.computeIfAbsent(w.partition().identity(), k -> new ArrayList<>()).add(w);
      } else if (op instanceof ServedOp.CounterRead r) {
        if (!r.finalRead()) allReads.computeIfAbsent(r.partition().identity(), k -> new ArrayList<>()).add(r);
        if (r.outcome() == ServedOp.Outcome.OK) reads.computeIfAbsent(r.partition().identity(), k -> new ArrayList<>()).add(r);
      } else if (op instanceof ServedOp.Removal r) {
        removals.computeIfAbsent(r.table(), k -> new ArrayList<>()).add(r);
      }
    }
    long[] c = new long[5];
    for (Map.Entry<String, List<ServedOp.CounterRead>> e : reads.entrySet()) {
      List<ServedOp.CounterRead> rs = new ArrayList<>(e.getValue());
      rs.sort(Comparator.comparing(ServedOp.CounterRead::finalRead).thenComparingLong(ServedOp.CounterRead::invokeMicros)
          .thenComparingLong(ServedOp.CounterRead::id));
      List<ServedOp.CounterWrite> ws = writes.getOrDefault(e.getKey(), List.of());
      List<ServedOp.Removal> rm = removals.getOrDefault(rs.get(0).partition().table(), List.of());
      List<ServedOp.CounterRead> all = allReads.getOrDefault(e.getKey(), List.of());
      for (ServedOp.CounterRead r : rs) judge(r, ws, rm, all, anomalies, notJudged, c);
    }
    return new Counts(c[0], c[1], c[2], c[3], c[4]);
  }

  private static void judge(ServedOp.CounterRead r, List<ServedOp.CounterWrite> writes,
      List<ServedOp.Removal> removals, List<ServedOp.CounterRead> partitionReads, List<Checker.Anomaly> anomalies,
      Map<NotJudged, Long> notJudged, long[] c) {
    ClusteringComparator cmp = r.comparator();
    long readEnd = r.finalRead() ? Long.MAX_VALUE : r.completeMicros();
    // A removal of the table: what completed before it began is gone; what ran across it may or may not be. Two
    // events at the same virtual instant are in no known order (a TRUNCATE takes no virtual time), so an instant
    // shared with a removal counts as across it.
    ServedOp.Removal last = null;
    for (ServedOp.Removal e : removals) {
      if (!r.finalRead() && e.invokeMicros() <= r.completeMicros() && e.completeMicros() >= r.invokeMicros()) {
        notJudged.merge(NotJudged.DURING_SCHEMA_REMOVAL, 1L, Long::sum);
        return;
      }
      if ((r.finalRead() || e.completeMicros() < r.invokeMicros()) && e.column() == null
          && (last == null || e.completeMicros() > last.completeMicros())) last = e;
    }
    List<ServedOp.CounterWrite> relevant = new ArrayList<>();
    for (ServedOp.CounterWrite w : writes) {
      if (w.invokeMicros() > readEnd) continue;
      if (!w.acknowledged() && !w.mayHaveApplied()) continue;
      // Gone with the TRUNCATE when every replica had applied it; else a replica it had not reached yet may apply it
      // after the TRUNCATE (its mutation still in flight), so it may or may not count.
      // And a read of the partition running across the TRUNCATE may have read it before and repaired it onto a
      // replica after (a replica truncates what it holds, not what arrives later): then it may count again.
      if (last != null && w.completeMicros() < last.invokeMicros() && w.reach().everyReplica()
          && !readAcross(partitionReads, last)) continue;
      if (w.deltas() == null) {
        notJudged.merge(NotJudged.COUNTER_EFFECT_UNKNOWN, 1L, Long::sum);
        return;
      }
      relevant.add(w);
    }
    // The cells judged: those the read returned and those written that its region covers.
    Set<CellKey> cells = new LinkedHashSet<>();
    List<CellKey> seen = new ArrayList<>(r.values().keySet());
    for (ServedOp.CounterWrite w : relevant) seen.addAll(w.deltas().keySet());
    seen.sort((a, b) -> ServedChecker.order(a, b, cmp));
    for (CellKey k : seen) if (r.region().contains(k, cmp)) cells.add(k);
    boolean deleted = false;
    List<Finding> missing = new ArrayList<>(), unexplained = new ArrayList<>();
    for (CellKey k : cells) {
      if (deletedBy(k, relevant, cmp) || columnRemoved(k, removals, readEnd)) {
        deleted = true;
        continue;
      }
      long sure = 0, surePos = 0, sureNeg = 0, maybePos = 0, maybeNeg = 0;
      int sureCount = 0;
      boolean promised = true;
      ServedOp.CounterWrite lastSure = null;
      for (ServedOp.CounterWrite w : relevant) {
        Long d = w.deltas().get(k);
        if (d == null) continue;
        if (sure(w, r, last)) {
          sure += d;
          if (d > 0) surePos += d;
          else sureNeg += d;
          sureCount++;
          promised &= w.reach().overlaps(r.reach());
          if (lastSure == null || w.completeMicros() > lastSure.completeMicros()) lastSure = w;
        } else {
          if (d > 0) maybePos += d;
          else maybeNeg += d;
        }
      }
      long v = r.values().getOrDefault(k, 0L);
      long lo = sure + maybeNeg, hi = sure + maybePos;
      if (v >= lo && v <= hi) continue;
      // With any sure increments left out, the value could lie between these.
      long loAny = sureNeg + maybeNeg, hiAny = surePos + maybePos;
      String value = r.values().containsKey(k) ? String.valueOf(v) : Say.EN.get("say.served.counter.none");
      if (v >= loAny && v <= hiAny) {
        // One label per sentence, so that the reader's language can read the sentence back whole (Labels#say).
        String label = promised ? "say.served.counter.missing" : "say.served.counter.missing.not-promised";
        missing.add(new Finding(k, Say.EN.f(label, k.describe(cmp), value, sure, sureCount, lo, hi), lastSure));
      } else {
        unexplained.add(new Finding(k, Say.EN.f("say.served.counter.unexplained", k.describe(cmp), value, loAny,
            hiAny), null));
      }
    }
    if (deleted) notJudged.merge(NotJudged.COUNTER_DELETED, 1L, Long::sum);
    if (r.finalRead()) c[1]++;
    else c[0]++;
    if (!unexplained.isEmpty()) {
      anomalies.add(new Checker.Anomaly(AnomalyKind.COUNTER_UNEXPLAINED, r.partition().row(), r.invokeMicros(),
          r.consistency(), detail(r, unexplained), unexplained.get(0).cell().describe(cmp)));
    }
    if (missing.isEmpty()) return;
    if (r.finalRead()) {
      // The read-back at ALL: each cell whose acknowledged increments are not all there lost some.
      for (Finding f : missing) {
        c[4]++;
        anomalies.add(new Checker.Anomaly(AnomalyKind.LOST_WRITE, r.partition().row(), f.lastSure().completeMicros(),
            f.lastSure().consistency(), Say.EN.f("say.anomaly.final", f.text()), f.cell().describe(cmp)));
      }
      return;
    }
    c[2]++;
    ServedOp.CounterWrite by = missing.get(0).lastSure();
    boolean sameClient = by != null && by.client() == r.client();
    if (sameClient) c[3]++;
    anomalies.add(new Checker.Anomaly(sameClient ? AnomalyKind.READ_YOUR_WRITES : AnomalyKind.STALE_READ,
        r.partition().row(), r.invokeMicros(), r.consistency(), detail(r, missing),
        missing.get(0).cell().describe(cmp)));
  }

  /** Whether a read of the partition ran across {@code removal} (an instant shared with it counts as across). */
  private static boolean readAcross(List<ServedOp.CounterRead> reads, ServedOp.Removal removal) {
    for (ServedOp.CounterRead q : reads) {
      if (q.invokeMicros() <= removal.completeMicros() && q.completeMicros() >= removal.invokeMicros()) return true;
    }
    return false;
  }

  /** A cell found out of bounds, what was found, and the last sure increment of it (null: none). */
  private record Finding(CellKey cell, String text, ServedOp.CounterWrite lastSure) {}

  private static String detail(ServedOp.CounterRead r, List<Finding> findings) {
    return findings.size() > 1
        ? Say.EN.f("say.served.read.more", r.id(), r.consistency(), r.coordinator(), findings.get(0).text(),
            findings.size() - 1)
        : Say.EN.f("say.served.read", r.id(), r.consistency(), r.coordinator(), findings.get(0).text());
  }

  /** Whether an ALTER TABLE ... DROP of {@code k}'s column may have come before the read's end. */
  private static boolean columnRemoved(CellKey k, List<ServedOp.Removal> removals, long readEnd) {
    for (ServedOp.Removal e : removals) {
      if (k.column().equals(e.column()) && e.invokeMicros() <= readEnd) return true;
    }
    return false;
  }

  /**
   * Whether a write that may have counted surely counted for the read: acknowledged before the read began and not
   * across a removal of its table (begun at the instant the removal ended counts as across). Else it may or may
   * not be in the read.
   */
  private static boolean sure(ServedOp.CounterWrite w, ServedOp.CounterRead r, ServedOp.Removal removal) {
    boolean before = r.finalRead() || w.completeMicros() < r.invokeMicros();
    boolean acrossRemoval = removal != null && w.invokeMicros() <= removal.completeMicros();
    return w.acknowledged() && before && !acrossRemoval;
  }

  /** Whether a deletion that may have been applied covers counter cell {@code k}. */
  private static boolean deletedBy(CellKey k, List<ServedOp.CounterWrite> writes, ClusteringComparator cmp) {
    for (ServedOp.CounterWrite w : writes) {
      for (Deletion d : w.deletions()) {
        if (d instanceof Deletion.OfCollection col ? col.row().equals(k.clustering()) && col.column().equals(k.column())
            : d.covers(k, cmp)) return true;
      }
    }
    return false;
  }
}
