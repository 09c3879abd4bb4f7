package io.ringsim.cql.udf.api;

/**
 * What a Java UDF body reaches as {@code udfContext}, as Cassandra 4.1's UDFContext: empty tuple and user-type values
 * of the function's argument types, its return type, a user type of its keyspace or a tuple type written in CQL.
 */
public interface UDFContext {
  UDTValue newArgUDTValue(String argName);

  UDTValue newArgUDTValue(int argNum);

  UDTValue newReturnUDTValue();

  UDTValue newUDTValue(String udtName);

  TupleValue newArgTupleValue(String argName);

  TupleValue newArgTupleValue(int argNum);

  TupleValue newReturnTupleValue();

  TupleValue newTupleValue(String cqlDefinition);
}
