package io.ringsim.schema.types;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** The fixed-width signed integers: tinyint (1 byte), smallint (2), int (4), bigint and counter (8), big-endian. */
final class IntegerTypes {
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private IntegerTypes() {}

  static final class TinyInt extends ScalarType<Byte> {
    TinyInt() {
      super("tinyint", Byte.class);
    }

    @Override
    byte[] encode(Byte v) {
      return new byte[] {v};
    }

    @Override
    Byte decode(byte[] b) {
      checkLength(b, 1);
      return b[0];
    }

    @Override
    Byte parse(String s) {
      return Byte.parseByte(unquote(s));
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      return Long.compare(readLong(a), readLong(b));
    }
  }

  static final class SmallInt extends ScalarType<Short> {
    SmallInt() {
      super("smallint", Short.class);
    }

    @Override
    byte[] encode(Short v) {
      return longBytes(v, 2);
    }

    @Override
    Short decode(byte[] b) {
      checkLength(b, 2);
      return (short) readLong(b);
    }

    @Override
    Short parse(String s) {
      return Short.parseShort(unquote(s));
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      return Long.compare(readLong(a), readLong(b));
    }
  }

  static final class Int extends ScalarType<Integer> {
    @Override
    boolean acceptsEmpty() {
      return true;
    }

    Int() {
      super("int", Integer.class);
    }

    @Override
    byte[] encode(Integer v) {
      return longBytes(v, 4);
    }

    @Override
    Integer decode(byte[] b) {
      checkLength(b, 4);
      return (int) readLong(b);
    }

    @Override
    Integer parse(String s) {
      return Integer.parseInt(unquote(s));
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      // int clustering columns are compared on every memtable insert: read both as one big-endian load.
      if (a.length == 4 && b.length == 4) return Integer.compare((int) INT.get(a, 0), (int) INT.get(b, 0));
      return Long.compare(readLong(a), readLong(b));
    }
  }

  /** bigint and counter share the 8-byte encoding; counters differ only in how they are updated. */
  static final class BigInt extends ScalarType<Long> {
    @Override
    boolean acceptsEmpty() {
      return true;
    }

    BigInt(String name) {
      super(name, Long.class);
    }

    @Override
    byte[] encode(Long v) {
      return longBytes(v, 8);
    }

    @Override
    Long decode(byte[] b) {
      checkLength(b, 8);
      return readLong(b);
    }

    @Override
    Long parse(String s) {
      return Long.parseLong(unquote(s));
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      if (a.length == 8 && b.length == 8) return Long.compare((long) LONG.get(a, 0), (long) LONG.get(b, 0));
      return Long.compare(readLong(a), readLong(b));
    }
  }
}
