package io.ringsim.storage;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One row of a partition as written or stored: its row marker, its row deletion, its simple cells (sorted by column
 * name, in two parallel arrays to keep small rows small) and its non-frozen collections. Immutable.
 */
public final class Row {
  private static final String[] NO_NAMES = new String[0];
  private static final Cell[] NO_CELLS = new Cell[0];
  /**
   * Column-name arrays shared between rows: rows of one table carry the same few sets of names, and a String[] per
   * row was ~24 bytes of every small row held in memory. Slots are picked by hash; a clash just replaces the entry.
   */
  private static final AtomicReferenceArray<String[]> NAME_SETS = new AtomicReferenceArray<>(256);

  private final Clustering clustering;
  private final LivenessInfo liveness;
  private final DeletionTime deletion;
  private final String[] names;
  private final Cell[] cells;
  private final Map<String, ComplexColumn> complex;

  Row(Clustering clustering, LivenessInfo liveness, DeletionTime deletion, String[] names, Cell[] cells,
      Map<String, ComplexColumn> complex) {
    this.clustering = clustering;
    this.liveness = liveness;
    this.deletion = deletion;
    this.names = names;
    this.cells = cells;
    this.complex = complex;
  }

  public static Builder builder(Clustering clustering) {
    return new Builder(clustering);
  }

  public Clustering clustering() {
    return clustering;
  }

  public LivenessInfo liveness() {
    return liveness;
  }

  public DeletionTime deletion() {
    return deletion;
  }

  public int cellCount() {
    return names.length;
  }

  public String name(int i) {
    return names[i];
  }

  public Cell cell(int i) {
    return cells[i];
  }

  public Cell cell(String column) {
    int i = Arrays.binarySearch(names, column);
    return i >= 0 ? cells[i] : null;
  }

  public Map<String, ComplexColumn> complex() {
    return complex;
  }

  public boolean isEmpty() {
    return liveness.isEmpty() && deletion.isLive() && names.length == 0 && complex.isEmpty();
  }

  /**
   * This row with every timestamp replaced, as Cassandra's Row.updateAllTimestamp does: the cells and the row's
   * liveness at {@code ts}, its deletions (the row's, a collection's) at {@code ts - 1}, so what it writes still wins
   * over what it deletes. A Paxos round that finishes another round's proposal re-stamps it with its own ballot.
   */
  public Row withAllTimestamps(long ts) {
    LivenessInfo l = liveness.isEmpty() ? liveness : new LivenessInfo(ts, liveness.ttl(),
        liveness.localExpirationTime());
    DeletionTime d = deletion.isLive() ? deletion : new DeletionTime(ts - 1, deletion.localDeletionTime());
    Cell[] c = new Cell[cells.length];
    for (int i = 0; i < cells.length; i++) c[i] = cells[i].withTimestamp(ts);
    Map<String, ComplexColumn> cx = complex;
    if (!complex.isEmpty()) {
      cx = new java.util.TreeMap<>();
      for (Map.Entry<String, ComplexColumn> e : complex.entrySet()) cx.put(e.getKey(), e.getValue().withAllTimestamps(ts));
    }
    return new Row(clustering, l, d, names, c, cx);
  }

  /** Reconciles two versions of the same row; data shadowed by the resulting row deletion is dropped. */
  public Row merge(Row o) {
    DeletionTime d = DeletionTime.max(deletion, o.deletion);
    LivenessInfo l = LivenessInfo.merge(liveness, o.liveness);
    if (d.deletes(l.timestamp())) l = LivenessInfo.EMPTY;
    String[] n = new String[names.length + o.names.length];
    Cell[] c = new Cell[n.length];
    int i = 0, j = 0, k = 0;
    while (i < names.length || j < o.names.length) {
      int cmp = i == names.length ? 1 : j == o.names.length ? -1 : names[i].compareTo(o.names[j]);
      Cell cell;
      String name;
      if (cmp < 0) {
        name = names[i];
        cell = cells[i++];
      } else if (cmp > 0) {
        name = o.names[j];
        cell = o.cells[j++];
      } else {
        name = names[i];
        cell = Cell.reconcile(cells[i++], o.cells[j++]);
      }
      if (d.deletes(cell.timestamp())) continue;
      n[k] = name;
      c[k++] = cell;
    }
    Map<String, ComplexColumn> cx = complex;
    if (!o.complex.isEmpty()) {
      TreeMap<String, ComplexColumn> m = new TreeMap<>(complex);
      o.complex.forEach((name, col) -> m.merge(name, col, ComplexColumn::merge));
      cx = m;
    }
    if (!d.isLive() && !cx.isEmpty()) cx = shadow(cx, d);
    return new Row(clustering, l, d, shared(k == n.length ? n : Arrays.copyOf(n, k)),
        k == c.length ? c : Arrays.copyOf(c, k), cx);
  }

  /** The shared array equal to {@code names} (which is never mutated afterwards). */
  private static String[] shared(String[] names) {
    if (names.length == 0) return NO_NAMES;
    int slot = Arrays.hashCode(names) & (NAME_SETS.length() - 1);
    String[] known = NAME_SETS.get(slot);
    if (known != null && Arrays.equals(known, names)) return known;
    NAME_SETS.set(slot, names);
    return names;
  }

  private static Map<String, ComplexColumn> shadow(Map<String, ComplexColumn> cx, DeletionTime d) {
    TreeMap<String, ComplexColumn> out = new TreeMap<>();
    cx.forEach((name, col) -> out.put(name, col.merge(new ComplexColumn(d, Collections.emptyNavigableMap()))));
    return out;
  }

  /** Bytes this row takes in an SSTable. */
  public int dataSize() {
    int n = clustering.dataSize() + (liveness.isEmpty() ? 0 : 16) + (deletion.isLive() ? 0 : DeletionTime.SIZE);
    for (int i = 0; i < names.length; i++) n += 2 + cells[i].dataSize();
    if (!complex.isEmpty()) for (ComplexColumn c : complex.values()) n += 2 + c.dataSize();
    return n;
  }

  public long maxTimestamp() {
    long m = Math.max(liveness.timestamp(), deletion.markedForDeleteAt());
    for (Cell c : cells) m = Math.max(m, c.timestamp());
    // Most rows have no collection: no iterator over the empty map (these run several times per write).
    if (complex.isEmpty()) return m;
    for (ComplexColumn c : complex.values()) {
      m = Math.max(m, c.deletion().markedForDeleteAt());
      for (Cell e : c.cells().values()) m = Math.max(m, e.timestamp());
    }
    return m;
  }

  public long minTimestamp() {
    long m = Long.MAX_VALUE;
    if (!liveness.isEmpty()) m = liveness.timestamp();
    if (!deletion.isLive()) m = Math.min(m, deletion.markedForDeleteAt());
    for (Cell c : cells) m = Math.min(m, c.timestamp());
    if (complex.isEmpty()) return m;
    for (ComplexColumn c : complex.values()) {
      if (!c.deletion().isLive()) m = Math.min(m, c.deletion().markedForDeleteAt());
      for (Cell e : c.cells().values()) m = Math.min(m, e.timestamp());
    }
    return m;
  }

  /** Builds a row for a mutation. Cells added for the same column are reconciled. */
  public static final class Builder {
    private final Clustering clustering;
    private LivenessInfo liveness = LivenessInfo.EMPTY;
    private DeletionTime deletion = DeletionTime.LIVE;
    /**
     * The simple cells so far, in column-name order, as two arrays: a row has a handful of columns, so a sorted
     * insert into an array is cheaper than a tree's entries, and the arrays are what the row keeps.
     */
    private String[] names = NO_NAMES;
    private Cell[] values = NO_CELLS;
    private int count;
    private TreeMap<String, ComplexColumn> complex;

    Builder(Clustering clustering) {
      this.clustering = clustering;
    }

    public Builder marker(LivenessInfo l) {
      liveness = LivenessInfo.merge(liveness, l);
      return this;
    }

    public Builder delete(DeletionTime d) {
      deletion = DeletionTime.max(deletion, d);
      return this;
    }

    /** Adds a cell; a second cell of the same column is reconciled with the first, as a merge would. */
    public Builder cell(String column, Cell cell) {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(cell, "cell");
      int i = Arrays.binarySearch(names, 0, count, column);
      if (i >= 0) {
        values[i] = Cell.reconcile(values[i], cell);
        return this;
      }
      i = -i - 1;
      if (count == names.length) {
        int n = Math.max(4, count * 2);
        names = Arrays.copyOf(names, n);
        values = Arrays.copyOf(values, n);
      }
      System.arraycopy(names, i, names, i + 1, count - i);
      System.arraycopy(values, i, values, i + 1, count - i);
      names[i] = column;
      values[i] = cell;
      count++;
      return this;
    }

    public Builder complex(String column, ComplexColumn col) {
      if (complex == null) complex = new TreeMap<>();
      complex.merge(column, col, ComplexColumn::merge);
      return this;
    }

    public Row build() {
      String[] n = count == 0 ? NO_NAMES : shared(Arrays.copyOf(names, count));
      Cell[] c = count == 0 ? NO_CELLS : Arrays.copyOf(values, count);
      Map<String, ComplexColumn> cx = complex == null || complex.isEmpty() ? Map.of() : new TreeMap<>(complex);
      Row r = new Row(clustering, liveness, deletion, n, c, cx);
      // Applying the row's own deletion drops cells it shadows, as a merge would.
      return deletion.isLive() ? r : r.merge(new Row(clustering, LivenessInfo.EMPTY, DeletionTime.LIVE, NO_NAMES,
          NO_CELLS, Map.of()));
    }
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("Row").append(clustering).append('{');
    if (!liveness.isEmpty()) sb.append("marker@").append(liveness.timestamp()).append(' ');
    if (!deletion.isLive()) sb.append("deleted@").append(deletion.markedForDeleteAt()).append(' ');
    for (int i = 0; i < names.length; i++) sb.append(names[i]).append('=').append(cells[i]).append(' ');
    complex.forEach((k, v) -> sb.append(k).append("=complex(").append(v.cells().size()).append(") "));
    return sb.append('}').toString();
  }
}
