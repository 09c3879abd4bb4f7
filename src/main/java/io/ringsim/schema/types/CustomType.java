package io.ringsim.schema.types;

import io.ringsim.schema.CqlType;
import io.ringsim.schema.EmptyValue;
import java.nio.ByteBuffer;
import java.util.HexFormat;

/**
 * A column type CQL knows only by its Cassandra marshal class ({@code CQL3Type.Custom}): its CQL name is the class
 * text in quotes, {@code 'org.apache.cassandra.db.marshal.CompositeType(...)'}, as system_schema and DESCRIBE show
 * it. Values are the bytes (read-only ByteBuffers); a string literal goes through the type's {@code fromString}, a
 * blob literal is taken as the bytes, and clients decode the bytes themselves (the protocol type is {@code custom}
 * with the class name).
 */
public abstract sealed class CustomType implements CqlType
    permits AbstractCompositeType, LexicalUuidType {

  /** Cassandra's {@code AbstractType.toString()}: the fully qualified class with its parameters. */
  public abstract String className();

  /** Cassandra's {@code fromString}: the bytes a text stands for. {@link MarshalException} when it cannot. */
  abstract byte[] fromString(String s);

  /** Cassandra's {@code getString}: the text of a value. */
  abstract String getString(byte[] b);

  /** Cassandra's {@code validate}: {@link MarshalException} when the bytes are not a value of this type. */
  abstract void validate(byte[] b);

  @Override
  public final String name() {
    return "'" + className() + "'";
  }

  @Override
  public final Class<?> javaType() {
    return ByteBuffer.class;
  }

  @Override
  public final byte[] serialize(Object value) {
    if (value == EmptyValue.INSTANCE) return new byte[0];
    if (!(value instanceof ByteBuffer b)) {
      throw new IllegalArgumentException("a " + name() + " value must be a ByteBuffer, got "
          + (value == null ? "null" : value.getClass().getSimpleName() + " " + value));
    }
    ByteBuffer d = b.duplicate();
    byte[] out = new byte[d.remaining()];
    d.get(out);
    return out;
  }

  @Override
  public final Object deserialize(byte[] bytes) {
    validate(bytes);
    return ByteBuffer.wrap(bytes.clone()).asReadOnlyBuffer();
  }

  /**
   * A literal as Cassandra's {@code Constants.Literal} reads one for a custom type: {@code 0x...} as the bytes
   * themselves, a quoted string and any other constant through {@code fromString}.
   */
  @Override
  public final Object parseLiteral(String literal) {
    String t = literal.trim();
    byte[] bytes;
    if (t.startsWith("0x") || t.startsWith("0X")) {
      String hex = t.substring(2);
      if (hex.length() % 2 != 0) throw new MarshalException(MarshalException.Kind.VALUE, "cannot parse '" + hex
          + "' as hex bytes");
      bytes = HexFormat.of().parseHex(hex);
    } else {
      bytes = fromString(ScalarType.unquote(t));
    }
    return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
  }

  /**
   * The conformance format's form: the value's text as Cassandra's getString writes it (null for no bytes); bytes it
   * cannot read (a blob literal is stored unchecked) as a blob.
   */
  @Override
  public final Object toJson(Object value) {
    byte[] b = serialize(value);
    if (b.length == 0) return null;
    try {
      return getString(b);
    } catch (RuntimeException e) {
      return "0x" + HexFormat.of().formatHex(b);
    }
  }

  /**
   * The value's JSON text (toJson, SELECT JSON) as Cassandra's toJSONString writes it: a JSON string of its text;
   * CompositeType and DynamicCompositeType have none and throw UnsupportedOperationException, as Cassandra's do.
   */
  public String jsonText(Object value) {
    String text = getString(serialize(value));
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  /** cqlsh cannot decode a custom type and shows its bytes, as a blob. */
  @Override
  public final String format(Object value) {
    return "0x" + HexFormat.of().formatHex(serialize(value));
  }

  /** Empty values sort first, as AbstractCompositeType.compareCustom puts them. */
  @Override
  public final int compare(byte[] a, byte[] b) {
    if (a.length == 0 || b.length == 0) return Boolean.compare(b.length == 0, a.length == 0);
    return compareNonEmpty(a, b);
  }

  abstract int compareNonEmpty(byte[] a, byte[] b);

  /** As a component of a composite. */
  Marshal asMarshal() {
    return new Marshal(className(), this, false);
  }

  @Override
  public final boolean equals(Object o) {
    return o instanceof CustomType c && c.className().equals(className());
  }

  @Override
  public final int hashCode() {
    return className().hashCode();
  }

  @Override
  public final String toString() {
    return name();
  }
}
