package io.ringsim.schema;

import java.util.List;

/**
 * A user-defined function as the schema holds it (system_schema.functions): keyspace, name, arguments, return type,
 * whether it is called on null input, language and body; {@code code} runs it (compiled when it was created).
 */
public record UserFunction(String keyspace, String name, List<String> argNames, List<CqlType> argTypes,
    CqlType returnType, boolean calledOnNullInput, String language, String body, Code code) {

  /** The compiled body: the function's value for these argument values (ringsim's Java values). */
  public interface Code {
    Object call(List<Object> args);
  }

  public UserFunction {
    argNames = List.copyOf(argNames);
    argTypes = List.copyOf(argTypes);
  }

  /** "name(int, text)", as DESCRIBE and Cassandra's messages write a signature. */
  public String signature() {
    return name + "(" + typeNames(argTypes) + ")";
  }

  /** "int, text". */
  public static String typeNames(List<CqlType> types) {
    return String.join(", ", types.stream().map(CqlType::name).toList());
  }

  /** Its arguments are exactly these types. */
  public boolean takes(List<CqlType> types) {
    return typeNames(argTypes).equals(typeNames(types));
  }
}
