package io.ringsim.sim;

import io.ringsim.sim.cells.CellKey;
import io.ringsim.sim.cells.ServedOp;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.LivenessInfo;
import io.ringsim.storage.Partition;
import io.ringsim.storage.RangeTombstone;
import io.ringsim.storage.Row;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Linearizability of served clients' lightweight transactions with any simple condition (IF EXISTS, IF NOT EXISTS,
 * IF col = / != / &lt; / &lt;= / &gt; / &gt;= / IN, several of them, IF col = null), judged per row: each row a
 * partition's LWTs name by its full primary key is a register of its simple columns' values and its row marker.
 * Every LWT is placed at one instant between its invocation and its answer; there its condition, the very test its
 * coordinator ran, is evaluated on the model's row: an applied one must find it true and then writes what its
 * coordinator built, a refused one must find it false and the row it was answered with must show the model's values,
 * one whose outcome is unknown applies its update where its condition holds (placed last, it may never have taken
 * effect). A SERIAL read of the row must see exactly its live cells, with their values. Plain writes of the row are
 * placed too, each at one instant, and merge into it by timestamp as Cassandra reconciles cells, so a condition reads
 * the row as the timestamps order it (a plain write's is its coordinator's or client's, an LWT's its ballot's). TTLs
 * expire as {@link LwtLinearizability}'s.
 */
final class ServedLwtRows {
  private ServedLwtRows() {}

  /**
   * A row as Cassandra holds it: its marker and simple cells with their timestamps (a cell tombstone kept as one), and
   * the newest deletion that covers it (a partition, range or row deletion; Long.MIN_VALUE: none). Writes merge into
   * it by Cassandra's reconciliation ({@link Cell#reconcile}, {@link LivenessInfo#merge}: the higher timestamp wins,
   * ties as Cassandra breaks them) and a deletion shadows what is not newer than it, so the order in which two writes
   * are applied never changes the row: only which writes an LWT or SERIAL read saw does.
   */
  record RowState(long deletedAt, LivenessInfo marker, Map<String, Cell> cells) {
    static final RowState ABSENT = new RowState(Long.MIN_VALUE, LivenessInfo.EMPTY, Map.of());

    boolean liveAt(int now) {
      return markerLive(now) || cells.values().stream().anyMatch(c -> c.isLive(now));
    }

    boolean markerLive(int now) {
      return marker.isLive(now);
    }

    byte[] valueAt(String column, int now) {
      Cell c = cells.get(column);
      return c != null && c.isLive(now) ? c.value() : null;
    }

    /** The row as a read at {@code now} returns it, in a partition (empty when the row is not live). */
    LivePartition asRead(Clustering row, int now) {
      if (!liveAt(now)) return new LivePartition(null, null, List.of());
      Map<String, Cell> live = new TreeMap<>();
      cells.forEach((k, c) -> {
        if (c.isLive(now)) live.put(k, c);
      });
      return new LivePartition(null, null, List.of(new LiveRow(row, markerLive(now), live, Map.of())));
    }

    /** The row once {@code update}'s effect on it (its deletions covering it, its cells of it) is merged in. */
    RowState apply(Partition update, Clustering row, ClusteringComparator cmp) {
      long deleted = Math.max(deletedAt, deletionOf(update, row, cmp));
      Row r = update.rows().get(row);
      LivenessInfo m = r == null ? marker : LivenessInfo.merge(marker, r.liveness());
      if (!m.isEmpty() && m.timestamp() <= deleted) m = LivenessInfo.EMPTY;
      Map<String, Cell> merged = new TreeMap<>(cells);
      if (r != null) {
        for (int i = 0; i < r.cellCount(); i++) merged.merge(r.name(i), r.cell(i), Cell::reconcile);
      }
      final long d = deleted;
      merged.values().removeIf(c -> c.timestamp() <= d);
      return new RowState(deleted, m, Map.copyOf(merged));
    }
  }

  /** The newest deletion of {@code update} that covers {@code row}: of its partition, a range, the row; or MIN. */
  static long deletionOf(Partition update, Clustering row, ClusteringComparator cmp) {
    long deletedAt = Long.MIN_VALUE;
    if (!update.deletion().isLive()) deletedAt = update.deletion().markedForDeleteAt();
    for (RangeTombstone rt : update.rangeTombstones()) {
      if (rt.slice().contains(cmp, row)) deletedAt = Math.max(deletedAt, rt.deletion().markedForDeleteAt());
    }
    Row r = update.rows().get(row);
    if (r != null && !r.deletion().isLive()) deletedAt = Math.max(deletedAt, r.deletion().markedForDeleteAt());
    return deletedAt;
  }

  /** Whether {@code update} changes {@code row}: a deletion covering it, or cells or a marker of it. */
  static boolean touches(Partition update, Clustering row, ClusteringComparator cmp) {
    return deletionOf(update, row, cmp) != Long.MIN_VALUE || update.rows().containsKey(row);
  }

  /** One operation on the row, as the search places it. */
  record RowOp(long id, long invokeMicros, long completeMicros, int now, ServedOp source)
      implements LwtLinearizability.Timed {}

  /**
   * Why a partition's LWTs cannot be judged row by row, or null: an LWT whose condition the model does not read (a
   * collection element, a UDT field), one that spans rows (a conditional batch over rows, a static condition), an
   * update that writes a collection, the static row or another row, or one that timed out before its update was built;
   * a plain write that may have taken effect without its update known, or that writes a collection of a row the LWTs
   * name; or a plain write racing, on the same cells, an LWT that another round may have finished
   * ({@link #restampable}). {@code otherRounds}: SERIAL reads of the partition left out of {@code ops}, which still
   * ran Paxos rounds.
   */
  static NotJudged unmodelled(List<ServedOp> ops, List<ServedOp> otherRounds) {
    for (ServedOp o : ops) {
      if (!(o instanceof ServedOp.Write w) || w.lwt() == ServedOp.Lwt.NONE) continue;
      ServedOp.Conditional c = w.cas();
      // Without its condition recorded (a scenario workload's IF NOT EXISTS): the row-exists register alone, which
      // models one row per partition.
      if (c == null) return w.comparator().size() > 0 ? NotJudged.LWT_MULTI_ROW : NotJudged.LWT_CONDITION;
      if (c.notJudged() != null) return c.notJudged();
    }
    Set<Clustering> rows = new TreeSet<>(comparatorOf(ops));
    for (ServedOp o : ops) {
      if (!(o instanceof ServedOp.Write w) || w.lwt() == ServedOp.Lwt.NONE) continue;
      rows.add(w.cas().row());
      if (w.outcome() == ServedOp.Outcome.REFUSED) continue;
      boolean mayHaveApplied = w.outcome() != ServedOp.Outcome.OK || Boolean.TRUE.equals(w.applied());
      Partition u = w.cas().update();
      if (!mayHaveApplied) continue;
      if (u == null) {
        // Acknowledged without an update would be a capture failure; a timeout may still be proposing one.
        if (w.outcome() != ServedOp.Outcome.FAILED) return NotJudged.LWT_EFFECT_UNKNOWN;
        continue;
      }
      if (u.staticRow() != null && !u.staticRow().isEmpty()) return NotJudged.LWT_MULTI_ROW;
      for (Row r : u.rows().values()) {
        if (!r.clustering().equals(w.cas().row())) return NotJudged.LWT_MULTI_ROW;
        if (!r.complex().isEmpty()) return NotJudged.LWT_COLLECTION;
      }
      if (!u.deletion().isLive() && w.comparator().size() > 0) return NotJudged.LWT_MULTI_ROW;
      for (RangeTombstone rt : u.rangeTombstones()) {
        if (!isRow(rt, w.cas().row(), w.comparator())) return NotJudged.LWT_MULTI_ROW;
      }
    }
    for (ServedOp o : ops) {
      if (!(o instanceof ServedOp.Write w) || w.lwt() != ServedOp.Lwt.NONE || !w.outcome().mayHaveApplied()) continue;
      Partition u = w.cas() == null ? null : w.cas().update();
      if (u == null) return NotJudged.LWT_MIXED;
      for (Clustering row : rows) {
        Row r = u.rows().get(row);
        if (r != null && !r.complex().isEmpty()) return NotJudged.LWT_COLLECTION; // the model holds no collection
      }
    }
    List<ServedOp> rounds = new ArrayList<>(ops);
    rounds.addAll(otherRounds);
    return restampable(ops, rows, rounds) ? NotJudged.LWT_MIXED_TIMESTAMP : null;
  }

  /**
   * Whether a plain write that may have taken effect meets, on a cell of a row the LWTs name, an LWT that may have been
   * finished by another round, with an update not older than it. Such an LWT's proposal, when a later round finds it
   * accepted but not committed, is committed in Cassandra with that round's ballot as its timestamp
   * (Commit.newProposal), which no client learns: whether the plain write's cells or the LWT's win is then not known.
   * That happens to an LWT whose outcome is unknown, and also to an applied one when another round of its partition
   * (an LWT or a SERIAL read, on any row) prepared while its commit was still on its way: the client is told
   * [applied] = true and its cells end up with the later ballot's timestamp. Against an older plain write the LWT wins
   * either way.
   */
  static boolean restampable(List<ServedOp> ops, Set<Clustering> rows, List<ServedOp> rounds) {
    for (ServedOp o : ops) {
      if (!(o instanceof ServedOp.Write x) || x.lwt() == ServedOp.Lwt.NONE) continue;
      if (x.outcome() == ServedOp.Outcome.REFUSED || x.cas().update() == null) continue;
      if (x.outcome() == ServedOp.Outcome.OK && (!Boolean.TRUE.equals(x.applied()) || !raced(x, rounds))) continue;
      Clustering row = x.cas().row();
      ClusteringComparator cmp = x.comparator();
      Partition lwt = x.cas().update();
      long ballot = oldest(lwt, row, cmp);
      for (ServedOp p : ops) {
        if (!(p instanceof ServedOp.Write w) || w.lwt() != ServedOp.Lwt.NONE || !w.outcome().mayHaveApplied())
          continue;
        Partition plain = w.cas().update();
        if (!touches(plain, row, cmp) || newest(plain, row, cmp) < ballot) continue;
        if (sharesCells(plain, lwt, row, cmp)) return true;
      }
    }
    return false;
  }

  /**
   * Whether another Paxos round of the partition (an LWT not refused before it was sent, or a SERIAL read, whatever
   * its answer) ran while {@code x} did, so that it may have prepared before {@code x}'s commit reached its replicas.
   */
  static boolean raced(ServedOp.Write x, List<ServedOp> ops) {
    for (ServedOp o : ops) {
      if (o == x || !paxos(o)) continue;
      if (o instanceof ServedOp.Write w && w.outcome() == ServedOp.Outcome.REFUSED) continue;
      if (o.invokeMicros() < x.completeMicros() && o.completeMicros() > x.invokeMicros()) return true;
    }
    return false;
  }

  /** Whether two updates may decide the same cell of {@code row}: either deletes it, or both write a cell or marker. */
  private static boolean sharesCells(Partition a, Partition b, Clustering row, ClusteringComparator cmp) {
    if (deletionOf(a, row, cmp) != Long.MIN_VALUE || deletionOf(b, row, cmp) != Long.MIN_VALUE) return true;
    Row ra = a.rows().get(row), rb = b.rows().get(row);
    if (ra == null || rb == null) return false;
    if (!ra.liveness().isEmpty() && !rb.liveness().isEmpty()) return true;
    for (int i = 0; i < ra.cellCount(); i++) if (rb.cell(ra.name(i)) != null) return true;
    return false;
  }

  /** The newest timestamp {@code u} writes or deletes {@code row} at (MIN when it does not touch it). */
  private static long newest(Partition u, Clustering row, ClusteringComparator cmp) {
    long t = deletionOf(u, row, cmp);
    Row r = u.rows().get(row);
    return r == null ? t : Math.max(t, r.maxTimestamp());
  }

  /** The oldest timestamp {@code u} writes or deletes {@code row} at (its ballot's, for an LWT). */
  private static long oldest(Partition u, Clustering row, ClusteringComparator cmp) {
    long t = deletionOf(u, row, cmp);
    Row r = u.rows().get(row);
    if (r == null) return t;
    return t == Long.MIN_VALUE ? r.minTimestamp() : Math.min(t, r.minTimestamp());
  }

  /** Whether a plain write at {@code consistency} is on a replica of every Paxos quorum once acknowledged. */
  static boolean quorumVisible(String consistency) {
    return consistency.equals("ALL") || consistency.equals("QUORUM") || consistency.equals("EACH_QUORUM");
  }

  /**
   * Whether a plain write is in place before every LWT and SERIAL read of its partition, so that the rows start with
   * it: acknowledged at a level whose replicas meet every Paxos quorum, its update known, answered before the first
   * of them was invoked. (Its timestamps need not be older than theirs: the rows merge by timestamp.)
   */
  static boolean settledBefore(ServedOp.Write w, List<ServedOp> ops) {
    if (w.outcome() != ServedOp.Outcome.OK || w.cas() == null || w.cas().update() == null) return false;
    if (!quorumVisible(w.consistency())) return false;
    for (ServedOp o : ops) {
      if (paxos(o) && o.invokeMicros() <= w.completeMicros()) return false;
    }
    return true;
  }

  private static boolean paxos(ServedOp o) {
    return o instanceof ServedOp.Write x && x.lwt() != ServedOp.Lwt.NONE
        || o instanceof ServedOp.Read r && r.consistency().endsWith("SERIAL");
  }

  /** Whether a range tombstone deletes exactly one row (Cassandra writes a row deletion so; stay safe otherwise). */
  private static boolean isRow(RangeTombstone rt, Clustering row, ClusteringComparator cmp) {
    var s = rt.slice();
    return s.start().inclusive() && s.end().inclusive() && s.start().prefix().length == cmp.size()
        && s.end().prefix().length == cmp.size() && s.contains(cmp, row)
        && Arrays.deepEquals(s.start().prefix(), s.end().prefix());
  }

  /**
   * Judges each row of one partition whose LWTs all name a single row; {@code ttls}: whether any write may carry a
   * TTL (each operation's now then decides what is live for it). Plain writes of the row are placed with the LWTs:
   * each takes effect at one instant, between its invocation and its acknowledgement when its level meets every Paxos
   * quorum, else at any instant after its invocation (or, as far as the LWTs saw, never).
   */
  static void judge(List<ServedOp> source, boolean ttls, List<Checker.Anomaly> anomalies,
      Map<NotJudged, Long> notJudged) {
    ClusteringComparator cmp = null;
    for (ServedOp o : source) if (o instanceof ServedOp.Write w) cmp = w.comparator();
    Map<Clustering, List<ServedOp>> byRow = new TreeMap<>(comparatorOf(source));
    for (ServedOp o : source) {
      if (o instanceof ServedOp.Write w && w.lwt() != ServedOp.Lwt.NONE) {
        byRow.computeIfAbsent(w.cas().row(), k -> new ArrayList<>()).add(w);
      }
    }
    List<ServedOp.Write> before = new ArrayList<>();
    for (ServedOp o : source) {
      if (!(o instanceof ServedOp.Write w) || w.lwt() != ServedOp.Lwt.NONE || !w.outcome().mayHaveApplied()) continue;
      if (settledBefore(w, source)) {
        before.add(w);
        continue;
      }
      for (Map.Entry<Clustering, List<ServedOp>> e : byRow.entrySet()) {
        if (touches(w.cas().update(), e.getKey(), cmp)) e.getValue().add(w);
      }
    }
    for (ServedOp o : source) {
      if (!(o instanceof ServedOp.Read r)) continue;
      for (Map.Entry<Clustering, List<ServedOp>> e : byRow.entrySet()) {
        if (r.region().contains(e.getKey(), r.comparator())) e.getValue().add(r);
      }
    }
    for (Map.Entry<Clustering, List<ServedOp>> e : byRow.entrySet()) {
      RowState initial = RowState.ABSENT;
      for (ServedOp.Write w : before) initial = initial.apply(w.cas().update(), e.getKey(), cmp);
      judgeRow(e.getKey(), e.getValue(), initial, ttls, anomalies, notJudged);
    }
  }

  private static java.util.Comparator<Clustering> comparatorOf(List<ServedOp> ops) {
    for (ServedOp o : ops) if (o instanceof ServedOp.Write w) return w.comparator()::compare;
    return (a, b) -> 0;
  }

  private static void judgeRow(Clustering row, List<ServedOp> source, RowState initial, boolean ttls,
      List<Checker.Anomaly> anomalies, Map<NotJudged, Long> nj) {
    List<RowOp> ops = new ArrayList<>();
    ClusteringComparator cmp = null;
    ServedOp.PartitionRef ref = null;
    for (ServedOp o : source) {
      if (o instanceof ServedOp.Write w) {
        cmp = w.comparator();
        ref = w.partition();
        if (w.outcome() == ServedOp.Outcome.REFUSED) continue; // refused before anything was sent
        boolean plain = w.lwt() == ServedOp.Lwt.NONE;
        boolean bounded = w.outcome() == ServedOp.Outcome.OK && (!plain || quorumVisible(w.consistency()));
        long end = bounded ? w.completeMicros() : Long.MAX_VALUE;
        // A plain write reads nothing: its now does not matter (its TTLs' expiry is in its cells).
        ops.add(new RowOp(w.id(), w.invokeMicros(), end, ttls && !plain ? w.nowInSec() : 0, w));
      } else if (o instanceof ServedOp.Read r && r.outcome() == ServedOp.Outcome.OK
          && r.consistency().endsWith("SERIAL")) {
        ops.add(new RowOp(r.id(), r.invokeMicros(), r.completeMicros(), ttls ? r.nowLo() : 0, r));
      }
    }
    final ClusteringComparator comparator = cmp;
    String where = CellKey.describe(row, cmp);
    String key = ref.row() + (where.isEmpty() ? "" : " " + where);
    // How many writes of the row stamped a cell with each timestamp: coordinators pick ballots from their own
    // clocks, so two LWTs through different nodes can share a write timestamp, and then a refused one's answer
    // showing that timestamp says nothing about whose cells it shows.
    Map<Long, Integer> stamped = new java.util.HashMap<>();
    for (RowOp op : ops) {
      if (!(op.source() instanceof ServedOp.Write w) || w.cas() == null || w.cas().update() == null) continue;
      Row r = w.cas().update().rows().get(row);
      if (r == null) continue;
      Set<Long> mine = new java.util.HashSet<>();
      for (int i = 0; i < r.cellCount(); i++) mine.add(r.cell(i).timestamp());
      for (long t : mine) stamped.merge(t, 1, Integer::sum);
    }
    Set<Long> self = new java.util.HashSet<>();
    for (RowOp op : ops) {
      long ts = op.source() instanceof ServedOp.Write w ? selfCommitted(w) : Long.MIN_VALUE;
      if (ts != Long.MIN_VALUE && stamped.getOrDefault(ts, 0) == 1) {
        self.add(op.id());
        anomalies.add(new Checker.Anomaly(AnomalyKind.LWT, key, op.invokeMicros(), "SERIAL",
            Say.EN.f("say.served.lwt.self", op.id(), String.valueOf(ts))));
      }
    }
    LwtLinearizability.Result<RowOp> v = LwtLinearizability.search(ops, initial,
        (state, op) -> step(state, op, row, comparator, self), Checker.LWT_SEARCH_BUDGET);
    if (Boolean.TRUE.equals(v.linearizable())) return;
    if (v.linearizable() == null) {
      nj.merge(NotJudged.LWT_SEARCH_BUDGET, 1L, Long::sum);
      return;
    }
    long at = ops.stream().mapToLong(RowOp::invokeMicros).min().orElse(0);
    String stuck = v.stuck() == null ? "" : Say.EN.f("say.served.lwt.stuck", v.stuck().id());
    anomalies.add(new Checker.Anomaly(AnomalyKind.LWT, key, v.stuck() == null ? at : v.stuck().invokeMicros(),
        "SERIAL", Say.EN.f("say.served.lwt.row", ops.size(), v.placed(), answers(ops), stuck)));
  }

  /** The operations and their answers, in invocation order, for the anomaly's reader to follow. */
  private static String answers(List<RowOp> ops) {
    List<String> parts = new ArrayList<>();
    for (RowOp op : ops.stream().sorted(java.util.Comparator.comparingLong(RowOp::invokeMicros)).toList()) {
      String what;
      if (op.source() instanceof ServedOp.Write w && w.lwt() == ServedOp.Lwt.NONE) {
        what = Say.EN.f("say.served.lwt.plain", w.consistency(), w.outcome() == ServedOp.Outcome.OK
            ? "acknowledged" : "outcome unknown");
      } else if (op.source() instanceof ServedOp.Write w) {
        what = w.outcome() != ServedOp.Outcome.OK ? "outcome unknown"
            : Boolean.TRUE.equals(w.applied()) ? "applied" : "not applied";
      } else {
        what = "SERIAL read";
      }
      parts.add("#" + op.id() + " " + what);
    }
    return String.join(", ", parts);
  }

  /** The row after {@code op} takes effect in {@code state}, or null when its answer rules that out. */
  static RowState step(RowState state, RowOp op, Clustering row, ClusteringComparator cmp, Set<Long> self) {
    if (op.source() instanceof ServedOp.Read r) return readFits(state, r, row, op.now()) ? state : null;
    ServedOp.Write w = (ServedOp.Write) op.source();
    ServedOp.Conditional c = w.cas();
    if (w.lwt() == ServedOp.Lwt.NONE) return state.apply(c.update(), row, cmp);
    Boolean holds;
    try {
      holds = c.condition().test(state.asRead(row, op.now()));
    } catch (RuntimeException e) {
      holds = null; // a condition Cassandra refuses when it judges it: an error, not an answer
    }
    if (w.outcome() != ServedOp.Outcome.OK) {
      if (!Boolean.TRUE.equals(holds) || c.update() == null) return state;
      return state.apply(c.update(), row, cmp);
    }
    if (holds == null) return null;
    // A refused LWT whose answer shows its own cells took effect (reported apart): placed as applied, so that the
    // row's other answers are still judged.
    boolean tookEffect = Boolean.TRUE.equals(w.applied()) || self.contains(op.id());
    if (tookEffect) return holds ? state.apply(c.update(), row, cmp) : null;
    return !holds && shows(state, c, row, op.now()) ? state : null;
  }

  /**
   * The write timestamp of a refused LWT's own update when the row it was answered with holds cells of that update
   * (its caller makes sure no other write of the row used that timestamp), else Long.MIN_VALUE. It never happens
   * without a bug: as in Cassandra, a proposal accepted by some replicas but not a quorum is answered
   * CAS_WRITE_UNKNOWN, not [applied] = false.
   */
  static long selfCommitted(ServedOp.Write w) {
    ServedOp.Conditional c = w.cas();
    if (c == null || w.outcome() != ServedOp.Outcome.OK || !Boolean.FALSE.equals(w.applied()) || c.current() == null
        || c.update() == null) return Long.MIN_VALUE;
    Row mine = c.update().rows().get(c.row());
    if (mine == null) return Long.MIN_VALUE;
    for (LiveRow r : c.current().rows()) {
      if (!r.clustering().equals(c.row())) continue;
      for (Map.Entry<String, Cell> e : r.cells().entrySet()) {
        Cell wrote = mine.cell(e.getKey());
        if (wrote != null && !wrote.isTombstone() && wrote.timestamp() == e.getValue().timestamp()) {
          return wrote.timestamp();
        }
      }
    }
    return Long.MIN_VALUE;
  }

  /**
   * Whether a refused LWT's answer shows the model's row: the columns its answer named (all the row's for IF EXISTS
   * and IF NOT EXISTS) hold the model's values, and the row is there when the answer showed the whole row.
   */
  private static boolean shows(RowState state, ServedOp.Conditional c, Clustering row, int now) {
    if (c.current() == null) return true; // no answer recorded
    LiveRow seen = c.current().rows().stream().filter(r -> r.clustering().equals(row)).findFirst().orElse(null);
    Set<String> columns = new TreeSet<>();
    if (c.shown() != null) {
      columns.addAll(c.shown());
    } else {
      if ((seen != null) != state.liveAt(now)) return false;
      if (seen != null) columns.addAll(seen.cells().keySet());
      columns.addAll(state.cells().keySet());
    }
    for (String col : columns) {
      Cell cell = seen == null ? null : seen.cells().get(col);
      byte[] answered = cell == null ? null : cell.value();
      byte[] model = state.valueAt(col, now);
      if (!Arrays.equals(answered, model)) return false;
    }
    return true;
  }

  /**
   * Whether a SERIAL read that saw {@code r.seen()} fits the model's row: every cell it selected, live or not, and
   * the value of each it returned when the read's values were recorded.
   */
  private static boolean readFits(RowState state, ServedOp.Read r, Clustering row, int now) {
    Set<String> columns = new TreeSet<>(state.cells().keySet());
    for (CellKey k : r.seen().cells().keySet()) {
      if (!k.clustering().equals(row)) continue;
      if (k.path() != null) return false; // the model holds no collection: it cannot have been written here
      columns.add(k.column());
    }
    for (String col : columns) {
      CellKey k = CellKey.simple(row, col);
      if (!r.region().contains(k, r.comparator())) continue;
      byte[] model = state.valueAt(col, now);
      if (r.seen().cells().containsKey(k) != (model != null)) return false;
      if (model != null && !r.seen().shows(k, model)) return false;
    }
    if (r.region().columns() == null && r.seen().markers().contains(row) != state.markerLive(now)) return false;
    return true;
  }
}
