package io.ringsim.cql.udf.api;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A CQL type as the value classes a Java UDF sees describe it (Cassandra's copy of the driver's DataType): its name
 * as the driver prints it in messages ("int", "list<text>", "frozen<tuple<int, text>>", "ks.address"), the Java
 * class of its values, and for collections, tuples and user types what they hold.
 */
public final class DriverType {
  /** What kind of type: a native one, a collection, a tuple or a user-defined type. */
  public enum Kind { NATIVE, LIST, SET, MAP, TUPLE, UDT }

  private final Kind kind;
  private final String name;
  private final Class<?> javaClass;
  private final List<DriverType> components;
  private final List<String> fieldNames;

  private DriverType(Kind kind, String name, Class<?> javaClass, List<DriverType> components,
      List<String> fieldNames) {
    this.kind = kind;
    this.name = name;
    this.javaClass = javaClass;
    this.components = List.copyOf(components);
    this.fieldNames = List.copyOf(fieldNames);
  }

  public static DriverType nativeType(String name, Class<?> javaClass) {
    return new DriverType(Kind.NATIVE, name, javaClass, List.of(), List.of());
  }

  public static DriverType list(DriverType element, boolean frozen) {
    return new DriverType(Kind.LIST, frozen("list<" + element + ">", frozen), List.class, List.of(element), List.of());
  }

  public static DriverType set(DriverType element, boolean frozen) {
    return new DriverType(Kind.SET, frozen("set<" + element + ">", frozen), java.util.Set.class, List.of(element),
        List.of());
  }

  public static DriverType map(DriverType key, DriverType value, boolean frozen) {
    return new DriverType(Kind.MAP, frozen("map<" + key + ", " + value + ">", frozen), Map.class,
        List.of(key, value), List.of());
  }

  public static DriverType tuple(List<DriverType> components) {
    List<String> names = new ArrayList<>();
    for (DriverType c : components) names.add(c.parameterName());
    return new DriverType(Kind.TUPLE, "frozen<tuple<" + String.join(", ", names) + ">>", TupleValue.class,
        components, List.of());
  }

  /** {@code qualifiedName}: keyspace.type, each part quoted where CQL needs it. */
  public static DriverType udt(String qualifiedName, List<String> fieldNames, List<DriverType> fieldTypes,
      boolean frozen) {
    return new DriverType(Kind.UDT, frozen(qualifiedName, frozen), UDTValue.class, fieldTypes, fieldNames);
  }

  private static String frozen(String name, boolean frozen) {
    return frozen ? "frozen<" + name + ">" : name;
  }

  public Kind kind() {
    return kind;
  }

  public Class<?> javaClass() {
    return javaClass;
  }

  /** A collection's element types (a map's key and value), a tuple's components or a user type's field types. */
  public List<DriverType> components() {
    return components;
  }

  public List<String> fieldNames() {
    return fieldNames;
  }

  /** A new tuple value of this tuple type, every component null. */
  public TupleValue newTupleValue() {
    if (kind != Kind.TUPLE) throw new IllegalStateException(name + " is not a tuple type");
    return new TupleValue(this);
  }

  /** A new value of this user type, every field null. */
  public UDTValue newUDTValue() {
    if (kind != Kind.UDT) throw new IllegalStateException(name + " is not a user type");
    return new UDTValue(this);
  }

  /** The driver's DataType.Name of this type in lower case, as Cassandra's messages print it ("int", "udt"). */
  public String kindName() {
    return switch (kind) {
      case NATIVE -> name;
      case LIST -> "list";
      case SET -> "set";
      case MAP -> "map";
      case TUPLE -> "tuple";
      case UDT -> "udt";
    };
  }

  /** The Java type a value of this type has, as Guava's TypeToken prints it in the driver's messages. */
  String javaTypeName() {
    return switch (kind) {
      case LIST -> "java.util.List<" + components.get(0).javaTypeName() + ">";
      case SET -> "java.util.Set<" + components.get(0).javaTypeName() + ">";
      case MAP -> "java.util.Map<" + components.get(0).javaTypeName() + ", " + components.get(1).javaTypeName() + ">";
      default -> javaClass.getName();
    };
  }

  /** Whether {@code v} (not null) is a value of this type, nested values checked too. */
  boolean accepts(Object v) {
    switch (kind) {
      case LIST, SET -> {
        if (!javaClass.isInstance(v)) return false;
        for (Object e : (Collection<?>) v) if (e == null || !components.get(0).accepts(e)) return false;
        return true;
      }
      case MAP -> {
        if (!(v instanceof Map<?, ?> m)) return false;
        for (Map.Entry<?, ?> e : m.entrySet()) {
          if (e.getKey() == null || e.getValue() == null || !components.get(0).accepts(e.getKey())
              || !components.get(1).accepts(e.getValue())) return false;
        }
        return true;
      }
      case TUPLE -> {
        return v instanceof TupleValue t && sameShape(t.type());
      }
      case UDT -> {
        return v instanceof UDTValue u && sameShape(u.type());
      }
      default -> {
        return javaClass.isInstance(v);
      }
    }
  }

  /** The same type, frozen or not. */
  boolean sameShape(DriverType o) {
    if (kind != o.kind || !fieldNames.equals(o.fieldNames) || components.size() != o.components.size()) return false;
    if (kind == Kind.NATIVE) return name.equals(o.name) || javaClass == o.javaClass;
    if (kind == Kind.UDT && !unfrozen().equals(o.unfrozen())) return false;
    for (int i = 0; i < components.size(); i++) if (!components.get(i).sameShape(o.components.get(i))) return false;
    return true;
  }

  private String unfrozen() {
    return name.startsWith("frozen<") ? name.substring(7, name.length() - 1) : name;
  }

  /** As the driver writes a type inside tuple<...>: a user type without its keyspace. */
  private String parameterName() {
    if (kind != Kind.UDT) return name;
    String n = unfrozen();
    return n.substring(n.indexOf('.') + 1);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DriverType d && d.kind == kind && d.name.equals(name) && d.components.equals(components)
        && d.fieldNames.equals(fieldNames);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, name, components, fieldNames);
  }

  @Override
  public String toString() {
    return name;
  }
}
