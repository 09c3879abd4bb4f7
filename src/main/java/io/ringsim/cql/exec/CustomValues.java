package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.schema.types.MarshalException;

/** Cassandra's answers for a literal a custom type (CompositeType, ...) cannot read. */
final class CustomValues {
  private CustomValues() {}

  static CqlException unreadable(MarshalException e) {
    if (e.getMessage().startsWith("Index ")) {
      // CompositeType.fromString with more components than types: Cassandra's own code fails, a server error.
      return new CqlException(CqlErrorClass.ServerError, "java.lang.ArrayIndexOutOfBoundsException: "
          + e.getMessage());
    }
    return new CqlException(CqlErrorClass.InvalidRequest, e.getMessage());
  }
}
