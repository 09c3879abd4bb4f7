package io.ringsim.cql.udf.api;

import io.ringsim.cql.udf.api.exceptions.CodecNotFoundException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The getters and setters by position that TupleValue and UDTValue share, with the behaviour of Cassandra's copy of
 * the driver: a getter or setter whose Java type the value's CQL type does not have throws CodecNotFoundException
 * ("[int <-> java.lang.String]"); a primitive getter of a null value gives 0 or false, a collection getter an empty
 * collection, the others null; what goes in or comes out is a copy (the driver serializes on set and deserializes on
 * get), so changing it later changes nothing here.
 */
abstract class IndexedData<T extends IndexedData<T>> {
  final Object[] values;

  IndexedData(int size) {
    this.values = new Object[size];
  }

  /** The CQL type of position {@code i}; out of range, what the driver throws. */
  abstract DriverType typeAt(int i);

  /** This value's name for position {@code i} in messages ("component 0", or a field's name). */
  abstract String nameAt(int i);

  @SuppressWarnings("unchecked")
  private T self() {
    return (T) this;
  }

  // A getter reads the value before it looks at the type (the driver's getValue, then codecFor): a position out of
  // range fails on the values array, with an array's message, while a setter fails on the type first.
  private Object nativeValue(int i, Class<?> javaClass) {
    Object raw = values[i];
    DriverType t = typeAt(i);
    if (t.kind() != DriverType.Kind.NATIVE || t.javaClass() != javaClass) throw notFound(t, javaClass.getName());
    return Values.copy(raw);
  }

  private Object getCollection(int i, DriverType.Kind kind, String javaType, Class<?>... elements) {
    Object raw = values[i];
    DriverType t = typeAt(i);
    boolean fits = t.kind() == kind;
    for (int e = 0; fits && e < elements.length; e++) fits = fitsClass(t.components().get(e), elements[e]);
    if (!fits) throw notFound(t, javaType);
    Object v = Values.copy(raw);
    if (v != null) return v;
    return switch (kind) {
      case LIST -> new ArrayList<>();
      case SET -> new LinkedHashSet<>();
      default -> new LinkedHashMap<>();
    };
  }

  private static boolean fitsClass(DriverType t, Class<?> c) {
    return t.javaClass() == c;
  }

  private T store(int i, Object v, String javaType) {
    DriverType t = typeAt(i);
    if (v != null && !t.accepts(v)) throw notFound(t, javaType);
    values[i] = Values.copy(v);
    return self();
  }

  private T setPrimitive(int i, Object v, Class<?> boxed) {
    DriverType t = typeAt(i);
    if (t.kind() != DriverType.Kind.NATIVE || t.javaClass() != boxed) throw notFound(t, boxed.getName());
    values[i] = v;
    return self();
  }

  static CodecNotFoundException notFound(DriverType t, String javaType) {
    return new CodecNotFoundException("Codec not found for requested operation: [" + t + " <-> " + javaType + "]");
  }

  public boolean isNull(int i) {
    return values[i] == null;
  }

  public boolean getBool(int i) {
    Object v = nativeValue(i, Boolean.class);
    return v != null && (Boolean) v;
  }

  public byte getByte(int i) {
    Object v = nativeValue(i, Byte.class);
    return v == null ? 0 : (Byte) v;
  }

  public short getShort(int i) {
    Object v = nativeValue(i, Short.class);
    return v == null ? 0 : (Short) v;
  }

  public int getInt(int i) {
    Object v = nativeValue(i, Integer.class);
    return v == null ? 0 : (Integer) v;
  }

  public long getLong(int i) {
    Object v = nativeValue(i, Long.class);
    return v == null ? 0 : (Long) v;
  }

  public Date getTimestamp(int i) {
    return (Date) nativeValue(i, Date.class);
  }

  public LocalDate getDate(int i) {
    return (LocalDate) nativeValue(i, LocalDate.class);
  }

  /** A time of day in nanoseconds (a CQL time, or any bigint). */
  public long getTime(int i) {
    return getLong(i);
  }

  public float getFloat(int i) {
    Object v = nativeValue(i, Float.class);
    return v == null ? 0 : (Float) v;
  }

  public double getDouble(int i) {
    Object v = nativeValue(i, Double.class);
    return v == null ? 0 : (Double) v;
  }

  public ByteBuffer getBytes(int i) {
    return (ByteBuffer) nativeValue(i, ByteBuffer.class);
  }

  public String getString(int i) {
    return (String) nativeValue(i, String.class);
  }

  public BigInteger getVarint(int i) {
    return (BigInteger) nativeValue(i, BigInteger.class);
  }

  public BigDecimal getDecimal(int i) {
    return (BigDecimal) nativeValue(i, BigDecimal.class);
  }

  public UUID getUUID(int i) {
    return (UUID) nativeValue(i, UUID.class);
  }

  public InetAddress getInet(int i) {
    return (InetAddress) nativeValue(i, InetAddress.class);
  }

  @SuppressWarnings("unchecked")
  public <E> List<E> getList(int i, Class<E> elementsClass) {
    return (List<E>) getCollection(i, DriverType.Kind.LIST, "java.util.List<" + elementsClass.getName() + ">",
        elementsClass);
  }

  @SuppressWarnings("unchecked")
  public <E> Set<E> getSet(int i, Class<E> elementsClass) {
    return (Set<E>) getCollection(i, DriverType.Kind.SET, "java.util.Set<" + elementsClass.getName() + ">",
        elementsClass);
  }

  @SuppressWarnings("unchecked")
  public <K, V> Map<K, V> getMap(int i, Class<K> keysClass, Class<V> valuesClass) {
    return (Map<K, V>) getCollection(i, DriverType.Kind.MAP, "java.util.Map<" + keysClass.getName() + ", "
        + valuesClass.getName() + ">", keysClass, valuesClass);
  }

  public UDTValue getUDTValue(int i) {
    Object raw = values[i];
    DriverType t = typeAt(i);
    if (t.kind() != DriverType.Kind.UDT) throw notFound(t, UDTValue.class.getName());
    return (UDTValue) Values.copy(raw);
  }

  public TupleValue getTupleValue(int i) {
    Object raw = values[i];
    DriverType t = typeAt(i);
    if (t.kind() != DriverType.Kind.TUPLE) throw notFound(t, TupleValue.class.getName());
    return (TupleValue) Values.copy(raw);
  }

  /** The value at {@code i} in the Java type its CQL type has (a copy). */
  public Object getObject(int i) {
    Object v = Values.copy(values[i]);
    DriverType t = typeAt(i);
    if (v != null || t.kind() == DriverType.Kind.NATIVE || t.kind() == DriverType.Kind.TUPLE
        || t.kind() == DriverType.Kind.UDT) return v;
    return t.kind() == DriverType.Kind.LIST ? new ArrayList<>() : t.kind() == DriverType.Kind.SET
        ? new LinkedHashSet<>() : new LinkedHashMap<>();
  }

  public <V> V get(int i, Class<V> targetClass) {
    DriverType t = typeAt(i);
    if (t.javaClass() != targetClass) throw notFound(t, targetClass.getName());
    return targetClass.cast(getObject(i));
  }

  public T setBool(int i, boolean v) {
    return setPrimitive(i, v, Boolean.class);
  }

  public T setByte(int i, byte v) {
    return setPrimitive(i, v, Byte.class);
  }

  public T setShort(int i, short v) {
    return setPrimitive(i, v, Short.class);
  }

  public T setInt(int i, int v) {
    return setPrimitive(i, v, Integer.class);
  }

  public T setLong(int i, long v) {
    return setPrimitive(i, v, Long.class);
  }

  public T setTimestamp(int i, Date v) {
    return store(i, v, Date.class.getName());
  }

  public T setDate(int i, LocalDate v) {
    return store(i, v, LocalDate.class.getName());
  }

  public T setTime(int i, long v) {
    return setPrimitive(i, v, Long.class);
  }

  public T setFloat(int i, float v) {
    return setPrimitive(i, v, Float.class);
  }

  public T setDouble(int i, double v) {
    return setPrimitive(i, v, Double.class);
  }

  public T setString(int i, String v) {
    return store(i, v, String.class.getName());
  }

  public T setBytes(int i, ByteBuffer v) {
    return store(i, v, ByteBuffer.class.getName());
  }

  public T setVarint(int i, BigInteger v) {
    return store(i, v, BigInteger.class.getName());
  }

  public T setDecimal(int i, BigDecimal v) {
    return store(i, v, BigDecimal.class.getName());
  }

  public T setUUID(int i, UUID v) {
    return store(i, v, UUID.class.getName());
  }

  public T setInet(int i, InetAddress v) {
    return store(i, v, InetAddress.class.getName());
  }

  public <E> T setList(int i, List<E> v) {
    return store(i, v, Values.javaTypeOf(v));
  }

  public <E> T setSet(int i, Set<E> v) {
    return store(i, v, Values.javaTypeOf(v));
  }

  public <K, V> T setMap(int i, Map<K, V> v) {
    return store(i, v, Values.javaTypeOf(v));
  }

  public T setUDTValue(int i, UDTValue v) {
    return store(i, v, UDTValue.class.getName());
  }

  public T setTupleValue(int i, TupleValue v) {
    return store(i, v, TupleValue.class.getName());
  }

  public T setToNull(int i) {
    typeAt(i);
    values[i] = null;
    return self();
  }

  public <V> T set(int i, V v, Class<V> targetClass) {
    DriverType t = typeAt(i);
    if (t.javaClass() != targetClass) throw notFound(t, targetClass.getName());
    return store(i, v, targetClass.getName());
  }

  /** The values' text inside the brackets, each as the driver's codec formats it. */
  String formatValues(boolean withNames) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      parts.add((withNames ? nameAt(i) + ":" : "") + Values.format(typeAt(i), values[i]));
    }
    return String.join(",", parts);
  }

  @Override
  public int hashCode() {
    return java.util.Arrays.hashCode(values);
  }

  boolean sameValues(IndexedData<?> o) {
    return java.util.Arrays.equals(values, o.values);
  }
}
