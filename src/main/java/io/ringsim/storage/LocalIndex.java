package io.ringsim.storage;

import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.EmptyValue;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.ring.Token;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * One built-in secondary index on one node, as Cassandra's CassandraIndex keeps it in a hidden local table: each
 * indexed value (a cell's value, a collection's element, key or entry, a clustering value) maps to the rows that held
 * it when written, sorted as the index table's clustering sorts them (partition token, key, clustering), each with the
 * timestamp of its newest write. Writes only add entries: an overwrite, a delete, an expired TTL or a removed element
 * leaves the old entry behind, and {@link #matches} is the read-time check that drops it (CassandraIndexSearcher's
 * staleness filter). A read that finds an entry stale deletes it ({@link #deleteStale}), as Cassandra's
 * CompositesSearcher writes a tombstone into the index table at the entry's own timestamp: the entry is gone for the
 * next read, and a later write of the value with a newer timestamp indexes it again.
 *
 * <p>Values are kept as Cassandra's index table keys them: by the indexed type's own order (LocalPartitioner's
 * token) and then by their bytes (DecoratedKey's tie-break), so {@code 1.0} and {@code 1.00} of a decimal, equal
 * values with other bytes, are two index partitions, and a lookup finds only the one written with its bytes. A
 * stale-entry check compares a cell's bytes too: Cassandra's index updater deletes the entry of a value an update
 * overwrites in the memtable, so {@code v = 1.0} no longer finds a row whose {@code 1.0} became {@code 1.000} (once
 * the old value is flushed, Cassandra's read-time check compares values instead, which ringsim does not model).
 */
public final class LocalIndex {
  /** Where the indexed value sits in a row. */
  enum Shape { CELL, LIST_VALUES, SET_VALUES, MAP_VALUES, MAP_KEYS, MAP_ENTRIES, CLUSTERING, PARTITION_KEY, UNSUPPORTED }

  /**
   * A row an index entry points to: its partition and clustering ({@link Clustering#STATIC} for a static column or a
   * partition key component, whose entries name whole partitions).
   */
  public record Entry(DecoratedKey key, Clustering clustering, long timestamp) {
    Entry(DecoratedKey key, Clustering clustering) {
      this(key, clustering, Long.MIN_VALUE);
    }
  }

  /** An entry's newest write, and the tombstone a stale-entry deletion wrote over it (Long.MIN_VALUE: none). */
  private static final class Stamp {
    long written = Long.MIN_VALUE;
    long deletedAt = Long.MIN_VALUE;

    boolean live() {
      return written > deletedAt;
    }
  }

  private final String column;
  private final String kind;
  private final Shape shape;
  private final boolean isStatic;
  private final int clusteringPosition;
  /** A partition key component's position, and how many the key has; -1 for other columns. */
  private final int keyPosition, keyComponents;
  private final Comparator<byte[][]> valueOrder;
  private final TreeMap<byte[][], TreeMap<Entry, Stamp>> entries;
  private final Comparator<Entry> entryOrder;
  private long size;

  LocalIndex(TableSchema schema, String column, String kind) {
    this.column = column;
    this.kind = kind;
    ColumnDef def = schema.metadata().column(column).orElse(null);
    this.isStatic = def != null && def.kind() == ColumnKind.STATIC;
    this.clusteringPosition = def != null && def.kind() == ColumnKind.CLUSTERING ? def.position() : -1;
    this.keyPosition = def != null && def.kind() == ColumnKind.PARTITION_KEY ? def.position() : -1;
    this.keyComponents = schema.metadata().partitionKey().size();
    this.shape = def == null ? Shape.UNSUPPORTED : shapeOf(def, kind);
    List<CqlType> parts = def == null ? List.of() : partTypes(def.type(), shape);
    this.valueOrder = (a, b) -> {
      for (int i = 0; i < parts.size(); i++) {
        int c = EmptyValue.compare(parts.get(i), a[i], b[i]);
        if (c != 0) return c;
      }
      return 0;
    };
    Comparator<byte[][]> bytes = (a, b) -> {
      for (int i = 0; i < a.length; i++) {
        int c = java.util.Arrays.compareUnsigned(a[i], b[i]);
        if (c != 0) return c;
      }
      return 0;
    };
    this.entries = new TreeMap<>(valueOrder.thenComparing(bytes));
    ClusteringComparator cc = schema.clustering();
    this.entryOrder = Comparator.comparing(Entry::key).thenComparing(Entry::clustering, cc);
  }

  /**
   * An index with no entries, for {@link #matches} alone (a coordinator filtering merged rows by the index
   * expression builds no index of its own for that); null where no built-in index can serve {@code column}.
   */
  public static LocalIndex matcher(TableSchema schema, String column, String kind) {
    LocalIndex ix = new LocalIndex(schema, column, kind);
    return ix.supported() ? ix : null;
  }

  /** Whether this node can answer the index from its own structure (not for a non-frozen user type or a counter). */
  public boolean supported() {
    return shape != Shape.UNSUPPORTED;
  }

  /** How many entries the index holds, stale ones not yet deleted by a read included. */
  public long size() {
    return size;
  }

  private static Shape shapeOf(ColumnDef def, String kind) {
    if (def.kind() == ColumnKind.PARTITION_KEY) return Shape.PARTITION_KEY;
    if (def.kind() == ColumnKind.CLUSTERING) return Shape.CLUSTERING;
    CqlType t = def.type();
    if (!TableSchema.isComplex(t) || "full".equals(kind)) {
      return TableSchema.isComplex(t) ? Shape.UNSUPPORTED : Shape.CELL;
    }
    if (t instanceof ListType && "values".equals(kind)) return Shape.LIST_VALUES;
    if (t instanceof SetType && "values".equals(kind)) return Shape.SET_VALUES;
    if (t instanceof MapType) {
      return switch (kind) {
        case "values" -> Shape.MAP_VALUES;
        case "keys" -> Shape.MAP_KEYS;
        case "entries" -> Shape.MAP_ENTRIES;
        default -> Shape.UNSUPPORTED;
      };
    }
    return Shape.UNSUPPORTED; // a non-frozen user type or a counter: no built-in index
  }

  private static List<CqlType> partTypes(CqlType t, Shape shape) {
    return switch (shape) {
      case CELL, CLUSTERING, PARTITION_KEY -> List.of(t);
      case LIST_VALUES -> List.of(((ListType) t).element());
      case SET_VALUES -> List.of(((SetType) t).element());
      case MAP_VALUES -> List.of(((MapType) t).value());
      case MAP_KEYS -> List.of(((MapType) t).key());
      case MAP_ENTRIES -> List.of(((MapType) t).key(), ((MapType) t).value());
      case UNSUPPORTED -> List.of();
    };
  }

  /** Indexes what {@code update} writes (a memtable write: plain, batch, LWT commit, hint, repair, stream, replay). */
  void index(Partition update) {
    if (shape == Shape.UNSUPPORTED) return;
    DecoratedKey k = update.key();
    if (shape == Shape.PARTITION_KEY) {
      put(new byte[][] {keyComponent(k)}, new Entry(k, Clustering.STATIC), update.maxTimestamp());
      return;
    }
    if (isStatic) {
      if (update.staticRow() != null) add(update.staticRow(), k, Clustering.STATIC);
      return;
    }
    for (Row r : update.rows().values()) add(r, k, r.clustering());
  }

  private void add(Row r, DecoratedKey k, Clustering c) {
    if (shape == Shape.CLUSTERING) {
      // The row's primary key liveness, or its newest cell's (CassandraIndex.getPrimaryKeyIndexLiveness).
      if (c.size() > clusteringPosition) put(new byte[][] {c.get(clusteringPosition)}, new Entry(k, c), r.maxTimestamp());
      return;
    }
    if (shape == Shape.CELL) {
      Cell cell = r.cell(column);
      if (cell != null && !cell.isTombstone()) put(new byte[][] {cell.value()}, new Entry(k, c), cell.timestamp());
      return;
    }
    ComplexColumn cc = r.complex().get(column);
    if (cc == null) return;
    for (Map.Entry<byte[], Cell> e : cc.cells().entrySet()) {
      if (e.getValue().isTombstone()) continue;
      put(indexed(e.getKey(), e.getValue().value()), new Entry(k, c), e.getValue().timestamp());
    }
  }

  /** The indexed value of one collection element: its path (a set's element, a map's key) or its value. */
  private byte[][] indexed(byte[] path, byte[] value) {
    return switch (shape) {
      case SET_VALUES, MAP_KEYS -> new byte[][] {path};
      case MAP_ENTRIES -> new byte[][] {path, value};
      default -> new byte[][] {value};
    };
  }

  private void put(byte[][] value, Entry e, long timestamp) {
    Stamp stamp = entries.computeIfAbsent(value, v -> new TreeMap<>(entryOrder)).computeIfAbsent(e, x -> new Stamp());
    boolean was = stamp.live();
    stamp.written = Math.max(stamp.written, timestamp);
    if (!was && stamp.live()) size++;
  }

  /**
   * Deletes the stale entry {@code e} of {@code q}'s value as CompositesSearcher's deleteStaleEntry does: a tombstone
   * at the entry's own timestamp, which hides that write of it and any older one, not a newer write of the value.
   */
  public void deleteStale(IndexQuery q, Entry e) {
    TreeMap<Entry, Stamp> all = entries.get(lookup(q));
    Stamp stamp = all == null ? null : all.get(e);
    if (stamp == null || !stamp.live()) return;
    stamp.deletedAt = Math.max(stamp.deletedAt, e.timestamp());
    if (!stamp.live()) size--;
  }

  /** The lookup key of {@code q}: one value, or a map key and value for an entries index. */
  private static byte[][] lookup(IndexQuery q) {
    return q.entryValue() == null ? new byte[][] {q.value()} : new byte[][] {q.value(), q.entryValue()};
  }

  /**
   * The entries for {@code q}'s value whose partitions' tokens lie in (start, end] (null: unbounded), in token order,
   * each with its newest write's timestamp, stale ones included (not those a read deleted); walked lazily, so a page
   * that stops early does not visit the rest.
   */
  public java.util.Iterator<Entry> lookup(IndexQuery q, Token start, Token end) {
    TreeMap<Entry, Stamp> all = entries.get(lookup(q));
    if (all == null) return java.util.Collections.emptyIterator();
    java.util.Iterator<Map.Entry<Entry, Stamp>> from = (start == null ? all
        : all.tailMap(new Entry(new DecoratedKey(start, new byte[0]), Clustering.STATIC), true)).entrySet().iterator();
    return new java.util.Iterator<>() {
      private Entry next = advance();

      private Entry advance() {
        while (from.hasNext()) {
          Map.Entry<Entry, Stamp> x = from.next();
          Entry e = x.getKey();
          Token t = e.key().token();
          if (start != null && t.compareTo(start) <= 0) continue;
          if (end != null && t.compareTo(end) > 0) return null;
          if (!x.getValue().live()) continue; // deleted by an earlier read that found it stale
          return new Entry(e.key(), e.clustering(), x.getValue().written);
        }
        return null;
      }

      @Override
      public boolean hasNext() {
        return next != null;
      }

      @Override
      public Entry next() {
        if (next == null) throw new java.util.NoSuchElementException();
        Entry e = next;
        next = advance();
        return e;
      }
    };
  }

  /**
   * Whether the live row {@code r} (the partition's live static row, for a static column's index) still holds
   * {@code q}'s value: the read-time check that filters out entries an overwrite, a delete or an expiry made stale.
   */
  public boolean matches(IndexQuery q, LiveRow r) {
    if (r == null) return false;
    byte[][] want = lookup(q);
    switch (shape) {
      case CLUSTERING -> {
        Clustering c = r.clustering();
        return c.size() > clusteringPosition && valueOrder.compare(new byte[][] {c.get(clusteringPosition)}, want) == 0;
      }
      case CELL -> {
        Cell cell = r.cells().get(column);
        return cell != null && java.util.Arrays.equals(cell.value(), want[0]);
      }
      case UNSUPPORTED, PARTITION_KEY -> {
        return true;
      }
      default -> {
        NavigableMap<byte[], Cell> cells = r.collections().get(column);
        if (cells == null) return false;
        for (Map.Entry<byte[], Cell> e : cells.entrySet()) {
          if (valueOrder.compare(indexed(e.getKey(), e.getValue().value()), want) == 0) return true;
        }
        return false;
      }
    }
  }

  private byte[] keyComponent(DecoratedKey k) {
    return keyComponents == 1 ? k.key() : io.ringsim.ring.KeyEncoding.decompose(k.key(), keyComponents).get(keyPosition);
  }

  /** Whether the partition's key holds {@code q}'s value (an index on a partition key component). */
  public boolean matchesKey(IndexQuery q, DecoratedKey k) {
    return shape == Shape.PARTITION_KEY && valueOrder.compare(new byte[][] {keyComponent(k)}, lookup(q)) == 0;
  }

  /** Whether the index names whole partitions (a static column's or a partition key component's), not rows. */
  public boolean wholePartitions() {
    return isStatic || shape == Shape.PARTITION_KEY;
  }

  /** Whether the index is on a partition key component. */
  public boolean onPartitionKey() {
    return shape == Shape.PARTITION_KEY;
  }

  /** Whether the index reads by the partition's static row (an index on a static column). */
  public boolean onStatic() {
    return isStatic;
  }

  String column() {
    return column;
  }

  String kind() {
    return kind;
  }
}
