package io.ringsim.schema.types;

import java.util.UUID;

/**
 * Cassandra's LexicalUUIDType: 16-byte UUIDs ordered as {@code java.util.UUID.compareTo} orders them (most
 * significant half first, each half as a signed long), with no CQL type of its own.
 */
final class LexicalUuidType extends CustomType {
  static final LexicalUuidType INSTANCE = new LexicalUuidType();
  static final Marshal MARSHAL = INSTANCE.asMarshal();

  private LexicalUuidType() {}

  @Override
  public String className() {
    return MarshalTypes.PACKAGE + "LexicalUUIDType";
  }

  @Override
  byte[] fromString(String s) {
    if (s.isEmpty()) return new byte[0];
    try {
      UUID u = UUID.fromString(s);
      byte[] out = new byte[16];
      System.arraycopy(ScalarType.longBytes(u.getMostSignificantBits(), 8), 0, out, 0, 8);
      System.arraycopy(ScalarType.longBytes(u.getLeastSignificantBits(), 8), 0, out, 8, 8);
      return out;
    } catch (IllegalArgumentException e) {
      throw new MarshalException(MarshalException.Kind.VALUE, "Unable to make UUID from '" + s + "'");
    }
  }

  @Override
  String getString(byte[] b) {
    if (b.length == 0) return "";
    return uuid(b).toString();
  }

  @Override
  void validate(byte[] b) {
    if (b.length != 16 && b.length != 0)
      throw new MarshalException(MarshalException.Kind.VALUE, "UUID should be 16 or 0 bytes (" + b.length + ")");
  }

  @Override
  int compareNonEmpty(byte[] a, byte[] b) {
    return uuid(a).compareTo(uuid(b));
  }

  private static UUID uuid(byte[] b) {
    return new UUID(ScalarType.readLong(java.util.Arrays.copyOfRange(b, 0, 8)),
        ScalarType.readLong(java.util.Arrays.copyOfRange(b, 8, 16)));
  }
}
