package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.EmptyValue;
import io.ringsim.schema.UserAggregate;
import io.ringsim.schema.UserFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Finding and running user-defined functions and aggregates by the name a statement calls them by: {@code fn}
 * in the session's keyspace or {@code ks.fn}; a native function of the same unqualified name is found first.
 */
final class FunctionCalls {
  private FunctionCalls() {}

  /** The keyspace and name of a call as written ("ks.fn" or "fn" in {@code session}); keyspace null: none. */
  record Name(String keyspace, String name) {
    String qualified() {
      return keyspace + "." + name;
    }
  }

  static Name name(String written, String session) {
    int dot = written.indexOf('.');
    if (dot > 0) return new Name(written.substring(0, dot), written.substring(dot + 1));
    return new Name(session, written);
  }

  /** Whether {@code written} names a native function only ("system.fn", or no keyspace to look in). */
  static boolean systemName(String written) {
    return written.toLowerCase(Locale.ROOT).startsWith("system.");
  }

  static List<UserFunction> functions(Catalog c, Name n) {
    if (c == null || n.keyspace() == null) return List.of();
    return c.functions(n.keyspace()).stream().filter(f -> f.name().equals(n.name())).toList();
  }

  static List<UserAggregate> aggregates(Catalog c, Name n) {
    if (c == null || n.keyspace() == null) return List.of();
    return c.aggregates(n.keyspace()).stream().filter(a -> a.name().equals(n.name())).toList();
  }

  static UserFunction stateFunction(Catalog c, UserAggregate a) {
    List<CqlType> args = new ArrayList<>();
    args.add(a.stateType());
    args.addAll(a.argTypes());
    return c.functions(a.keyspace()).stream().filter(f -> f.name().equals(a.stateFunction()) && f.takes(args))
        .findFirst().orElse(null);
  }

  static UserFunction finalFunction(Catalog c, UserAggregate a) {
    if (a.finalFunction() == null) return null;
    return c.functions(a.keyspace()).stream().filter(f -> f.name().equals(a.finalFunction())
        && f.takes(List.of(a.stateType()))).findFirst().orElse(null);
  }

  /**
   * Runs {@code f}: RETURNS NULL ON NULL INPUT gives null for any null or empty argument (an int's zero bytes; empty
   * text is a value) without running the body, as Cassandra's UDHelper.isNullOrEmpty decides.
   */
  static Object call(UserFunction f, List<Object> args) {
    if (!f.calledOnNullInput() && hasNullOrEmpty(args)) return null;
    return f.code().call(args);
  }

  private static boolean hasNullOrEmpty(List<Object> args) {
    for (Object a : args) if (a == null || EmptyValue.is(a)) return true;
    return false;
  }

  /** "ks.fn : (int, text) -> int", as Cassandra lists a candidate in its messages. */
  static String describe(UserFunction f) {
    return f.keyspace() + "." + f.name() + " : (" + UserFunction.typeNames(f.argTypes()) + ") -> "
        + f.returnType().name();
  }

  static String describe(UserAggregate a) {
    return a.keyspace() + "." + a.name() + " : (" + UserFunction.typeNames(a.argTypes()) + ") -> "
        + a.returnType().name();
  }

  static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  /** An aggregate's running state over the rows it is given, and its result. */
  static final class Fold {
    private final UserFunction state;
    private final UserFunction fin;
    private Object value;

    Fold(Catalog c, UserAggregate a) {
      this.state = stateFunction(c, a);
      this.fin = finalFunction(c, a);
      this.value = a.initCond();
    }

    void add(List<Object> args) {
      List<Object> all = new ArrayList<>();
      all.add(value);
      all.addAll(args);
      // A state function that returns null on null input leaves the state as it is for such a row.
      if (!state.calledOnNullInput() && hasNullOrEmpty(all)) return;
      value = state.code().call(all);
    }

    Object result() {
      if (fin == null) return value;
      return call(fin, java.util.Collections.singletonList(value));
    }
  }
}
