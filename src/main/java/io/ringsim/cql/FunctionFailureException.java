package io.ringsim.cql;

import java.util.List;

/**
 * A function that failed while it ran, as Cassandra's FUNCTION_FAILURE names it: besides the message, the function's
 * keyspace, name and argument types (CQL type names), which a driver exposes on the error.
 */
public final class FunctionFailureException extends CqlException {
  private final String keyspace;
  private final String function;
  private final List<String> argTypes;

  public FunctionFailureException(String keyspace, String function, List<String> argTypes, String message) {
    super(CqlErrorClass.FunctionFailure, message);
    this.keyspace = keyspace;
    this.function = function;
    this.argTypes = List.copyOf(argTypes);
  }

  public String keyspace() {
    return keyspace;
  }

  public String function() {
    return function;
  }

  public List<String> argTypes() {
    return argTypes;
  }
}
