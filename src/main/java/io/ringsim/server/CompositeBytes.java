package io.ringsim.server;

import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.collection.UserType;
import java.util.List;

/**
 * Cassandra 4.1's checks of the bytes a client binds to a list, set, map, tuple or user type, with the messages of
 * its serializers (ListSerializer, SetSerializer, MapSerializer, TupleSerializer, UserTypeSerializer): "Not enough
 * bytes to read a list", "Null value read when not allowed", "Invalid remaining data after end of tuple value".
 * A bound collection is read as Cassandra deserializes it (a negative count: "The data cannot be deserialized as
 * a list"), an element, a tuple and a user type as Cassandra validates them. ringsim's own decoding then only
 * sees bytes Cassandra would accept.
 */
final class CompositeBytes {
  private CompositeBytes() {}

  /**
   * Cassandra's refusal: an InvalidRequest, or a server error where Cassandra 4.1 lets an exception through (a
   * MarshalException of a bound user type; an element size past the end, which its ByteBuffer slicing refuses).
   */
  record Refusal(boolean serverError, String message) {}

  /** What Cassandra answers for {@code b} bound to a value of {@code t}, or null when it reads them. */
  static Refusal refusal(CqlType t, byte[] b) {
    try {
      if (t instanceof ListType || t instanceof SetType || t instanceof MapType) collection(t, b, true);
      else validate(t, b);
      return null;
    } catch (Refused r) {
      if (r.serverError) return new Refusal(true, r.getMessage());
      // UserTypes.Marker lets the serializer's MarshalException through as it is.
      if (t instanceof UserType) return new Refusal(true, "org.apache.cassandra.serializers.MarshalException: "
          + r.getMessage());
      return new Refusal(false, r.getMessage());
    }
  }

  /** Whether {@link #refusal} has anything to say about values of {@code t}. */
  static boolean composite(CqlType t) {
    return t instanceof ListType || t instanceof SetType || t instanceof MapType || t instanceof TupleType
        || t instanceof UserType;
  }

  private static final class Refused extends RuntimeException {
    final boolean serverError;

    Refused(String message) {
      this(message, false);
    }

    Refused(String message, boolean serverError) {
      super(message, null, false, false);
      this.serverError = serverError;
    }
  }

  /** Ran past the end of the bytes (Cassandra: a BufferUnderflow- or IndexOutOfBoundsException). */
  private static final class Short extends RuntimeException {
    Short() {
      super(null, null, false, false);
    }
  }

  private static void validate(CqlType t, byte[] b) {
    if (t instanceof ListType || t instanceof SetType || t instanceof MapType) collection(t, b, false);
    else if (t instanceof TupleType tt) fields(b, tt.components(), null);
    else if (t instanceof UserType u) fields(b, u.fieldTypes(), u.fieldNames());
    else scalar(t, b);
  }

  private static void scalar(CqlType t, byte[] b) {
    try {
      t.deserialize(b);
    } catch (RuntimeException e) {
      throw new Refused(BoundValueErrors.scalar(t, b));
    }
  }

  /**
   * A list, set or map: {@code deserializing}, as a bound value is read (a negative count refused, an empty value
   * too short); otherwise as an element is validated (an empty set or map passes, a negative count reads none),
   * then deserialized, which refuses those two.
   */
  private static void collection(CqlType t, byte[] b, boolean deserializing) {
    if (!deserializing) {
      collectionChecks(t, b, false);
      collectionChecks(t, b, true);
      return;
    }
    collectionChecks(t, b, true);
  }

  private static void collectionChecks(CqlType t, byte[] b, boolean deserializing) {
    String kind = t instanceof ListType ? "list" : t instanceof SetType ? "set" : "map";
    if (!deserializing && !kind.equals("list") && b.length == 0) return;
    try {
      int n = intAt(b, 0);
      if (deserializing && n < 0) throw new Refused("The data cannot be deserialized as a " + kind);
      int offset = 4;
      for (int i = 0; i < n; i++) {
        if (t instanceof MapType m) {
          offset = element(b, offset, m.key(), false);
          offset = element(b, offset, m.value(), false);
        } else {
          // A deserialized list may hold nulls (IN values); everywhere else a null element is refused.
          boolean nullable = deserializing && t instanceof ListType;
          CqlType e = t instanceof ListType l ? l.element() : ((SetType) t).element();
          offset = element(b, offset, e, nullable);
        }
      }
      if (offset != b.length) throw new Refused("Unexpected extraneous bytes after " + kind + " value");
    } catch (Short s) {
      throw new Refused("Not enough bytes to read a " + kind);
    }
  }

  /** Reads and validates the element at {@code offset}; the offset after it. */
  private static int element(byte[] b, int offset, CqlType type, boolean nullable) {
    int size = intAt(b, offset);
    if (size < 0) {
      if (!nullable) throw new Refused("Null value read when not allowed");
      return offset + 4;
    }
    // ByteBufferAccessor.slice sets a limit past the buffer's capacity: Java's own refusal, a server error.
    long limit = (long) offset + 4 + size;
    if (limit > b.length) {
      int newLimit = (int) limit;
      throw new Refused(newLimit < 0 ? "java.lang.IllegalArgumentException: newLimit < 0: (" + newLimit + " < 0)"
          : "java.lang.IllegalArgumentException: newLimit > capacity: (" + newLimit + " > " + b.length + ")", true);
    }
    validate(type, java.util.Arrays.copyOfRange(b, offset + 4, offset + 4 + size));
    return offset + 4 + size;
  }

  /** A tuple's components or a user type's fields ({@code names} non-null): fewer than declared is fine. */
  private static void fields(byte[] b, List<CqlType> types, List<String> names) {
    int offset = 0;
    for (int i = 0; i < types.size(); i++) {
      if (offset == b.length) return;
      String what = names == null ? i + "th component" : i + "th field " + names.get(i);
      if (b.length - offset < 4) throw new Refused("Not enough bytes to read size of " + what);
      int size = intAt(b, offset);
      offset += 4;
      if (size < 0) continue;
      if (b.length - offset < size) throw new Refused("Not enough bytes to read " + what);
      byte[] field = java.util.Arrays.copyOfRange(b, offset, offset + size);
      offset += size;
      try {
        validate(types.get(i), field);
      } catch (Refused r) {
        // UserTypeSerializer names the field that failed; TupleSerializer does not.
        if (names == null || r.serverError) throw r;
        throw new Refused("Failure validating the " + what + "; " + r.getMessage());
      }
    }
    if (offset != b.length)
      throw new Refused("Invalid remaining data after end of " + (names == null ? "tuple" : "UDT") + " value");
  }

  private static int intAt(byte[] b, int offset) {
    if (offset < 0 || b.length - offset < 4) throw new Short();
    return ((b[offset] & 0xff) << 24) | ((b[offset + 1] & 0xff) << 16) | ((b[offset + 2] & 0xff) << 8)
        | (b[offset + 3] & 0xff);
  }
}
