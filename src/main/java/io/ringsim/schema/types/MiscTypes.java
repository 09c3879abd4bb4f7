package io.ringsim.schema.types;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;

/** boolean, blob, inet, varint, decimal, double and float. */
final class MiscTypes {
  private MiscTypes() {}

  static final class Bool extends ScalarType<Boolean> {
    @Override
    boolean acceptsEmpty() {
      return true;
    }

    Bool() {
      super("boolean", Boolean.class);
    }

    @Override
    byte[] encode(Boolean v) {
      return new byte[] {(byte) (v ? 1 : 0)};
    }

    @Override
    Boolean decode(byte[] b) {
      checkLength(b, 1);
      return b[0] != 0;
    }

    @Override
    Boolean parse(String s) {
      String t = unquote(s).toLowerCase(Locale.ROOT);
      if (t.equals("true")) return true;
      if (t.equals("false")) return false;
      throw new IllegalArgumentException(s);
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      return Boolean.compare(a.length > 0 && a[0] != 0, b.length > 0 && b[0] != 0);
    }
  }

  /** blob: raw bytes, written 0xCAFE; values are read-only ByteBuffers so that equals compares content. */
  static final class Blob extends ScalarType<ByteBuffer> {
    Blob() {
      super("blob", ByteBuffer.class);
    }

    @Override
    byte[] encode(ByteBuffer v) {
      ByteBuffer d = v.duplicate();
      byte[] out = new byte[d.remaining()];
      d.get(out);
      return out;
    }

    @Override
    ByteBuffer decode(byte[] b) {
      return ByteBuffer.wrap(b.clone()).asReadOnlyBuffer();
    }

    @Override
    ByteBuffer parse(String s) {
      String t = unquote(s);
      if (!(t.startsWith("0x") || t.startsWith("0X")) || (t.length() % 2) != 0) throw new IllegalArgumentException(s);
      return ByteBuffer.wrap(HexFormat.of().parseHex(t.substring(2))).asReadOnlyBuffer();
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      return Arrays.compareUnsigned(a, b);
    }

    @Override
    public Object toJson(Object value) {
      return format(value);
    }

    @Override
    public String format(Object value) {
      return "0x" + HexFormat.of().formatHex(encode((ByteBuffer) value));
    }
  }

  static final class Inet extends ScalarType<InetAddress> {
    @Override
    boolean acceptsEmpty() {
      return true;
    }

    private static final Pattern V4 = Pattern.compile("\\d{1,10}(\\.\\d{1,10}){0,3}");

    /**
     * An IPv4 literal as Java's InetAddress (so Cassandra) reads one: one to four decimal parts, the last filling
     * the remaining bytes ("1.2.3" is 1.2.0.3, "127" is 0.0.0.127).
     */
    private static boolean isV4(String t) {
      if (!V4.matcher(t).matches()) return false;
      String[] parts = t.split("\\.");
      for (int i = 0; i < parts.length; i++) {
        long v = Long.parseLong(parts[i]);
        long max = i < parts.length - 1 ? 255 : (1L << (8 * (5 - parts.length))) - 1;
        if (v > max) return false;
      }
      return true;
    }

    Inet() {
      super("inet", InetAddress.class);
    }

    @Override
    byte[] encode(InetAddress v) {
      return v.getAddress();
    }

    @Override
    InetAddress decode(byte[] b) {
      if (b.length != 4 && b.length != 16)
        throw new IllegalArgumentException("an inet value is 4 or 16 bytes, got " + b.length);
      try {
        return InetAddress.getByAddress(b);
      } catch (UnknownHostException e) {
        throw new IllegalArgumentException(e.getMessage());
      }
    }

    @Override
    InetAddress parse(String s) {
      String t = unquote(s);
      // Only address literals: never a DNS lookup from a simulation.
      if (!(isV4(t) || (t.contains(":") && t.matches("[0-9A-Fa-f:.]+"))))
        throw new IllegalArgumentException(s);
      try {
        return InetAddress.getByName(t);
      } catch (UnknownHostException e) {
        throw new IllegalArgumentException(s);
      }
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      return Arrays.compareUnsigned(a, b);
    }

    @Override
    public Object toJson(Object value) {
      return format(value);
    }

    @Override
    public String format(Object value) {
      return ((InetAddress) value).getHostAddress();
    }
  }

  /** varint: minimal two's complement, big-endian. */
  static final class Varint extends ScalarType<BigInteger> {
    @Override
    boolean acceptsEmpty() {
      return true;
    }

    Varint() {
      super("varint", BigInteger.class);
    }

    @Override
    byte[] encode(BigInteger v) {
      return v instanceof AsSent a ? a.bytes.clone() : v.toByteArray();
    }

    @Override
    BigInteger decode(byte[] b) {
      if (b.length == 0) throw new IllegalArgumentException("a varint value needs at least one byte");
      BigInteger v = new BigInteger(b);
      return b.length == 1 || Arrays.equals(v.toByteArray(), b) ? v : new AsSent(b);
    }

    /**
     * A varint given with more bytes than its minimal form (0x0001 for 1): Cassandra keeps a value's bytes as they
     * were sent, so it is another partition key and another index entry than 1, while clustering and comparisons go
     * by its value. Arithmetic on it gives a plain value again.
     */
    static final class AsSent extends BigInteger {
      private final byte[] bytes;

      AsSent(byte[] bytes) {
        super(bytes);
        this.bytes = bytes.clone();
      }
    }

    @Override
    BigInteger parse(String s) {
      return new BigInteger(unquote(s));
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      return decode(a).compareTo(decode(b));
    }
  }

  /** decimal: a 4-byte scale followed by the unscaled value as a varint. */
  static final class Decimal extends ScalarType<BigDecimal> {
    @Override
    boolean acceptsEmpty() {
      return true;
    }

    Decimal() {
      super("decimal", BigDecimal.class);
    }

    @Override
    byte[] encode(BigDecimal v) {
      byte[] unscaled = v.unscaledValue().toByteArray();
      return ByteBuffer.allocate(4 + unscaled.length).putInt(v.scale()).put(unscaled).array();
    }

    @Override
    BigDecimal decode(byte[] b) {
      if (b.length < 5) throw new IllegalArgumentException("a decimal value needs at least 5 bytes, got " + b.length);
      ByteBuffer bb = ByteBuffer.wrap(b);
      int scale = bb.getInt();
      return new BigDecimal(new BigInteger(Arrays.copyOfRange(b, 4, b.length)), scale);
    }

    @Override
    BigDecimal parse(String s) {
      return new BigDecimal(unquote(s));
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      return decode(a).compareTo(decode(b));
    }

    @Override
    public String format(Object value) {
      return ((BigDecimal) value).toPlainString();
    }
  }

  static final class DoubleT extends ScalarType<Double> {
    @Override
    boolean acceptsEmpty() {
      return true;
    }

    DoubleT() {
      super("double", Double.class);
    }

    @Override
    byte[] encode(Double v) {
      return longBytes(Double.doubleToLongBits(v), 8);
    }

    @Override
    Double decode(byte[] b) {
      checkLength(b, 8);
      return Double.longBitsToDouble(readLong(b));
    }

    @Override
    Double parse(String s) {
      return parseFloating(unquote(s));
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      return Double.compare(decode(a), decode(b));
    }

    @Override
    public Object toJson(Object value) {
      double d = (Double) value;
      return Double.isFinite(d) ? value : format(value);
    }

    @Override
    public String format(Object value) {
      return formatFloating((Double) value);
    }
  }

  static final class FloatT extends ScalarType<Float> {
    @Override
    boolean acceptsEmpty() {
      return true;
    }

    FloatT() {
      super("float", Float.class);
    }

    @Override
    byte[] encode(Float v) {
      return longBytes(Float.floatToIntBits(v), 4);
    }

    @Override
    Float decode(byte[] b) {
      checkLength(b, 4);
      return Float.intBitsToFloat((int) readLong(b));
    }

    @Override
    Float parse(String s) {
      return (float) parseFloating(unquote(s));
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      return Float.compare(decode(a), decode(b));
    }

    @Override
    public Object toJson(Object value) {
      float f = (Float) value;
      return Float.isFinite(f) ? value : format(value);
    }

    @Override
    public String format(Object value) {
      return formatFloating(((Float) value).doubleValue());
    }
  }

  static double parseFloating(String t) {
    switch (t) {
      case "NaN":
        return Double.NaN;
      case "Infinity":
      case "+Infinity":
        return Double.POSITIVE_INFINITY;
      case "-Infinity":
        return Double.NEGATIVE_INFINITY;
      default:
        // Java also accepts hex floats and a trailing d/f: CQL does not.
        if (!t.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) throw new IllegalArgumentException(t);
        return Double.parseDouble(t);
    }
  }

  static String formatFloating(double d) {
    if (Double.isNaN(d)) return "NaN";
    if (Double.isInfinite(d)) return d > 0 ? "Infinity" : "-Infinity";
    return Double.toString(d);
  }
}
