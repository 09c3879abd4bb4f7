package io.ringsim.cql.udf.api.exceptions;

/**
 * What a UDF body gets, as from Cassandra's copy of the driver, when it reads or writes a value with a Java type the
 * value's CQL type does not have: "Codec not found for requested operation: [int <-> java.lang.String]".
 */
public class CodecNotFoundException extends RuntimeException {
  public CodecNotFoundException(String msg) {
    super(msg);
  }
}
