package io.ringsim.sim;

import io.ringsim.sim.cells.CellKey;
import io.ringsim.sim.cells.CellWrite;
import io.ringsim.sim.cells.Deletion;
import io.ringsim.sim.cells.ServedOp;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringComparator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checks what served clients did at Cassandra's granularity, the cell: writes to other rows or columns of a
 * partition are independent, as they are in Cassandra. A read is stale only for a cell it covered when a write or
 * delete of that cell, acknowledged before the read began, wins over what it saw by Cassandra's rules (the higher
 * timestamp wins, a deletion wins a tie); a cell it did not see is stale only when such a write is certainly live at
 * the read's now and no deletion that may have been applied by then explains its absence. A write is lost when the
 * read-back at ALL after healing finds one of its cells so. What a DROP, TRUNCATE or ALTER ... DROP removed is not
 * lost. LWTs are checked by {@link ServedLwtCheck}, counters as sums of increments by {@link ServedCounterCheck}; what
 * cannot be placed is counted as not judged.
 *
 * <p>Where every timestamp came from a clock ({@link Order#REAL_TIME}), a write must also win over every write it
 * followed in real time: one acknowledged after another completed, that loses to it by an older timestamp (its
 * coordinator's clock behind), is lost although Cassandra resolved the cell by its rules.
 */
public final class ServedChecker {
  private ServedChecker() {}

  /** What makes one write later than another for the checker. */
  public enum Order {
    /**
     * Only the timestamps: a client may pick them (USING TIMESTAMP), so an older one written later losing is what it
     * asked for. Served clients' histories are judged so.
     */
    TIMESTAMPS,
    /**
     * The timestamps and real time: every timestamp came from a clock (a coordinator's, or a workload client's kept
     * increasing), so a write acknowledged after another completed that loses to it is a lost write (a clock behind,
     * last-write-wins). The scenario workloads' histories are judged so.
     */
    REAL_TIME
  }

  public static Checker.Result check(List<ServedOp> ops) {
    return check(ops, Order.TIMESTAMPS);
  }

  public static Checker.Result check(List<ServedOp> ops, Order order) {
    Map<NotJudged, Long> notJudged = new EnumMap<>(NotJudged.class);
    Map<String, List<ServedOp.Write>> writes = new TreeMap<>();
    Map<String, List<ServedOp.Read>> reads = new TreeMap<>();
    Map<String, List<ServedOp.Removal>> removals = new HashMap<>();
    for (ServedOp op : ops) {
      if (op instanceof ServedOp.Unjudged u) {
        notJudged.merge(u.reason(), 1L, Long::sum);
      } else if (op instanceof ServedOp.Removal r) {
        removals.computeIfAbsent(r.table(), k -> new ArrayList<>()).add(r);
      } else if (op instanceof ServedOp.Write w) {
        if (w.notJudged() != null) notJudged.merge(w.notJudged(), 1L, Long::sum);
        else writes.computeIfAbsent(w.partition().identity(), k -> new ArrayList<>()).add(w);
      } else if (op instanceof ServedOp.Read r) {
        if (r.notJudged() != null) notJudged.merge(r.notJudged(), 1L, Long::sum);
        else if (r.outcome() == ServedOp.Outcome.OK) {
          reads.computeIfAbsent(r.partition().identity(), k -> new ArrayList<>()).add(r);
        }
      }
    }
    Tally t = new Tally(notJudged);
    for (Map.Entry<String, List<ServedOp.Read>> e : reads.entrySet()) {
      List<ServedOp.Read> rs = e.getValue();
      String table = rs.get(0).partition().table();
      new PartitionCheck(writes.getOrDefault(e.getKey(), List.of()), removals.getOrDefault(table, List.of()), t,
          order == Order.REAL_TIME).judge(rs);
    }
    ServedCounterCheck.Counts counters = ServedCounterCheck.check(ops, t.anomalies, notJudged);
    ServedLwtCheck.check(ops, t.anomalies, notJudged);
    long lwt = t.anomalies.stream().filter(a -> a.kind() == AnomalyKind.LWT).count();
    return new Checker.Result(t.anomalies, t.reads + counters.reads(), t.keys + counters.keys(),
        t.stale + counters.stale(), t.ryw + counters.ryw(), t.lost + counters.lost(), lwt, notJudged);
  }

  /** The running counts. */
  private static final class Tally {
    final Map<NotJudged, Long> notJudged;
    final List<Checker.Anomaly> anomalies = new ArrayList<>();
    long reads, keys, stale, ryw, lost;

    Tally(Map<NotJudged, Long> notJudged) {
      this.notJudged = notJudged;
    }
  }

  /** One effect on a cell and the write it came from: what a read must not see past. */
  record Effect(long timestamp, boolean deletion, ServedOp.Write from, String what) {
    /** Cassandra's resolution: the higher timestamp wins; on a tie a deletion wins. */
    boolean supersedes(Effect o) {
      return timestamp != o.timestamp ? timestamp > o.timestamp : deletion && !o.deletion;
    }

    static Effect max(Effect a, Effect b) {
      if (a == null) return b;
      if (b == null) return a;
      return b.supersedes(a) ? b : a;
    }
  }

  /** A cell write acknowledged, with its write. */
  record AckedCell(CellWrite cell, ServedOp.Write from) {
    Effect effect() {
      return new Effect(cell.timestamp(), cell.tombstone(), from,
          Say.EN.get(cell.tombstone() ? "say.served.what.tombstone" : "say.served.what.write"));
    }
  }

  /** The reads of one partition, judged in the order they began against the writes acknowledged before each. */
  private static final class PartitionCheck {
    private final List<ServedOp.Write> writes;
    private final List<ServedOp.Write> byCompletion;
    private final List<ServedOp.Removal> removals;
    private final Tally t;
    // The acknowledged state: every cell's winning write, and the deletions that cover many cells.
    private final Map<CellKey, AckedCell> cells = new LinkedHashMap<>();
    // Of the deletions that cover a partition, a row or a collection only the newest can win: one is kept of each
    // (a busy partition is deleted and rewritten many times); range deletions are kept as they come.
    private Effect partitionDeletion;
    private final Map<Clustering, Effect> rowDeletions = new HashMap<>();
    private final Map<CellKey, Effect> collectionDeletions = new HashMap<>();
    private final List<Deletion> deletions = new ArrayList<>();
    private final List<ServedOp.Write> deletionFrom = new ArrayList<>();
    private int folded;
    /** When the last removal of the whole table completed (writes begun before it are gone). */
    private long tableRemovedAt = Long.MIN_VALUE;
    private final Map<String, Long> columnRemovedAt = new HashMap<>();
    private int removalsApplied;
    private final boolean realTime;
    // For real time: each cell's last acknowledged write and the last deletions, by completion (not timestamp).
    private final Map<CellKey, AckedCell> lastWrite = new LinkedHashMap<>();
    private Effect lastPartitionDeletion;
    private final Map<Clustering, Effect> lastRowDeletion = new HashMap<>();
    private final Map<CellKey, Effect> lastCollectionDeletion = new HashMap<>();

    PartitionCheck(List<ServedOp.Write> writes, List<ServedOp.Removal> removals, Tally t, boolean realTime) {
      this.realTime = realTime;
      this.writes = writes;
      this.byCompletion = new ArrayList<>(writes);
      byCompletion.removeIf(w -> !w.acknowledged() || w.mutation() == null);
      byCompletion.sort(Comparator.comparingLong(ServedOp.Write::completeMicros));
      this.removals = new ArrayList<>(removals);
      this.removals.sort(Comparator.comparingLong(ServedOp.Removal::completeMicros));
      this.t = t;
    }

    void judge(List<ServedOp.Read> reads) {
      List<ServedOp.Read> ordered = new ArrayList<>(reads);
      // Final reads last: they come after every operation.
      ordered.sort(Comparator.comparing(ServedOp.Read::finalRead).thenComparingLong(ServedOp.Read::invokeMicros)
          .thenComparingLong(ServedOp.Read::id));
      for (ServedOp.Read r : ordered) {
        long at = r.finalRead() ? Long.MAX_VALUE : r.invokeMicros();
        advanceTo(at);
        if (!r.finalRead() && concurrentRemoval(r)) {
          t.notJudged.merge(NotJudged.DURING_SCHEMA_REMOVAL, 1L, Long::sum);
          continue;
        }
        if (r.finalRead()) t.keys++;
        else t.reads++;
        judgeRead(r);
      }
    }

    private boolean concurrentRemoval(ServedOp.Read r) {
      for (ServedOp.Removal e : removals) {
        if (e.invokeMicros() <= r.completeMicros() && e.completeMicros() >= r.invokeMicros()) return true;
      }
      return false;
    }

    /** Brings the acknowledged state to what was known before {@code at}: removals first, then the writes. */
    private void advanceTo(long at) {
      while (removalsApplied < removals.size() && removals.get(removalsApplied).completeMicros() <= at) {
        ServedOp.Removal e = removals.get(removalsApplied++);
        if (e.column() == null) {
          tableRemovedAt = Math.max(tableRemovedAt, e.completeMicros());
          cells.clear();
          lastWrite.clear();
          lastPartitionDeletion = null;
          lastRowDeletion.clear();
          lastCollectionDeletion.clear();
          partitionDeletion = null;
          rowDeletions.clear();
          collectionDeletions.clear();
          deletions.clear();
          deletionFrom.clear();
        } else {
          columnRemovedAt.merge(e.column(), e.completeMicros(), Math::max);
          cells.keySet().removeIf(k -> k.column().equals(e.column()));
          lastWrite.keySet().removeIf(k -> k.column().equals(e.column()));
        }
      }
      while (folded < byCompletion.size() && byCompletion.get(folded).completeMicros() < at) {
        fold(byCompletion.get(folded++));
      }
    }

    /**
     * Whether a write begun at {@code invoke} may have come before a removal of {@code column}'s data. Begun at the
     * instant a removal ended, it may: events at one virtual instant are in no known order.
     */
    private boolean removed(long invoke, String column) {
      if (invoke <= tableRemovedAt) return true;
      Long c = columnRemovedAt.get(column);
      return c != null && invoke <= c;
    }

    private void fold(ServedOp.Write w) {
      if (w.invokeMicros() <= tableRemovedAt) return;
      for (CellWrite c : w.mutation().writes()) {
        if (removed(w.invokeMicros(), c.key().column())) continue;
        AckedCell now = new AckedCell(c, w);
        cells.merge(c.key(), now, (a, b) -> b.effect().supersedes(a.effect()) ? b : a);
        lastWrite.put(c.key(), now); // folded in completion order
      }
      for (Deletion d : w.mutation().deletions()) {
        Effect e = new Effect(d.timestamp(), true, w, d.describe(w.comparator()));
        if (d instanceof Deletion.OfPartition) {
          partitionDeletion = Effect.max(partitionDeletion, e);
          lastPartitionDeletion = e;
        } else if (d instanceof Deletion.OfRow r) {
          rowDeletions.merge(r.row(), e, Effect::max);
          lastRowDeletion.put(r.row(), e);
        } else if (d instanceof Deletion.OfCollection c) {
          collectionDeletions.merge(CellKey.simple(c.row(), c.column()), e, Effect::max);
          lastCollectionDeletion.put(CellKey.simple(c.row(), c.column()), e);
        } else {
          deletions.add(d);
          deletionFrom.add(w);
        }
      }
    }

    /** The acknowledged effect that wins on {@code k}, or null. */
    private Effect winner(CellKey k, ClusteringComparator cmp) {
      AckedCell c = cells.get(k);
      Effect best = Effect.max(c == null ? null : c.effect(), partitionDeletion);
      best = Effect.max(best, rowDeletions.get(k.clustering()));
      if (k.path() != null) best = Effect.max(best, collectionDeletions.get(CellKey.simple(k.clustering(),
          k.column())));
      for (int i = 0; i < deletions.size(); i++) {
        Deletion d = deletions.get(i);
        if (d.covers(k, cmp)) best = Effect.max(best, new Effect(d.timestamp(), true, deletionFrom.get(i),
            d.describe(cmp)));
      }
      return best;
    }

    /** The acknowledged effect on {@code k} that completed last, whatever its timestamp, or null. */
    private Effect lastInTime(CellKey k, ClusteringComparator cmp) {
      AckedCell c = lastWrite.get(k);
      Effect last = later(c == null ? null : c.effect(), lastPartitionDeletion);
      last = later(last, lastRowDeletion.get(k.clustering()));
      if (k.path() != null) last = later(last, lastCollectionDeletion.get(CellKey.simple(k.clustering(),
          k.column())));
      for (int i = 0; i < deletions.size(); i++) {
        Deletion d = deletions.get(i);
        if (d.covers(k, cmp)) last = later(last, new Effect(d.timestamp(), true, deletionFrom.get(i),
            d.describe(cmp)));
      }
      return last;
    }

    private static Effect later(Effect a, Effect b) {
      if (a == null) return b;
      if (b == null) return a;
      return b.from().completeMicros() > a.from().completeMicros() ? b : a;
    }

    /**
     * For real time: why seeing {@code k} at {@code seenTs} loses the acknowledged effect that completed last, when it
     * came after the write seen had completed but lost to it by an older timestamp; null when it did not.
     */
    private Effect lostToOlder(CellKey k, long seenTs, ClusteringComparator cmp) {
      Effect last = lastInTime(k, cmp);
      if (last == null || !new Effect(seenTs, false, null, "seen").supersedes(last)) return null;
      for (ServedOp.Write w : writes) {
        if (!w.acknowledged() || w.mutation() == null || w.completeMicros() >= last.from().invokeMicros()) continue;
        for (CellWrite c : w.mutation().writes()) {
          if (c.key().equals(k) && c.timestamp() == seenTs && !c.tombstone()) return last;
        }
      }
      return null;
    }


    private void judgeRead(ServedOp.Read r) {
      ClusteringComparator cmp = r.comparator();
      List<String> findings = new ArrayList<>();
      Map<ServedOp.Write, CellKey> lostBy = new LinkedHashMap<>();
      Effect first = null;
      CellKey firstCell = null;
      // In the partition's order (the seen cells' map has none): the same run names the same cell first.
      List<Map.Entry<CellKey, Long>> seenCells = new ArrayList<>(r.seen().cells().entrySet());
      seenCells.sort((x, y) -> order(x.getKey(), y.getKey(), cmp));
      for (Map.Entry<CellKey, Long> s : seenCells) {
        Effect w = winner(s.getKey(), cmp);
        if (w == null || !w.supersedes(new Effect(s.getValue(), false, null, "seen"))) {
          Effect lost = realTime ? lostToOlder(s.getKey(), s.getValue(), cmp) : null;
          if (lost == null) continue;
          if (first == null) {
            first = lost;
            firstCell = s.getKey();
          }
          findings.add(Say.EN.f("say.served.lost-to-older", s.getKey().describe(cmp), s.getValue(), lost.what(),
              lost.from().id(), lost.timestamp(), lost.from().completeMicros() / 1000, lost.from().coordinator()));
          lostBy.putIfAbsent(lost.from(), s.getKey());
          continue;
        }
        if (first == null) {
          first = w;
          firstCell = s.getKey();
        }
        findings.add(Say.EN.f("say.served.older", s.getKey().describe(cmp), s.getValue(), w.what(), w.from().id(),
            w.timestamp(), w.from().completeMicros() / 1000, w.from().coordinator()));
        lostBy.putIfAbsent(w.from(), s.getKey());
      }
      for (Map.Entry<CellKey, AckedCell> e : cells.entrySet()) {
        CellKey k = e.getKey();
        AckedCell a = e.getValue();
        if (!r.region().contains(k, cmp) || r.seen().cells().containsKey(k)) continue;
        if (k.isMarker() && r.seen().markers().contains(k.clustering())) continue;
        if (!a.cell().certainlyLiveAt(r.nowHi())) continue; // a tombstone, or it may have expired by then
        Effect w = winner(k, cmp);
        if (w.deletion() || w.from() != a.from()) continue;
        if (explained(k, a, r, cmp, false)) continue;
        if (first == null) {
          first = w;
          firstCell = k;
        }
        findings.add(Say.EN.f("say.served.no-value", k.describe(cmp), a.from().id(), a.cell().timestamp(),
            a.from().completeMicros() / 1000, a.from().coordinator()));
        lostBy.putIfAbsent(a.from(), k);
      }
      if (realTime) {
        for (Map.Entry<CellKey, AckedCell> e : lastWrite.entrySet()) {
          CellKey k = e.getKey();
          AckedCell a = e.getValue();
          if (!r.region().contains(k, cmp) || r.seen().cells().containsKey(k)) continue;
          if (k.isMarker() && r.seen().markers().contains(k.clustering())) continue;
          if (!a.cell().certainlyLiveAt(r.nowHi())) continue;
          if (cells.get(k) != null && cells.get(k).from() == a.from() && winner(k, cmp).from() == a.from())
            continue; // the timestamps' winner: judged above
          Effect last = lastInTime(k, cmp);
          if (last.from() != a.from() || last.deletion()) continue;
          if (explained(k, a, r, cmp, true)) continue;
          Effect by = winner(k, cmp);
          if (first == null) {
            first = a.effect();
            firstCell = k;
          }
          findings.add(Say.EN.f("say.served.no-value.lost", k.describe(cmp), a.from().id(), a.cell().timestamp(),
              a.from().completeMicros() / 1000, a.from().coordinator(), by.what(), by.from().id(), by.timestamp()));
          lostBy.putIfAbsent(a.from(), k);
        }
      }
      if (findings.isEmpty()) return;
      if (r.finalRead()) {
        for (ServedOp.Write w : lostBy.keySet()) {
          t.lost++;
          String cell = lostBy.get(w).describe(cmp);
          String why = findings.stream().filter(f -> f.startsWith(cell + ":")).findFirst().orElse(findings.get(0));
          t.anomalies.add(new Checker.Anomaly(AnomalyKind.LOST_WRITE, r.partition().row(), w.completeMicros(),
              w.consistency(), Say.EN.f("say.anomaly.final", why), cell));
        }
        return;
      }
      t.stale++;
      boolean sameClient = first.from().client() == r.client();
      if (sameClient) t.ryw++;
      t.anomalies.add(new Checker.Anomaly(sameClient ? AnomalyKind.READ_YOUR_WRITES : AnomalyKind.STALE_READ,
          r.partition().row(), r.invokeMicros(), r.consistency(), findings.size() > 1
          ? Say.EN.f("say.served.read.more", r.id(), r.consistency(), r.coordinator(), findings.get(0),
              findings.size() - 1)
          : Say.EN.f("say.served.read", r.id(), r.consistency(), r.coordinator(), findings.get(0)),
          firstCell.describe(cmp)));
    }

    /**
     * Whether a deletion (or an expired TTL) that may have been applied by the end of the read, acknowledged or not,
     * explains why it did not see {@code a}'s cell. {@code inTime}: only what did not complete before {@code a} began
     * (real time).
     */
    private boolean explained(CellKey k, AckedCell a, ServedOp.Read r, ClusteringComparator cmp, boolean inTime) {
      long ts = a.cell().timestamp();
      for (ServedOp.Write w : writes) {
        if (w == a.from() || w.mutation() == null || !w.outcome().mayHaveApplied()) continue;
        // In real time, what was acknowledged before the write began came before it and must not hide it.
        if (inTime && w.acknowledged() && w.completeMicros() < a.from().invokeMicros()) continue;
        if (!r.finalRead() && w.invokeMicros() > r.completeMicros()) continue;
        if (w.outcome() == ServedOp.Outcome.OK && w.lwt() != ServedOp.Lwt.NONE && !Boolean.TRUE.equals(w.applied()))
          continue; // an LWT whose condition failed wrote nothing
        for (CellWrite c : w.mutation().writes()) {
          if (c.key().equals(k) && c.timestamp() >= ts && !c.certainlyLiveAt(r.nowHi())) return true;
        }
        for (Deletion d : w.mutation().deletions()) {
          if (d.timestamp() >= ts && d.covers(k, cmp)) return true;
        }
      }
      return false;
    }
  }

  /** Cells in their partition's order: the static row, rows by clustering, then column and element. */
  static int order(CellKey a, CellKey b, ClusteringComparator cmp) {
    if (a.clustering().isStatic() != b.clustering().isStatic()) return a.clustering().isStatic() ? -1 : 1;
    int c = a.clustering().isStatic() ? 0 : cmp.compare(a.clustering(), b.clustering());
    if (c != 0) return c;
    c = a.column().compareTo(b.column());
    if (c != 0) return c;
    if (a.path() == null || b.path() == null) return a.path() == null ? (b.path() == null ? 0 : -1) : 1;
    return a.path().compareTo(b.path());
  }

  static String describe(Clustering c, ClusteringComparator cmp) {
    return CellKey.marker(c).describe(cmp);
  }
}
