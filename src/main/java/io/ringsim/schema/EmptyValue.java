package io.ringsim.schema;

/**
 * A zero-length value of a type whose values otherwise have bytes (int, bigint, float, double, boolean, uuid,
 * timeuuid, timestamp, decimal, varint, inet): Cassandra 4.1 stores and returns it as it is, {@code blobAsInt(0x)},
 * and drivers read it as null. It sorts before every other value; functions that read their argument take it as
 * null. Text and blob have their own empty values ('' and 0x).
 */
public final class EmptyValue {
  public static final EmptyValue INSTANCE = new EmptyValue();

  private EmptyValue() {}

  public static boolean is(Object v) {
    return v == INSTANCE;
  }

  /** Cassandra's order: an empty value before any other. */
  public static int compare(CqlType type, byte[] a, byte[] b) {
    if (a.length == 0) return b.length == 0 ? 0 : -1;
    if (b.length == 0) return 1;
    return type.compare(a, b);
  }

  @Override
  public String toString() {
    return "";
  }
}
