package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.types.MarshalException;
import java.util.List;

/** Cassandra's answers for a literal a custom type (CompositeType, ...) cannot read. */
final class CustomValues {
  private CustomValues() {}

  /**
   * A table whose one partition key column is a CompositeType: Cassandra 4.1 takes that type for the composite of a
   * multi-column key and keeps only the value's first component as the key ('x:1' and 'x:2' are one partition, read
   * back as the bytes of 'x'). ringsim does not model that and says so rather than store something else.
   */
  static void checkPartitionKey(List<ColumnDef> partitionKey) {
    if (partitionKey.size() == 1
        && partitionKey.get(0).type().name().startsWith("'org.apache.cassandra.db.marshal.CompositeType(")) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "ringsim does not model a CompositeType as the only "
          + "partition key column (Cassandra 4.1 keeps just the first component of its values as the key): "
          + partitionKey.get(0).name());
    }
  }

  static CqlException unreadable(MarshalException e) {
    // Cassandra's fromString failing with no MarshalException (CompositeType given more components than types,
    // DynamicCompositeType a component without its type): the request fails as a server error.
    if (e.kind() == MarshalException.Kind.INTERNAL) return new CqlException(CqlErrorClass.ServerError, e.getMessage());
    return new CqlException(CqlErrorClass.InvalidRequest, e.getMessage());
  }
}
