package io.ringsim.schema.types;

import io.ringsim.schema.CqlType;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The byte and text helpers of the composite types ({@link AbstractCompositeType}). */
public final class Composites {
  private Composites() {}

  static int shortLength(byte[] b, int p) {
    if (p + 2 > b.length) throw new MarshalException(MarshalException.Kind.VALUE, "a composite value is cut short");
    return ((b[p] & 0xff) << 8) | (b[p + 1] & 0xff);
  }

  static byte[] slice(byte[] b, int from, int len) {
    if (from + len > b.length) throw new MarshalException(MarshalException.Kind.VALUE, "a composite value is cut short");
    return Arrays.copyOfRange(b, from, from + len);
  }

  static void writeComponent(ByteArrayOutputStream out, byte[] value, byte eoc) {
    out.write(value.length >> 8);
    out.write(value.length);
    out.write(value, 0, value.length);
    out.write(eoc);
  }

  /** A component's bytes must be a value of its type (Cassandra's validateCollectionMember). */
  static void validateComponent(Marshal type, byte[] value) {
    if (value.length == 0) return;
    CqlType t = type.type();
    if (t instanceof CustomType c) {
      c.validate(value);
      return;
    }
    try {
      t.deserialize(value);
    } catch (IllegalArgumentException e) {
      throw new MarshalException(MarshalException.Kind.VALUE, e.getMessage());
    }
  }

  /** Splits on ':' not preceded by '\'; an empty text has no parts (AbstractCompositeType.split). */
  public static List<String> split(String input) {
    List<String> res = new ArrayList<>();
    if (input.isEmpty()) return res;
    int prev = 0;
    for (int i = 0; i < input.length(); i++) {
      if (input.charAt(i) != ':' || (i > 0 && input.charAt(i - 1) == '\\')) continue;
      res.add(input.substring(prev, i));
      prev = i + 1;
    }
    res.add(input.substring(prev));
    return res;
  }

  /** ':' becomes "\:"; a text ending in '\' or '!' gets a '!' appended. */
  static String escape(String input) {
    if (input.isEmpty()) return input;
    String res = input.replace(":", "\\:");
    char last = res.charAt(res.length() - 1);
    return last == '\\' || last == '!' ? res + '!' : res;
  }

  /** The reverse of escape. */
  static String unescape(String input) {
    if (input.isEmpty()) return input;
    String res = input.replace("\\:", ":");
    char last = res.charAt(res.length() - 1);
    return last == '!' ? res.substring(0, res.length() - 1) : res;
  }
}
