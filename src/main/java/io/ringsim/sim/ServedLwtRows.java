package io.ringsim.sim;

import io.ringsim.sim.cells.CellKey;
import io.ringsim.sim.cells.ServedOp;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
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
 * effect). A SERIAL read of the row must see exactly its live cells. TTLs expire as {@link LwtLinearizability}'s.
 */
final class ServedLwtRows {
  private ServedLwtRows() {}

  /** A row's simple cells and marker (timestamps dropped: conditions do not read them; fewer states to search). */
  record RowState(Cell marker, Map<String, Cell> cells) {
    static final RowState ABSENT = new RowState(null, Map.of());

    boolean liveAt(int now) {
      return markerLive(now) || cells.values().stream().anyMatch(c -> c.isLive(now));
    }

    boolean markerLive(int now) {
      return marker != null && marker.isLive(now);
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

    /** The row after {@code update} (a single row's, checked by {@link #unmodelled}) takes effect. */
    RowState apply(Partition update, Clustering row, ClusteringComparator cmp) {
      long deletedAt = Long.MIN_VALUE;
      if (!update.deletion().isLive()) deletedAt = update.deletion().markedForDeleteAt();
      for (RangeTombstone rt : update.rangeTombstones()) {
        if (rt.slice().contains(cmp, row)) deletedAt = Math.max(deletedAt, rt.deletion().markedForDeleteAt());
      }
      Row r = update.rows().get(row);
      if (r != null && !r.deletion().isLive()) deletedAt = Math.max(deletedAt, r.deletion().markedForDeleteAt());
      // A deletion replaces the whole row; what the same update writes survives it only with a newer timestamp.
      Cell marker = deletedAt == Long.MIN_VALUE ? this.marker : null;
      Map<String, Cell> cells = new TreeMap<>(deletedAt == Long.MIN_VALUE ? this.cells : Map.of());
      if (r != null) {
        var l = r.liveness();
        if (!l.isEmpty() && l.timestamp() > deletedAt) {
          marker = new Cell(0, l.ttl(), l.localExpirationTime(), new byte[0]);
        }
        for (int i = 0; i < r.cellCount(); i++) {
          Cell c = r.cell(i);
          if (c.timestamp() > deletedAt) cells.put(r.name(i), new Cell(0, c.ttl(), c.localDeletionTime(), c.value()));
        }
      }
      return new RowState(marker, Map.copyOf(cells));
    }
  }

  /** One operation on the row, as the search places it. */
  record RowOp(long id, long invokeMicros, long completeMicros, int now, ServedOp source)
      implements LwtLinearizability.Timed {}

  /**
   * Why a partition's LWTs cannot be judged row by row, or null: an LWT whose condition the model does not read (a
   * collection element, a UDT field), one that spans rows (a conditional batch over rows, a static condition), an
   * update that writes a collection, the static row or another row, or one that timed out before its update was built.
   */
  static NotJudged unmodelled(List<ServedOp> ops) {
    for (ServedOp o : ops) {
      if (!(o instanceof ServedOp.Write w) || w.lwt() == ServedOp.Lwt.NONE) continue;
      ServedOp.Conditional c = w.cas();
      // Without its condition recorded (a scenario workload's IF NOT EXISTS): the row-exists register alone, which
      // models one row per partition.
      if (c == null) return w.comparator().size() > 0 ? NotJudged.LWT_MULTI_ROW : NotJudged.LWT_CONDITION;
      if (c.notJudged() != null) return c.notJudged();
    }
    for (ServedOp o : ops) {
      if (!(o instanceof ServedOp.Write w) || w.lwt() == ServedOp.Lwt.NONE) continue;
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
    return null;
  }

  /**
   * Whether a plain write comes before every LWT and SERIAL read of its partition, so that the rows start as it left
   * them: acknowledged, its update known, answered before the first of them was invoked, and with timestamps older
   * than every LWT's (a newer one, a client's timestamp in the future, would shadow what Paxos writes).
   */
  static boolean settledBefore(ServedOp.Write w, List<ServedOp> ops) {
    if (w.outcome() != ServedOp.Outcome.OK || w.cas() == null || w.cas().update() == null) return false;
    long newest = Long.MIN_VALUE;
    Partition u = w.cas().update();
    if (!u.deletion().isLive()) newest = u.deletion().markedForDeleteAt();
    for (RangeTombstone rt : u.rangeTombstones()) newest = Math.max(newest, rt.deletion().markedForDeleteAt());
    if (u.staticRow() != null) newest = Math.max(newest, u.staticRow().maxTimestamp());
    for (Row r : u.rows().values()) {
      if (!r.complex().isEmpty()) return false; // the model holds no collection
      newest = Math.max(newest, r.maxTimestamp());
    }
    for (ServedOp o : ops) {
      boolean paxos = o instanceof ServedOp.Write x && x.lwt() != ServedOp.Lwt.NONE
          || o instanceof ServedOp.Read r && r.consistency().endsWith("SERIAL");
      if (paxos && o.invokeMicros() <= w.completeMicros()) return false;
      if (o instanceof ServedOp.Write x && x.lwt() != ServedOp.Lwt.NONE && x.cas() != null && x.cas().update() != null) {
        for (Row r : x.cas().update().rows().values()) if (r.minTimestamp() <= newest) return false;
      }
    }
    return true;
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
   * TTL (each operation's now then decides what is live for it).
   */
  static void judge(List<ServedOp> source, boolean ttls, List<Checker.Anomaly> anomalies,
      Map<NotJudged, Long> notJudged) {
    Map<Clustering, List<ServedOp>> byRow = new TreeMap<>(comparatorOf(source));
    for (ServedOp o : source) {
      if (o instanceof ServedOp.Write w && w.lwt() != ServedOp.Lwt.NONE) {
        byRow.computeIfAbsent(w.cas().row(), k -> new ArrayList<>()).add(w);
      }
    }
    // The plain writes before them (settledBefore), in timestamp order: the state the rows start from.
    List<Partition> before = source.stream()
        .filter(o -> o instanceof ServedOp.Write w && w.lwt() == ServedOp.Lwt.NONE && w.cas() != null)
        .map(o -> ((ServedOp.Write) o).cas().update())
        .sorted(java.util.Comparator.comparingLong(ServedLwtRows::newest)).toList();
    for (ServedOp o : source) {
      if (!(o instanceof ServedOp.Read r)) continue;
      for (Map.Entry<Clustering, List<ServedOp>> e : byRow.entrySet()) {
        if (r.region().contains(e.getKey(), r.comparator())) e.getValue().add(r);
      }
    }
    for (Map.Entry<Clustering, List<ServedOp>> e : byRow.entrySet()) {
      judgeRow(e.getKey(), e.getValue(), before, ttls, anomalies, notJudged);
    }
  }

  private static java.util.Comparator<Clustering> comparatorOf(List<ServedOp> ops) {
    for (ServedOp o : ops) if (o instanceof ServedOp.Write w) return w.comparator()::compare;
    return (a, b) -> 0;
  }

  private static long newest(Partition u) {
    long t = u.deletion().isLive() ? Long.MIN_VALUE : u.deletion().markedForDeleteAt();
    for (Row r : u.rows().values()) t = Math.max(t, r.maxTimestamp());
    return t;
  }

  private static void judgeRow(Clustering row, List<ServedOp> source, List<Partition> before, boolean ttls,
      List<Checker.Anomaly> anomalies, Map<NotJudged, Long> nj) {
    List<RowOp> ops = new ArrayList<>();
    ClusteringComparator cmp = null;
    ServedOp.PartitionRef ref = null;
    for (ServedOp o : source) {
      if (o instanceof ServedOp.Write w) {
        cmp = w.comparator();
        ref = w.partition();
        if (w.outcome() == ServedOp.Outcome.REFUSED) continue; // refused before anything was sent
        long end = w.outcome() == ServedOp.Outcome.OK ? w.completeMicros() : Long.MAX_VALUE;
        ops.add(new RowOp(w.id(), w.invokeMicros(), end, ttls ? w.nowInSec() : 0, w));
      } else if (o instanceof ServedOp.Read r && r.outcome() == ServedOp.Outcome.OK
          && r.consistency().endsWith("SERIAL")) {
        ops.add(new RowOp(r.id(), r.invokeMicros(), r.completeMicros(), ttls ? r.nowLo() : 0, r));
      }
    }
    final ClusteringComparator comparator = cmp;
    String where = CellKey.describe(row, cmp);
    String key = ref.row() + (where.isEmpty() ? "" : " " + where);
    for (RowOp op : ops) {
      long ts = op.source() instanceof ServedOp.Write w ? selfCommitted(w) : Long.MIN_VALUE;
      if (ts != Long.MIN_VALUE) {
        anomalies.add(new Checker.Anomaly("lwt", key, op.invokeMicros(), "SERIAL",
            Say.EN.f("say.served.lwt.self", op.id(), String.valueOf(ts))));
      }
    }
    RowState initial = RowState.ABSENT;
    for (Partition u : before) initial = initial.apply(u, row, cmp);
    LwtLinearizability.Result<RowOp> v = LwtLinearizability.search(ops, initial,
        (state, op) -> step(state, op, row, comparator), Checker.LWT_SEARCH_BUDGET);
    if (Boolean.TRUE.equals(v.linearizable())) return;
    if (v.linearizable() == null) {
      nj.merge(NotJudged.LWT_SEARCH_BUDGET, 1L, Long::sum);
      return;
    }
    long at = ops.stream().mapToLong(RowOp::invokeMicros).min().orElse(0);
    String stuck = v.stuck() == null ? "" : Say.EN.f("say.served.lwt.stuck", v.stuck().id());
    anomalies.add(new Checker.Anomaly("lwt", key, v.stuck() == null ? at : v.stuck().invokeMicros(), "SERIAL",
        Say.EN.f("say.served.lwt.row", ops.size(), v.placed(), answers(ops), stuck)));
  }

  /** The operations and their answers, in invocation order, for the anomaly's reader to follow. */
  private static String answers(List<RowOp> ops) {
    List<String> parts = new ArrayList<>();
    for (RowOp op : ops.stream().sorted(java.util.Comparator.comparingLong(RowOp::invokeMicros)).toList()) {
      String what;
      if (op.source() instanceof ServedOp.Write w) {
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
  static RowState step(RowState state, RowOp op, Clustering row, ClusteringComparator cmp) {
    if (op.source() instanceof ServedOp.Read r) return readFits(state, r, row, op.now()) ? state : null;
    ServedOp.Write w = (ServedOp.Write) op.source();
    ServedOp.Conditional c = w.cas();
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
    boolean tookEffect = Boolean.TRUE.equals(w.applied()) || selfCommitted(w) != Long.MIN_VALUE;
    if (tookEffect) return holds ? state.apply(c.update(), row, cmp) : null;
    return !holds && shows(state, c, row, op.now()) ? state : null;
  }

  /**
   * The write timestamp of a refused LWT's own update when the row it was answered with holds cells of that update
   * (a Paxos ballot's timestamp is unique to its round), else Long.MIN_VALUE. Cassandra's Paxos answers so when its
   * proposal, accepted by some replica before a competing ballot pre-empted it, is committed by its next round,
   * which then reads the row with it and finds the condition false.
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

  /** Whether a SERIAL read that saw {@code r.seen()} fits the model's row: every cell it selected, live or not. */
  private static boolean readFits(RowState state, ServedOp.Read r, Clustering row, int now) {
    Set<String> columns = new TreeSet<>(state.cells().keySet());
    for (CellKey k : r.seen().cells().keySet()) {
      if (!k.clustering().equals(row)) continue;
      if (k.path() != null) return false; // the model holds no collection: it cannot have been written by an LWT
      columns.add(k.column());
    }
    for (String col : columns) {
      CellKey k = CellKey.simple(row, col);
      if (!r.region().contains(k, r.comparator())) continue;
      if (r.seen().cells().containsKey(k) != (state.valueAt(col, now) != null)) return false;
    }
    if (r.region().columns() == null && r.seen().markers().contains(row) != state.markerLive(now)) return false;
    return true;
  }
}
