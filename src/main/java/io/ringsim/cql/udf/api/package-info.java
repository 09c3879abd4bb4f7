/**
 * What a Java UDF body sees of CQL values that Java has no class for, as Cassandra 4.1 gives them: its copies of the
 * Java driver 3's TupleValue, UDTValue, LocalDate and Duration, the UDFContext behind {@code udfContext}, and the
 * base class that holds it. Written for ringsim (not Cassandra's code) with the method names, behaviour, messages and
 * text a body relies on; the UDF class loader lets a body see this package and nothing else of ringsim. Messages
 * that name these classes are shown with Cassandra's names (org.apache.cassandra.cql3.functions.types.*).
 */
package io.ringsim.cql.udf.api;
