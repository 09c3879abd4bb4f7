package io.ringsim.storage;

import io.ringsim.ring.Partitioner;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.types.CqlTypes;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;

/** What the storage engine needs from a table's schema: key decoration, row order and collection element order. */
public record TableSchema(TableMetadata metadata, Partitioner partitioner, ClusteringComparator clustering) {

  public static TableSchema of(TableMetadata metadata, Partitioner partitioner) {
    return new TableSchema(metadata, partitioner, new ClusteringComparator(metadata.clusteringColumns()));
  }

  public String name() {
    return metadata.qualifiedName();
  }

  public DecoratedKey decorate(byte[] partitionKey) {
    return new DecoratedKey(partitioner.token(partitionKey), partitionKey);
  }

  public Partition newPartition(byte[] partitionKey) {
    return new Partition(decorate(partitionKey), clustering);
  }

  /**
   * A non-frozen collection is stored cell per element, a non-frozen user-defined type cell per field, a counter
   * cell per shard ({@link CounterShards}).
   */
  public static boolean isComplex(CqlType t) {
    return (t instanceof ListType l && !l.frozen()) || (t instanceof SetType s && !s.frozen())
        || (t instanceof io.ringsim.schema.collection.UserType u && !u.frozen())
        || (t instanceof MapType m && !m.frozen()) || CounterShards.isCounter(t);
  }

  /** The order of a collection's cells: list cells by their timeuuid path, sets by element, maps by key. */
  public Comparator<byte[]> pathOrder(String column) {
    Optional<ColumnDef> c = metadata.column(column);
    if (c.isEmpty()) return Arrays::compareUnsigned;
    CqlType t = c.get().type();
    if (t instanceof ListType) return CqlTypes.TIMEUUID::compare;
    if (t instanceof SetType s) return s.element()::compare;
    if (t instanceof MapType m) return m.key()::compare;
    return Arrays::compareUnsigned;
  }
}
