package io.ringsim.storage;

import io.ringsim.ring.KeyEncoding;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.ViewMetadata;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a write to a base table does to one of its materialized views, as Cassandra 4.1's ViewUpdateGenerator works
 * it out at each base replica: from the base row before the write (read first) and after it, the view row to create,
 * update, or shadow (a view keyed on a base column that changed moves: the old row gets an expired row marker at the
 * old column's timestamp, the new one is created). Row markers, TTLs and timestamps are computed as Cassandra
 * computes them, so the view's rows expire and are shadowed exactly when the base's are.
 */
public final class ViewUpdateGenerator {
  private final ViewMetadata view;
  private final TableMetadata base;
  private final TableSchema viewSchema;
  private final int nowInSec;
  /** The base column outside the base key that is in the view's key, or null. */
  private final ColumnDef keyedOn;
  private final List<byte[]> basePartitionKey;
  private final Map<DecoratedKey, Partition> updates = new LinkedHashMap<>();

  private enum Action { NONE, NEW_ENTRY, DELETE_OLD, UPDATE_EXISTING, SWITCH_ENTRY }

  private ViewUpdateGenerator(ViewMetadata view, TableMetadata base, TableSchema viewSchema, byte[] baseKey,
      int nowInSec) {
    this.view = view;
    this.base = base;
    this.viewSchema = viewSchema;
    this.nowInSec = nowInSec;
    this.keyedOn = view.baseRegularInKey(base).orElse(null);
    this.basePartitionKey = base.partitionKey().size() == 1 ? List.of(baseKey)
        : KeyEncoding.decompose(baseKey, base.partitionKey().size());
  }

  /**
   * The view's partitions to write for base update {@code update}, given the base partition as stored before it
   * ({@code existing}, tombstones included; null when the replica held nothing). Rows the update deletes by a
   * partition or range deletion are looked up in {@code existing}, as Cassandra reads them before a delete.
   */
  public static List<Partition> generate(ViewMetadata view, TableMetadata base, TableSchema viewSchema,
      Partition existing, Partition update, int nowInSec) {
    ViewUpdateGenerator g = new ViewUpdateGenerator(view, base, viewSchema, update.key().key(), nowInSec);
    Partition merged = existing == null ? update : Partition.merge(List.of(existing, update));
    TreeSet<Clustering> touched = new TreeSet<>(update.comparator());
    touched.addAll(update.rows().keySet());
    if (existing != null && (!update.deletion().isLive() || !update.rangeTombstones().isEmpty())) {
      for (Row r : existing.rows().values()) {
        if (!update.deletion().isLive() || covered(update, r.clustering())) touched.add(r.clustering());
      }
    }
    for (Clustering c : touched) {
      Row before = existing == null ? null : effective(existing, c);
      Row after = effective(merged, c);
      if (after == null) continue;
      g.add(before, after);
    }
    return new ArrayList<>(g.updates.values());
  }

  private static boolean covered(Partition p, Clustering c) {
    for (RangeTombstone rt : p.rangeTombstones()) if (rt.slice().contains(p.comparator(), c)) return true;
    return false;
  }

  /** Row {@code c} of {@code p} with the partition's and ranges' deletions that cover it as its row deletion. */
  private static Row effective(Partition p, Clustering c) {
    DeletionTime d = p.deletion();
    for (RangeTombstone rt : p.rangeTombstones()) {
      if (rt.slice().contains(p.comparator(), c)) d = DeletionTime.max(d, rt.deletion());
    }
    Row r = p.rows().get(c);
    if (d.isLive()) return r;
    Row deletion = Row.builder(c).delete(d).build();
    return r == null ? deletion : r.merge(deletion);
  }

  private void add(Row existing, Row merged) {
    switch (action(existing, merged)) {
      case NONE -> { }
      case NEW_ENTRY -> createEntry(merged);
      case DELETE_OLD -> deleteOldEntry(existing, merged);
      case UPDATE_EXISTING -> updateEntry(existing, merged);
      case SWITCH_ENTRY -> {
        createEntry(merged);
        deleteOldEntry(existing, merged);
      }
    }
  }

  private Action action(Row existing, Row merged) {
    if (keyedOn == null) {
      boolean before = existing != null && hasLiveData(existing);
      boolean after = hasLiveData(merged);
      return before ? (after ? Action.UPDATE_EXISTING : Action.DELETE_OLD) : (after ? Action.NEW_ENTRY : Action.NONE);
    }
    Cell before = existing == null ? null : existing.cell(keyedOn.name());
    Cell after = merged.cell(keyedOn.name());
    if (before != null && before.equals(after)) return isLive(before) ? Action.UPDATE_EXISTING : Action.NONE;
    if (!isLive(before)) return isLive(after) ? Action.NEW_ENTRY : Action.NONE;
    if (!isLive(after)) return Action.DELETE_OLD;
    return keyedOn.type().compare(before.value(), after.value()) == 0 ? Action.UPDATE_EXISTING : Action.SWITCH_ENTRY;
  }

  private boolean isLive(Cell c) {
    return c != null && c.isLive(nowInSec);
  }

  private boolean hasLiveData(Row r) {
    if (r.liveness().isLive(nowInSec)) return true;
    for (int i = 0; i < r.cellCount(); i++) if (r.cell(i).isLive(nowInSec)) return true;
    for (ComplexColumn c : r.complex().values()) {
      for (Cell e : c.cells().values()) if (e.isLive(nowInSec)) return true;
    }
    return false;
  }

  /** Whether a base row has a view row: every view key column has a live value, and the WHERE restrictions hold. */
  private boolean matchesViewFilter(Row r) {
    for (ColumnDef vc : view.table().columns()) {
      if (!vc.isPrimaryKey()) continue;
      ColumnDef bc = base.column(vc.name()).orElseThrow();
      if (!bc.isPrimaryKey() && !isLive(r.cell(bc.name()))) return false;
    }
    for (ViewMetadata.Filter f : view.filters()) {
      ColumnDef bc = base.column(f.column()).orElseThrow();
      byte[] v = baseValue(bc, r);
      if (v == null || !passes(f, bc, v)) return false;
    }
    return true;
  }

  private static boolean passes(ViewMetadata.Filter f, ColumnDef c, byte[] v) {
    if (f.op().equals("IN")) {
      for (byte[] x : f.values()) if (c.type().compare(v, x) == 0) return true;
      return false;
    }
    int cmp = c.type().compare(v, f.values().get(0));
    return switch (f.op()) {
      case "=" -> cmp == 0;
      case "<" -> cmp < 0;
      case "<=" -> cmp <= 0;
      case ">" -> cmp > 0;
      case ">=" -> cmp >= 0;
      default -> cmp != 0;
    };
  }

  private byte[] baseValue(ColumnDef bc, Row r) {
    return switch (bc.kind()) {
      case PARTITION_KEY -> basePartitionKey.get(bc.position());
      case CLUSTERING -> r.clustering().get(bc.position());
      default -> {
        Cell cell = r.cell(bc.name());
        yield cell == null ? null : cell.value();
      }
    };
  }

  private void createEntry(Row baseRow) {
    if (!matchesViewFilter(baseRow)) return;
    Row.Builder b = start(baseRow);
    b.marker(livenessForEntry(baseRow));
    b.delete(baseRow.deletion());
    for (int i = 0; i < baseRow.cellCount(); i++) addCell(b, baseRow.name(i), baseRow.cell(i));
    for (Map.Entry<String, ComplexColumn> e : baseRow.complex().entrySet()) {
      if (selectedRegular(e.getKey())) b.complex(e.getKey(), e.getValue());
    }
    submit(baseRow, b);
  }

  private void updateEntry(Row existing, Row merged) {
    if (!matchesViewFilter(existing)) {
      createEntry(merged);
      return;
    }
    if (!matchesViewFilter(merged)) {
      deleteOldEntryInternal(existing, merged);
      return;
    }
    Row.Builder b = start(merged);
    b.marker(livenessForEntry(merged));
    b.delete(merged.deletion());
    addDifferentCells(b, existing, merged);
    submit(merged, b);
  }

  private void deleteOldEntry(Row existing, Row merged) {
    if (!matchesViewFilter(existing)) return;
    deleteOldEntryInternal(existing, merged);
  }

  private void deleteOldEntryInternal(Row existing, Row merged) {
    Row.Builder b = start(existing);
    long timestamp = timestampForEntryDeletion(existing, merged);
    long rowDeletion = merged.deletion().markedForDeleteAt();
    // Cassandra's own device: a view row shadowed by a change of a column (rather than by a deletion) gets a row
    // marker that is already expired, at that change's timestamp, so a later write can bring it back.
    if (timestamp > rowDeletion) b.marker(LivenessInfo.expired(timestamp, nowInSec));
    b.delete(merged.deletion());
    addDifferentCells(b, existing, merged);
    submit(existing, b);
  }

  private long timestampForEntryDeletion(Row existing, Row merged) {
    DeletionTime deletion = merged.deletion();
    if (keyedOn == null) {
      long timestamp = Math.max(deletion.markedForDeleteAt(), existing.liveness().timestamp());
      if (view.includeAllColumns()) return timestamp;
      for (int i = 0; i < existing.cellCount(); i++) {
        if (view.uses(existing.name(i))) continue;
        timestamp = Math.max(timestamp, existing.cell(i).timestamp());
      }
      for (Map.Entry<String, ComplexColumn> e : existing.complex().entrySet()) {
        if (view.uses(e.getKey())) continue;
        timestamp = Math.max(timestamp, e.getValue().deletion().markedForDeleteAt());
        for (Cell c : e.getValue().cells().values()) timestamp = Math.max(timestamp, c.timestamp());
      }
      return timestamp;
    }
    Cell before = existing.cell(keyedOn.name());
    return deletion.deletes(before.timestamp()) ? deletion.markedForDeleteAt() : before.timestamp();
  }

  private LivenessInfo livenessForEntry(Row baseRow) {
    LivenessInfo baseLiveness = baseRow.liveness();
    if (keyedOn == null) {
      if (view.includeAllColumns()) return baseLiveness;
      long timestamp = baseLiveness.timestamp();
      boolean nonExpiringLive = false;
      Cell biggestExpiration = null;
      List<Cell> unselected = new ArrayList<>();
      for (int i = 0; i < baseRow.cellCount(); i++) if (!view.uses(baseRow.name(i))) unselected.add(baseRow.cell(i));
      for (Map.Entry<String, ComplexColumn> e : baseRow.complex().entrySet()) {
        if (!view.uses(e.getKey())) unselected.addAll(e.getValue().cells().values());
      }
      for (Cell cell : unselected) {
        if (!isLive(cell)) continue;
        timestamp = Math.max(timestamp, cell.timestamp());
        if (!cell.isExpiring()) nonExpiringLive = true;
        else if (biggestExpiration == null || cell.localDeletionTime() > biggestExpiration.localDeletionTime())
          biggestExpiration = cell;
      }
      boolean baseLive = baseLiveness.isLive(nowInSec);
      if (baseLive && baseLiveness.ttl() == 0) return LivenessInfo.of(timestamp, 0, nowInSec);
      if (nonExpiringLive) return LivenessInfo.of(timestamp, 0, nowInSec);
      if (biggestExpiration == null) return baseLiveness;
      if (biggestExpiration.localDeletionTime() > baseLiveness.localExpirationTime() || !baseLive)
        return new LivenessInfo(timestamp, biggestExpiration.ttl(), biggestExpiration.localDeletionTime());
      return baseLiveness;
    }
    Cell cell = baseRow.cell(keyedOn.name());
    return cell.isExpiring() ? new LivenessInfo(cell.timestamp(), cell.ttl(), cell.localDeletionTime())
        : new LivenessInfo(cell.timestamp(), 0, Cell.NO_DELETION_TIME);
  }

  /** A base column that the view holds as a regular column (its key columns are in the view row's key). */
  private boolean selectedRegular(String column) {
    return view.table().column(column).map(c -> !c.isPrimaryKey()).orElse(false);
  }

  private void addCell(Row.Builder b, String column, Cell cell) {
    if (selectedRegular(column)) b.cell(column, cell);
  }

  private void addDifferentCells(Row.Builder b, Row existing, Row merged) {
    for (int i = 0; i < merged.cellCount(); i++) {
      String name = merged.name(i);
      if (!selectedRegular(name)) continue;
      Cell before = existing.cell(name);
      if (!merged.cell(i).equals(before)) b.cell(name, merged.cell(i));
    }
    for (Map.Entry<String, ComplexColumn> e : merged.complex().entrySet()) {
      if (!selectedRegular(e.getKey())) continue;
      ComplexColumn before = existing.complex().get(e.getKey());
      if (before == null) {
        b.complex(e.getKey(), e.getValue());
        continue;
      }
      ComplexColumn now = e.getValue();
      DeletionTime d = now.deletion().supersedes(before.deletion()) ? now.deletion() : DeletionTime.LIVE;
      TreeMap<byte[], Cell> changed = new TreeMap<>(now.cells().comparator());
      for (Map.Entry<byte[], Cell> c : now.cells().entrySet()) {
        if (!c.getValue().equals(before.cells().get(c.getKey()))) changed.put(c.getKey(), c.getValue());
      }
      if (!d.isLive() || !changed.isEmpty()) b.complex(e.getKey(), new ComplexColumn(d, changed));
    }
  }

  /** A builder for the view row of base row {@code baseRow}: its clustering from the base row's values. */
  private Row.Builder start(Row baseRow) {
    List<ColumnDef> ck = view.table().clusteringColumns();
    byte[][] values = new byte[ck.size()][];
    for (int i = 0; i < ck.size(); i++) values[i] = baseValue(base.column(ck.get(i).name()).orElseThrow(), baseRow);
    return Row.builder(Clustering.of(values));
  }

  private void submit(Row baseRow, Row.Builder b) {
    Row row = b.build();
    if (row.isEmpty()) return;
    List<ColumnDef> pk = view.table().partitionKey();
    List<byte[]> parts = new ArrayList<>();
    for (ColumnDef c : pk) parts.add(baseValue(base.column(c.name()).orElseThrow(), baseRow));
    byte[] key = parts.size() == 1 ? parts.get(0) : KeyEncoding.encode(parts);
    DecoratedKey dk = viewSchema.decorate(key);
    updates.computeIfAbsent(dk, k -> new Partition(k, viewSchema.clustering())).add(row);
  }
}
