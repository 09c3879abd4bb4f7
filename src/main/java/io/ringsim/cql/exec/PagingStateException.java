package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;

/** A paging state that is not one this statement gave: Cassandra's message, as an InvalidRequest. */
public final class PagingStateException {
  private PagingStateException() {}

  public static CqlException invalid() {
    return new CqlException(CqlErrorClass.InvalidRequest, "Invalid value for the paging state");
  }
}
