package io.ringsim.schema;

import java.util.List;

/**
 * A user-defined aggregate as the schema holds it (system_schema.aggregates): its state function and final function
 * are named (in the same keyspace) and found again when it runs, as Cassandra resolves them; {@code initCond} is the
 * initial state's value and {@code initCondText} its CQL literal as system_schema shows it (both null without
 * INITCOND).
 */
public record UserAggregate(String keyspace, String name, List<CqlType> argTypes, String stateFunction,
    CqlType stateType, String finalFunction, CqlType returnType, Object initCond, String initCondText) {

  public UserAggregate {
    argTypes = List.copyOf(argTypes);
  }

  public String signature() {
    return name + "(" + UserFunction.typeNames(argTypes) + ")";
  }

  public boolean takes(List<CqlType> types) {
    return UserFunction.typeNames(argTypes).equals(UserFunction.typeNames(types));
  }
}
