package io.ringsim.cql.exec;

import io.ringsim.ring.Partitioner;
import io.ringsim.ring.Token;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringComparator;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Slice;
import io.ringsim.storage.TableSchema;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A {@link ReadPlan.Source} over rows made in memory rather than stored (the system tables a node answers from its
 * own state): the rows become partitions in token order and rows in clustering order, as a replica would hold them,
 * (or as the generator gave them, for a table whose node orders it its own way), so that a SELECT's selection, restrictions, ordering and limits run on them exactly as on a user table's rows.
 * Every cell is written at {@code writeTime}, the time the rows were made.
 */
public final class GeneratedRows implements ReadPlan.Source {
  private final Partitioner partitioner;
  private final List<LivePartition> partitions;
  private final ClusteringComparator clusteringOrder;

  /**
   * {@code columns} names the values of each of {@code rows}; a column of {@code t} not among them is null in every
   * row, a name {@code t} does not have is left out. {@code writeTime}: the cells' timestamp, as writetime() reads it.
   * {@code order}: how the partitions are ordered.
   */
  public GeneratedRows(TableMetadata t, List<String> columns, List<List<Object>> rows, Partitioner partitioner,
      long writeTime, PartitionOrder order) {
    this.partitioner = partitioner;
    this.clusteringOrder = new ClusteringComparator(t.clusteringColumns());
    Map<String, Integer> at = new LinkedHashMap<>();
    for (int i = 0; i < columns.size(); i++) at.put(columns.get(i), i);
    Map<DecoratedKey, Building> partitionsByKey = order == PartitionOrder.TOKEN ? new TreeMap<>()
        : new LinkedHashMap<>();
    for (List<Object> row : rows) {
      List<Object> pk = new ArrayList<>();
      for (ColumnDef d : t.partitionKey()) pk.add(value(row, at, d));
      byte[] key = Keys.partitionKey(t, pk);
      Building b = partitionsByKey.computeIfAbsent(new DecoratedKey(partitioner.token(key), key), Building::new);
      List<Object> ck = new ArrayList<>();
      for (ColumnDef d : t.clusteringColumns()) ck.add(value(row, at, d));
      Clustering clustering = t.clusteringColumns().isEmpty() ? Clustering.EMPTY : Clustering.of(Keys.clustering(t, ck));
      Map<String, Cell> cells = new LinkedHashMap<>();
      Map<String, NavigableMap<byte[], Cell>> collections = new LinkedHashMap<>();
      Map<String, Cell> staticCells = new LinkedHashMap<>();
      Map<String, NavigableMap<byte[], Cell>> staticCollections = new LinkedHashMap<>();
      for (ColumnDef d : t.columns()) {
        if (d.isPrimaryKey()) continue;
        Object v = value(row, at, d);
        if (v == null) continue;
        boolean st = d.kind() == ColumnKind.STATIC;
        if (TableSchema.isComplex(d.type())) {
          NavigableMap<byte[], Cell> c = complexCells(d.type(), v, writeTime);
          if (!c.isEmpty()) (st ? staticCollections : collections).put(d.name(), c);
        } else {
          (st ? staticCells : cells).put(d.name(), Cell.live(writeTime, d.type().serialize(v)));
        }
      }
      if (!staticCells.isEmpty() || !staticCollections.isEmpty()) {
        b.staticRow = new LiveRow(Clustering.STATIC, false, staticCells, staticCollections);
      }
      b.rows.add(new LiveRow(clustering, true, cells, collections));
    }
    List<LivePartition> out = new ArrayList<>();
    Comparator<LiveRow> byClustering = (x, y) -> clusteringOrder.compare(x.clustering(), y.clustering());
    for (Building b : partitionsByKey.values()) {
      b.rows.sort(byClustering);
      out.add(new LivePartition(b.key, b.staticRow, List.copyOf(b.rows)));
    }
    this.partitions = List.copyOf(out);
  }

  /**
   * Rows already made into partitions ({@code partitions}, in the order they are read): stored rows merged with
   * generated ones, whose cells keep their own timestamps.
   */
  public GeneratedRows(TableMetadata t, List<LivePartition> partitions, Partitioner partitioner) {
    this.partitioner = partitioner;
    this.clusteringOrder = new ClusteringComparator(t.clusteringColumns());
    this.partitions = List.copyOf(partitions);
  }

  /** The partitions, in their order, each with all its rows. */
  public List<LivePartition> partitions() {
    return partitions;
  }

  /**
   * The order of the partitions: by token, as a replica keeps them; or as the rows were given, for a table whose
   * generator already orders its partitions as Cassandra does (a virtual table's own partitioner).
   */
  public enum PartitionOrder { TOKEN, AS_GIVEN }

  private static final class Building {
    final DecoratedKey key;
    final List<LiveRow> rows = new ArrayList<>();
    LiveRow staticRow;

    Building(DecoratedKey key) {
      this.key = key;
    }
  }

  private static Object value(List<Object> row, Map<String, Integer> at, ColumnDef d) {
    Integer i = at.get(d.name());
    return i == null ? null : row.get(i);
  }

  /** A multi-cell collection's cells as storage keeps them: by element (set), by key (map), by position (list). */
  private static NavigableMap<byte[], Cell> complexCells(CqlType type, Object v, long ts) {
    NavigableMap<byte[], Cell> out = new TreeMap<>(Arrays::compareUnsigned);
    if (type instanceof ListType lt) {
      int i = 0;
      for (Object e : (Collection<?>) v) {
        out.put(ByteBuffer.allocate(4).putInt(i++).array(), Cell.live(ts, lt.element().serialize(e)));
      }
    } else if (type instanceof MapType mt) {
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        out.put(mt.key().serialize(e.getKey()), Cell.live(ts, mt.value().serialize(e.getValue())));
      }
    } else if (type instanceof io.ringsim.schema.collection.SetType st) {
      for (Object e : (Collection<?>) v) out.put(st.element().serialize(e), Cell.live(ts, new byte[0]));
    } else {
      throw new IllegalArgumentException("no generated rows of type " + type.name());
    }
    return out;
  }

  /** The partition's rows the filter keeps: in its slices, in its order, up to its limit. */
  private LivePartition filtered(LivePartition p, ReadFilter filter) {
    List<LiveRow> kept = new ArrayList<>();
    for (LiveRow r : p.rows()) {
      for (Slice s : filter.slices()) {
        if (s.contains(clusteringOrder, r.clustering())) {
          kept.add(r);
          break;
        }
      }
    }
    if (filter.reversed()) java.util.Collections.reverse(kept);
    if (kept.size() > filter.limit()) kept = kept.subList(0, filter.limit());
    return new LivePartition(p.key(), p.staticRow(), List.copyOf(kept));
  }

  @Override
  public List<LivePartition> read(TableMetadata table, List<byte[]> keys, ReadFilter filter) {
    List<LivePartition> out = new ArrayList<>();
    for (byte[] k : keys) {
      for (LivePartition p : partitions) {
        if (Arrays.equals(p.key().key(), k)) out.add(filtered(p, filter));
      }
    }
    return out;
  }

  @Override
  public List<LivePartition> scan(TableMetadata table, String startExclusive, String endInclusive,
      ReadFilter filter) {
    Token start = startExclusive == null ? null : partitioner.parseToken(startExclusive);
    Token end = endInclusive == null ? null : partitioner.parseToken(endInclusive);
    List<LivePartition> out = new ArrayList<>();
    for (LivePartition p : partitions) {
      Token t = p.key().token();
      if (start != null && t.compareTo(start) <= 0) continue;
      if (end != null && t.compareTo(end) > 0) continue;
      LivePartition f = filtered(p, filter);
      if (!f.isEmpty()) out.add(f);
    }
    return out;
  }

  @Override
  public String token(TableMetadata table, byte[] key) {
    return partitioner.token(key).toString();
  }
}
