package io.ringsim.cluster;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.WriteType;

/**
 * A coordinator's failure with the counts Cassandra puts in the error: for Unavailable the replicas required and
 * alive, for a timeout the acknowledgements received and required. A native-protocol client reads them as fields.
 */
public final class CoordinatorException extends CqlException {
  private final int received;
  private final int required;
  private final ConsistencyLevel reported;
  private final WriteType writeType;

  public CoordinatorException(CqlErrorClass errorClass, String message, int received, int required) {
    this(errorClass, message, received, required, null, null);
  }

  /**
   * @param reported the consistency level the error names when it is not the request's (a Paxos timeout names
   *     SERIAL), else null
   * @param writeType the write type a write timeout names when the request alone does not tell it (CAS), else null
   */
  public CoordinatorException(CqlErrorClass errorClass, String message, int received, int required,
      ConsistencyLevel reported, WriteType writeType) {
    super(errorClass, message);
    this.received = received;
    this.required = required;
    this.reported = reported;
    this.writeType = writeType;
  }

  /** The consistency level the error names, or empty for the request's own. */
  public java.util.Optional<ConsistencyLevel> reported() {
    return java.util.Optional.ofNullable(reported);
  }

  /** The write type a write timeout names, or empty for the one the request's kind gives. */
  public java.util.Optional<WriteType> writeType() {
    return java.util.Optional.ofNullable(writeType);
  }

  /** Unavailable: the replicas alive; timeouts: the acknowledgements received. */
  public int received() {
    return received;
  }

  public int required() {
    return required;
  }
}
