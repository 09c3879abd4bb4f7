package io.ringsim.cql.udf;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.udf.api.UDFContext;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.UserFunction;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.List;

/** A Java UDF's body compiled, checked and loaded once (at CREATE FUNCTION), then called per row. */
public final class JavaUdf implements UserFunction.Code {
  private final List<CqlType> argTypes;
  private final CqlType returnType;
  /**
   * The instance's call(Object[]) as a method handle, not a reflective Method: after a few calls Method.invoke
   * defines an accessor class under the function's class loader, which cannot see the JDK's reflection classes.
   */
  private final MethodHandle call;

  /** keyspace.name, which a FUNCTION_FAILURE names. */
  private final String qualifiedName;

  private JavaUdf(String qualifiedName, List<CqlType> argTypes, CqlType returnType, MethodHandle call) {
    this.qualifiedName = qualifiedName;
    this.argTypes = argTypes;
    this.returnType = returnType;
    this.call = call;
  }

  /** The function's keyspace as udfContext needs it: its user types by name, and CQL types written as text. */
  public interface Schema {
    /** The user type named exactly {@code name}, or null. */
    CqlType userType(String name);

    /** The type {@code cql} names (a tuple<...>, ...); an exception saying why when it names none. */
    CqlType parse(String cql);
  }

  /**
   * Compiles {@code body} for function {@code qualifiedName}; throws Cassandra's InvalidRequest for what Cassandra
   * refuses, and ringsim's for a type it has no Java type for (none of CQL 4.1's types today).
   */
  public static JavaUdf compile(String qualifiedName, List<String> argNames, List<CqlType> argTypes,
      CqlType returnType, boolean calledOnNullInput, String body, Schema schema) {
    List<String> javaArgs = new ArrayList<>();
    String javaReturn;
    try {
      for (CqlType t : argTypes) javaArgs.add(UdfTypes.argumentName(t, calledOnNullInput));
      javaReturn = UdfTypes.javaName(returnType);
    } catch (UdfTypes.Unsupported e) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "ringsim does not pass values of type " + e.getMessage()
          + " to or from Java user-defined functions: such arguments and results are not simulated");
    }
    JavaUdfCompiler.Compiled c = JavaUdfCompiler.compile(qualifiedName, argNames, javaArgs, javaReturn, body);
    String keyspace = qualifiedName.substring(0, qualifiedName.indexOf('.'));
    UdfContextImpl context = new UdfContextImpl(argNames, argTypes, returnType, keyspace, schema::userType,
        schema::parse);
    try {
      Class<?> cls = new UdfLoader().define(c);
      Object instance = cls.getConstructor(UDFContext.class).newInstance(context);
      MethodHandle call = MethodHandles.lookup().unreflect(cls.getMethod("call", Object[].class)).bindTo(instance);
      return new JavaUdf(qualifiedName, List.copyOf(argTypes), returnType, call);
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "Could not compile function '" + qualifiedName
          + "' from Java source: " + e);
    }
  }

  @Override
  public Object call(List<Object> args) {
    Object[] in = new Object[args.size()];
    for (int i = 0; i < in.length; i++) in[i] = UdfTypes.toUdf(args.get(i), argTypes.get(i));
    Object out;
    try {
      out = call.invoke(in);
    } catch (Throwable cause) {
      // Cassandra answers FunctionFailure with what the body threw; the connection and the node carry on.
      if (cause instanceof VirtualMachineError vm && !(cause instanceof StackOverflowError)) throw vm;
      throw failure(JavaUdfCompiler.cassandraNames(String.valueOf(cause)));
    }
    try {
      return UdfTypes.fromUdf(out, returnType);
    } catch (RuntimeException e) {
      throw failure(JavaUdfCompiler.cassandraNames(e.toString()));
    }
  }

  private io.ringsim.cql.FunctionFailureException failure(String message) {
    int dot = qualifiedName.indexOf('.');
    List<String> types = new ArrayList<>();
    for (CqlType t : argTypes) types.add(t.name());
    return new io.ringsim.cql.FunctionFailureException(qualifiedName.substring(0, dot),
        qualifiedName.substring(dot + 1), types, message);
  }
}
