package io.ringsim.cql.udf;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
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

  private JavaUdf(List<CqlType> argTypes, CqlType returnType, MethodHandle call) {
    this.argTypes = argTypes;
    this.returnType = returnType;
    this.call = call;
  }

  /**
   * Compiles {@code body} for function {@code qualifiedName}; throws Cassandra's InvalidRequest for what Cassandra
   * refuses, and ringsim's for a type it cannot give a Java function (date, duration, tuples, UDTs).
   */
  public static JavaUdf compile(String qualifiedName, List<String> argNames, List<CqlType> argTypes,
      CqlType returnType, String body) {
    List<String> javaArgs = new ArrayList<>();
    String javaReturn;
    try {
      for (CqlType t : argTypes) javaArgs.add(UdfTypes.javaName(t));
      javaReturn = UdfTypes.javaName(returnType);
    } catch (UdfTypes.Unsupported e) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "ringsim does not pass values of type " + e.getMessage()
          + " to or from Java user-defined functions (Cassandra gives them its own classes: LocalDate, Duration, "
          + "TupleValue, UDTValue); date, duration, tuple and user-defined type arguments are not simulated");
    }
    JavaUdfCompiler.Compiled c = JavaUdfCompiler.compile(qualifiedName, argNames, javaArgs, javaReturn, body);
    try {
      Class<?> cls = new UdfLoader().define(c);
      Object instance = cls.getConstructor().newInstance();
      MethodHandle call = MethodHandles.lookup().unreflect(cls.getMethod("call", Object[].class)).bindTo(instance);
      return new JavaUdf(List.copyOf(argTypes), returnType, call);
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
      throw new CqlException(CqlErrorClass.FunctionFailure, String.valueOf(cause));
    }
    try {
      return UdfTypes.fromUdf(out, returnType);
    } catch (ClassCastException e) {
      throw new CqlException(CqlErrorClass.FunctionFailure, e.toString());
    }
  }
}
