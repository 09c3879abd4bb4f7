package io.ringsim.cluster;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;

/**
 * A coordinator's failure with the counts Cassandra puts in the error: for Unavailable the replicas required and
 * alive, for a timeout the acknowledgements received and required. A native-protocol client reads them as fields.
 */
public final class CoordinatorException extends CqlException {
  private final int received;
  private final int required;

  public CoordinatorException(CqlErrorClass errorClass, String message, int received, int required) {
    super(errorClass, message);
    this.received = received;
    this.required = required;
  }

  /** Unavailable: the replicas alive; timeouts: the acknowledgements received. */
  public int received() {
    return received;
  }

  public int required() {
    return required;
  }
}
