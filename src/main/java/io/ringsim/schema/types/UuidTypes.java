package io.ringsim.schema.types;

import java.nio.ByteBuffer;
import java.util.UUID;
import java.util.regex.Pattern;

/** uuid and timeuuid: 16 bytes (most significant long first), ordered as Cassandra's UUIDType and TimeUUIDType. */
final class UuidTypes {
  private static final Pattern UUID_TEXT =
      Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

  private UuidTypes() {}

  static final class Uuid extends ScalarType<UUID> {
    @Override
    boolean acceptsEmpty() {
      return true;
    }

    private final boolean timeBased;

    Uuid(String name, boolean timeBased) {
      super(name, UUID.class);
      this.timeBased = timeBased;
    }

    @Override
    byte[] encode(UUID v) {
      if (timeBased && v.version() != 1)
        throw new IllegalArgumentException("'" + v + "' is not a valid timeuuid (version " + v.version() + ", not 1)");
      return ByteBuffer.allocate(16).putLong(v.getMostSignificantBits()).putLong(v.getLeastSignificantBits()).array();
    }

    @Override
    UUID decode(byte[] b) {
      checkLength(b, 16);
      ByteBuffer bb = ByteBuffer.wrap(b);
      return new UUID(bb.getLong(), bb.getLong());
    }

    @Override
    UUID parse(String s) {
      String t = unquote(s);
      if (!UUID_TEXT.matcher(t).matches()) throw new IllegalArgumentException(s);
      UUID u = UUID.fromString(t);
      if (timeBased && u.version() != 1) throw new IllegalArgumentException(s);
      return u;
    }

    @Override
    public int compare(byte[] a, byte[] b) {
      long msbA = ByteBuffer.wrap(a).getLong(0);
      long msbB = ByteBuffer.wrap(b).getLong(0);
      long lsbA = ByteBuffer.wrap(a).getLong(8);
      long lsbB = ByteBuffer.wrap(b).getLong(8);
      if (timeBased) {
        int c = Long.compare(reorderTimestamp(msbA), reorderTimestamp(msbB));
        if (c != 0) return c;
        // Cassandra compares the rest byte by byte as signed bytes, for compatibility with its old comparator.
        return Long.compare(lsbA ^ 0x0080808080808080L, lsbB ^ 0x0080808080808080L);
      }
      int versionA = (int) ((msbA >>> 12) & 0xf);
      int versionB = (int) ((msbB >>> 12) & 0xf);
      if (versionA != versionB) return Integer.compare(versionA, versionB);
      int c =
          versionA == 1
              ? Long.compare(reorderTimestamp(msbA), reorderTimestamp(msbB))
              : Long.compareUnsigned(msbA, msbB);
      return c != 0 ? c : Long.compareUnsigned(lsbA, lsbB);
    }

    @Override
    public Object toJson(Object value) {
      return value.toString();
    }
  }

  /** Moves a version-1 UUID's time_hi/time_mid/time_low so that comparing longs compares timestamps. */
  static long reorderTimestamp(long msb) {
    return (msb << 48) | ((msb << 16) & 0xFFFF00000000L) | (msb >>> 32);
  }
}
