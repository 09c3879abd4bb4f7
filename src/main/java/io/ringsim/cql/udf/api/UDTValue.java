package io.ringsim.cql.udf.api;

import io.ringsim.schema.collection.UserType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A user-defined type's value as a Java UDF sees it (Cassandra's copy of the driver's UDTValue): fields read and
 * written by position or by name (a name as CQL writes it: lower-cased unless in double quotes), {@code {a:1,b:'x'}}
 * as its text. Created by {@code udfContext.newReturnUDTValue()} and the like.
 */
public final class UDTValue extends IndexedData<UDTValue> {
  private final DriverType type;
  private final DriverType[] fieldTypes;

  UDTValue(DriverType type) {
    super(type.components().size());
    this.type = type;
    this.fieldTypes = type.components().toArray(new DriverType[0]);
  }

  /** This value's user type. */
  DriverType type() {
    return type;
  }

  @Override
  DriverType typeAt(int i) {
    return fieldTypes[i];
  }

  @Override
  String nameAt(int i) {
    return UserType.quoteIfNeeded(type.fieldNames().get(i));
  }

  /**
   * The driver's Metadata.handleId: a name of letters, digits and _ is lower-cased, any other is taken as written,
   * without its double quotes if it has them.
   */
  private int indexOf(String name) {
    String id;
    if (name.matches("[A-Za-z0-9_]*")) id = name.toLowerCase(Locale.ROOT);
    else if (name.length() > 1 && name.startsWith("\"") && name.endsWith("\"")) {
      id = name.substring(1, name.length() - 1).replace("\"\"", "\"");
    } else id = name;
    int i = type.fieldNames().indexOf(id);
    if (i < 0) throw new IllegalArgumentException(name + " is not a field defined in this UDT");
    return i;
  }

  UDTValue copy() {
    UDTValue u = new UDTValue(type);
    for (int i = 0; i < values.length; i++) u.values[i] = Values.copy(values[i]);
    return u;
  }

  public boolean isNull(String name) {
    return isNull(indexOf(name));
  }

  public boolean getBool(String name) {
    return getBool(indexOf(name));
  }

  public byte getByte(String name) {
    return getByte(indexOf(name));
  }

  public short getShort(String name) {
    return getShort(indexOf(name));
  }

  public int getInt(String name) {
    return getInt(indexOf(name));
  }

  public long getLong(String name) {
    return getLong(indexOf(name));
  }

  public Date getTimestamp(String name) {
    return getTimestamp(indexOf(name));
  }

  public LocalDate getDate(String name) {
    return getDate(indexOf(name));
  }

  public long getTime(String name) {
    return getTime(indexOf(name));
  }

  public float getFloat(String name) {
    return getFloat(indexOf(name));
  }

  public double getDouble(String name) {
    return getDouble(indexOf(name));
  }

  public ByteBuffer getBytes(String name) {
    return getBytes(indexOf(name));
  }

  public String getString(String name) {
    return getString(indexOf(name));
  }

  public BigInteger getVarint(String name) {
    return getVarint(indexOf(name));
  }

  public BigDecimal getDecimal(String name) {
    return getDecimal(indexOf(name));
  }

  public UUID getUUID(String name) {
    return getUUID(indexOf(name));
  }

  public InetAddress getInet(String name) {
    return getInet(indexOf(name));
  }

  public <E> List<E> getList(String name, Class<E> elementsClass) {
    return getList(indexOf(name), elementsClass);
  }

  public <E> Set<E> getSet(String name, Class<E> elementsClass) {
    return getSet(indexOf(name), elementsClass);
  }

  public <K, V> Map<K, V> getMap(String name, Class<K> keysClass, Class<V> valuesClass) {
    return getMap(indexOf(name), keysClass, valuesClass);
  }

  public UDTValue getUDTValue(String name) {
    return getUDTValue(indexOf(name));
  }

  public TupleValue getTupleValue(String name) {
    return getTupleValue(indexOf(name));
  }

  public Object getObject(String name) {
    return getObject(indexOf(name));
  }

  public <V> V get(String name, Class<V> targetClass) {
    return get(indexOf(name), targetClass);
  }

  public UDTValue setBool(String name, boolean v) {
    return setBool(indexOf(name), v);
  }

  public UDTValue setByte(String name, byte v) {
    return setByte(indexOf(name), v);
  }

  public UDTValue setShort(String name, short v) {
    return setShort(indexOf(name), v);
  }

  public UDTValue setInt(String name, int v) {
    return setInt(indexOf(name), v);
  }

  public UDTValue setLong(String name, long v) {
    return setLong(indexOf(name), v);
  }

  public UDTValue setTimestamp(String name, Date v) {
    return setTimestamp(indexOf(name), v);
  }

  public UDTValue setDate(String name, LocalDate v) {
    return setDate(indexOf(name), v);
  }

  public UDTValue setTime(String name, long v) {
    return setTime(indexOf(name), v);
  }

  public UDTValue setFloat(String name, float v) {
    return setFloat(indexOf(name), v);
  }

  public UDTValue setDouble(String name, double v) {
    return setDouble(indexOf(name), v);
  }

  public UDTValue setString(String name, String v) {
    return setString(indexOf(name), v);
  }

  public UDTValue setBytes(String name, ByteBuffer v) {
    return setBytes(indexOf(name), v);
  }

  public UDTValue setVarint(String name, BigInteger v) {
    return setVarint(indexOf(name), v);
  }

  public UDTValue setDecimal(String name, BigDecimal v) {
    return setDecimal(indexOf(name), v);
  }

  public UDTValue setUUID(String name, UUID v) {
    return setUUID(indexOf(name), v);
  }

  public UDTValue setInet(String name, InetAddress v) {
    return setInet(indexOf(name), v);
  }

  public <E> UDTValue setList(String name, List<E> v) {
    return setList(indexOf(name), v);
  }

  public <E> UDTValue setSet(String name, Set<E> v) {
    return setSet(indexOf(name), v);
  }

  public <K, V> UDTValue setMap(String name, Map<K, V> v) {
    return setMap(indexOf(name), v);
  }

  public UDTValue setUDTValue(String name, UDTValue v) {
    return setUDTValue(indexOf(name), v);
  }

  public UDTValue setTupleValue(String name, TupleValue v) {
    return setTupleValue(indexOf(name), v);
  }

  public UDTValue setToNull(String name) {
    return setToNull(indexOf(name));
  }

  public <V> UDTValue set(String name, V v, Class<V> targetClass) {
    return set(indexOf(name), v, targetClass);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof UDTValue u && u.type.sameShape(type) && sameValues(u);
  }

  @Override
  public String toString() {
    return "{" + formatValues(true) + "}";
  }
}
