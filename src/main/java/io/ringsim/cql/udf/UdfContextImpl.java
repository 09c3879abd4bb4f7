package io.ringsim.cql.udf;

import io.ringsim.cql.udf.api.DriverType;
import io.ringsim.cql.udf.api.TupleValue;
import io.ringsim.cql.udf.api.UDFContext;
import io.ringsim.cql.udf.api.UDTValue;
import io.ringsim.schema.CqlType;
import java.util.List;
import java.util.function.Function;

/**
 * The {@code udfContext} of one Java UDF, as Cassandra 4.1's UDFContextImpl: new values of its argument and return
 * types, of a user type of its keyspace by name, or of a tuple type written in CQL, with Cassandra's messages.
 */
final class UdfContextImpl implements UDFContext {
  /** Looks a CQL type up in the function's keyspace: the type, or an IllegalArgumentException naming what is wrong. */
  interface TypeLookup extends Function<String, CqlType> {}

  private final List<String> argNames;
  private final List<CqlType> argTypes;
  private final CqlType returnType;
  private final String keyspace;
  private final TypeLookup userType;
  private final TypeLookup anyType;

  UdfContextImpl(List<String> argNames, List<CqlType> argTypes, CqlType returnType, String keyspace,
      TypeLookup userType, TypeLookup anyType) {
    this.argNames = List.copyOf(argNames);
    this.argTypes = List.copyOf(argTypes);
    this.returnType = returnType;
    this.keyspace = keyspace;
    this.userType = userType;
    this.anyType = anyType;
  }

  @Override
  public UDTValue newArgUDTValue(String argName) {
    return newUDTValue(arg(argName));
  }

  @Override
  public UDTValue newArgUDTValue(int argNum) {
    return newUDTValue(arg(argNum));
  }

  @Override
  public UDTValue newReturnUDTValue() {
    return newUDTValue(returnType);
  }

  @Override
  public UDTValue newUDTValue(String udtName) {
    CqlType t = userType.apply(udtName);
    if (t == null) throw new IllegalArgumentException("No UDT named " + udtName + " in keyspace " + keyspace);
    return newUDTValue(t);
  }

  @Override
  public TupleValue newArgTupleValue(String argName) {
    return newTupleValue(arg(argName));
  }

  @Override
  public TupleValue newArgTupleValue(int argNum) {
    return newTupleValue(arg(argNum));
  }

  @Override
  public TupleValue newReturnTupleValue() {
    return newTupleValue(returnType);
  }

  @Override
  public TupleValue newTupleValue(String cqlDefinition) {
    return newTupleValue(anyType.apply(cqlDefinition));
  }

  private CqlType arg(int argNum) {
    if (argNum < 0 || argNum >= argTypes.size()) {
      throw new IllegalArgumentException("Function does not declare an argument with index " + argNum);
    }
    return argTypes.get(argNum);
  }

  private CqlType arg(String argName) {
    int i = argNames.indexOf(argName);
    if (i < 0) throw new IllegalArgumentException("Function does not declare an argument named '" + argName + "'");
    return argTypes.get(i);
  }

  private static UDTValue newUDTValue(CqlType t) {
    DriverType d = UdfTypes.driverType(t);
    if (d.kind() != DriverType.Kind.UDT) {
      throw new IllegalStateException("Function argument is not a UDT but a " + d.kindName());
    }
    return d.newUDTValue();
  }

  private static TupleValue newTupleValue(CqlType t) {
    DriverType d = UdfTypes.driverType(t);
    if (d.kind() != DriverType.Kind.TUPLE) {
      throw new IllegalStateException("Function argument is not a tuple type but a " + d.kindName());
    }
    return d.newTupleValue();
  }
}
