package io.ringsim.cql.udf.api.exceptions;

/** A value that is not of the CQL type it is given for, as the driver's copy in Cassandra reports it. */
public class InvalidTypeException extends RuntimeException {
  public InvalidTypeException(String msg) {
    super(msg);
  }
}
