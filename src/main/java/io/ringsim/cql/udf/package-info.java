/**
 * User-defined functions in Java, as Cassandra 4.1 compiles, checks and runs them: the body wrapped in a generated
 * class, compiled by the Eclipse compiler Cassandra uses (so its compile errors read the same), against only the
 * classes Cassandra's UDF class loader lets a function see, then its byte code checked for the calls Cassandra's
 * UDFByteCodeVerifier refuses. Values cross between ringsim's Java values and the Java types Cassandra gives a
 * function's arguments (int as Integer, timestamp as java.util.Date, list as java.util.List, a tuple as the
 * TupleValue of {@link io.ringsim.cql.udf.api}, ...), and every body gets Cassandra's {@code udfContext}.
 */
package io.ringsim.cql.udf;
