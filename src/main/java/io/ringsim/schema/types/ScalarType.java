package io.ringsim.schema.types;

import io.ringsim.schema.CqlType;

/**
 * Base of the scalar CQL types: the name, the Java class, and the checks every type shares (a value of the wrong
 * class, bytes of the wrong length) with messages that name the type.
 */
abstract class ScalarType<T> implements CqlType {
  private final String name;
  private final Class<T> javaType;

  ScalarType(String name, Class<T> javaType) {
    this.name = name;
    this.javaType = javaType;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final Class<?> javaType() {
    return javaType;
  }

  abstract byte[] encode(T value);

  abstract T decode(byte[] bytes);

  abstract T parse(String literal);

  /**
   * Whether zero bytes are a value of this type that Cassandra accepts as an empty value (its serializer validates
   * "4 or 0 bytes"); smallint, tinyint, date, time and duration refuse them.
   */
  boolean acceptsEmpty() {
    return false;
  }

  @Override
  public final byte[] serialize(Object value) {
    if (value == io.ringsim.schema.EmptyValue.INSTANCE && acceptsEmpty()) return new byte[0];
    if (!javaType.isInstance(value)) {
      throw new IllegalArgumentException(
          "a " + name + " value must be a " + javaType.getSimpleName() + ", got "
              + (value == null ? "null" : value.getClass().getSimpleName() + " " + value));
    }
    return encode(javaType.cast(value));
  }

  @Override
  public final Object deserialize(byte[] bytes) {
    if (bytes.length == 0 && acceptsEmpty()) return io.ringsim.schema.EmptyValue.INSTANCE;
    return decode(bytes);
  }

  @Override
  public final Object parseLiteral(String literal) {
    if (literal == null) throw new IllegalArgumentException("a " + name + " literal cannot be null");
    try {
      return parse(literal.trim());
    } catch (CqlDuration.Invalid | MarshalException e) {
      throw e; // already in Cassandra's words
    } catch (IllegalArgumentException | java.time.DateTimeException | ArithmeticException e) {
      throw invalid(literal);
    }
  }

  @Override
  public Object toJson(Object value) {
    return value;
  }

  @Override
  public String format(Object value) {
    return String.valueOf(value);
  }

  @Override
  public String toString() {
    return name;
  }

  final IllegalArgumentException invalid(String literal) {
    return new IllegalArgumentException("'" + literal + "' is not a valid " + name);
  }

  final void checkLength(byte[] b, int n) {
    if (b.length != n)
      throw new IllegalArgumentException(
          "a " + name + " value is " + n + " bytes, got " + b.length);
  }

  /** Removes one pair of single quotes around a literal, if present, undoing '' escapes. */
  static String unquote(String literal) {
    String t = literal.trim();
    if (t.length() >= 2 && t.charAt(0) == '\'' && t.charAt(t.length() - 1) == '\'') {
      return t.substring(1, t.length() - 1).replace("''", "'");
    }
    if (t.length() >= 4 && t.startsWith("$$") && t.endsWith("$$")) return t.substring(2, t.length() - 2);
    return t;
  }

  static byte[] longBytes(long v, int n) {
    byte[] b = new byte[n];
    for (int i = n - 1; i >= 0; i--) {
      b[i] = (byte) v;
      v >>= 8;
    }
    return b;
  }

  static long readLong(byte[] b) {
    long v = 0;
    for (byte x : b) v = (v << 8) | (x & 0xff);
    // sign-extend from the value's width
    int shift = 64 - 8 * b.length;
    return shift == 0 ? v : (v << shift) >> shift;
  }
}
