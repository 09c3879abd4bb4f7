package io.ringsim.schema.types;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Cassandra's DynamicCompositeType(s => UTF8Type, i => Int32Type): each component names its own type, either by an
 * alias declared in the type ({@code s@abc}: header 0x80 then the alias byte) or by a class name ({@code
 * LongType@7}: a 2-byte length and the name as written), then the 2-byte length, the bytes and the end-of-component
 * byte as in CompositeType. Components of different types order by their classes' simple names, then full names.
 * The aliases print in the order Cassandra's HashMap of them iterates, which is the order kept here.
 */
final class DynamicCompositeType extends AbstractCompositeType {
  private final Map<Byte, Marshal> aliases;

  private DynamicCompositeType(Map<Byte, Marshal> aliases) {
    this.aliases = aliases;
  }

  static Marshal marshal(Map<Byte, Marshal> aliases) {
    return new DynamicCompositeType(aliases).asMarshal();
  }

  @Override
  public String className() {
    List<String> parts = new ArrayList<>();
    for (Map.Entry<Byte, Marshal> e : aliases.entrySet())
      parts.add((char) (byte) e.getKey() + "=>" + e.getValue().text());
    return MarshalTypes.PACKAGE + "DynamicCompositeType(" + String.join(",", parts) + ")";
  }

  /** Component i's type, from its header at p: an alias ({@code s@}) or a class name ({@code LongType@}). */
  @Override
  Component component(byte[] b, int p, int i) {
    if (b.length - p < 2) throw new MarshalException(MarshalException.Kind.VALUE,
        "Not enough bytes to header of the comparator part of component " + i);
    int h = Composites.shortLength(b, p);
    if ((h & 0x8000) != 0) {
      Marshal m = aliases.get((byte) (h & 0xff));
      if (m == null) throw new MarshalException(MarshalException.Kind.VALUE, "Cannot find comparator for component " + i);
      return new Component(m, (char) (h & 0xff) + "@", p + 2);
    }
    if (b.length - p - 2 < h) throw new MarshalException(MarshalException.Kind.VALUE,
        "Not enough bytes to read comparator name of component " + i);
    String name = new String(b, p + 2, h, StandardCharsets.UTF_8);
    try {
      return new Component(MarshalTypes.parseTop(name), name + "@", p + 2 + h);
    } catch (MarshalException e) {
      throw new MarshalException(MarshalException.Kind.VALUE, "Cannot find comparator for component " + i);
    }
  }

  /** Components of different types order by their classes' simple names, then full names. */
  @Override
  int compareTypes(Marshal ta, Marshal tb) {
    if (ta.text().equals(tb.text())) return 0;
    Marshal ua = ta, ub = tb;
    if (ta.reversed() && tb.reversed()) {
      ua = new Marshal(ta.className(), ta.type(), false);
      ub = new Marshal(tb.className(), tb.type(), false);
    }
    int cmp = ua.simpleClassName().compareTo(ub.simpleClassName());
    if (cmp == 0) cmp = ua.fullClassName().compareTo(ub.fullClassName());
    return Integer.signum(cmp);
  }

  /** {@code type@value}: writes the header, an alias as 0x80 and its byte, a class name with its length. */
  @Override
  Parsed parse(String part, int i, ByteArrayOutputStream out) {
    String[] splits = part.split("@");
    if (splits.length != 2)
      throw new MarshalException(MarshalException.Kind.INTERNAL,
          "java.lang.IllegalArgumentException: Invalid component representation: " + part);
    String comparator = splits[0];
    Marshal type = comparator.length() == 1 ? aliases.get((byte) comparator.charAt(0)) : null;
    boolean isAlias = type != null;
    if (!isAlias) {
      try {
        type = MarshalTypes.parseTop(comparator);
      } catch (MarshalException e) {
        throw new MarshalException(MarshalException.Kind.INTERNAL,
            "java.lang.IllegalArgumentException: org.apache.cassandra.exceptions." + (e.kind() == MarshalException.Kind.SYNTAX ? "SyntaxException"
                : "ConfigurationException") + ": " + e.getMessage());
      }
    }
    if (isAlias) {
      out.write(0x80);
      out.write(comparator.charAt(0));
    } else {
      byte[] name = comparator.getBytes(StandardCharsets.UTF_8);
      out.write(comparator.length() >> 8);
      out.write(comparator.length());
      out.write(name, 0, name.length);
    }
    return new Parsed(type, splits[1]);
  }
}
