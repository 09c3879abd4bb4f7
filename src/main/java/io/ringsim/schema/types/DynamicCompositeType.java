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
final class DynamicCompositeType extends CustomType {
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

  /** A component's type: the header and where its value starts. */
  private record Header(Marshal type, String written, int valueAt) {}

  private Header header(byte[] b, int p, int i) {
    if (b.length - p < 2) throw new MarshalException(MarshalException.Kind.VALUE,
        "Not enough bytes to header of the comparator part of component " + i);
    int h = Composites.shortLength(b, p);
    if ((h & 0x8000) != 0) {
      Marshal m = aliases.get((byte) (h & 0xff));
      if (m == null) throw new MarshalException(MarshalException.Kind.VALUE, "Cannot find comparator for component " + i);
      return new Header(m, String.valueOf((char) (h & 0xff)), p + 2);
    }
    if (b.length - p - 2 < h) throw new MarshalException(MarshalException.Kind.VALUE,
        "Not enough bytes to read comparator name of component " + i);
    String name = new String(b, p + 2, h, StandardCharsets.UTF_8);
    try {
      return new Header(MarshalTypes.parseTop(name), name, p + 2 + h);
    } catch (MarshalException e) {
      throw new MarshalException(MarshalException.Kind.VALUE, "Cannot find comparator for component " + i);
    }
  }

  @Override
  int compareNonEmpty(byte[] a, byte[] b) {
    int pa = 0, pb = 0, i = 0;
    while (pa < a.length && pb < b.length) {
      Header ha = header(a, pa, i), hb = header(b, pb, i);
      Marshal ta = ha.type(), tb = hb.type();
      int la = Composites.shortLength(a, ha.valueAt()), lb = Composites.shortLength(b, hb.valueAt());
      int cmp;
      if (!ta.text().equals(tb.text())) {
        Marshal ua = ta, ub = tb;
        if (ta.reversed() && tb.reversed()) {
          ua = new Marshal(ta.className(), ta.type(), false);
          ub = new Marshal(tb.className(), tb.type(), false);
        }
        cmp = ua.simpleClassName().compareTo(ub.simpleClassName());
        if (cmp == 0) cmp = ua.fullClassName().compareTo(ub.fullClassName());
        if (cmp != 0) return cmp < 0 ? -1 : 1;
      }
      cmp = ta.compare(Composites.slice(a, ha.valueAt() + 2, la), Composites.slice(b, hb.valueAt() + 2, lb));
      if (cmp != 0) return cmp;
      pa = ha.valueAt() + 2 + la;
      pb = hb.valueAt() + 2 + lb;
      byte ea = a[pa++], eb = b[pb++];
      if (ea != eb) return ea - eb;
      i++;
    }
    if (pa >= a.length) return pb >= b.length ? 0 : -1;
    return 1;
  }

  /** AbstractCompositeType.toJSONString: unsupported. */
  @Override
  public String jsonText(Object value) {
    throw new UnsupportedOperationException();
  }

  @Override
  byte[] fromString(String source) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte lastEoc = 0;
    for (String part : Composites.split(source)) {
      if (part.equals("!")) {
        lastEoc = 1;
        break;
      }
      if (part.equals("_")) {
        lastEoc = -1;
        break;
      }
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
      Composites.writeComponent(out, type.fromString(Composites.unescape(splits[1])), (byte) 0);
    }
    byte[] b = out.toByteArray();
    if (lastEoc != 0 && b.length > 0) b[b.length - 1] = lastEoc;
    return b;
  }

  @Override
  String getString(byte[] bytes) {
    StringBuilder sb = new StringBuilder();
    int p = 0, i = 0;
    while (p < bytes.length) {
      if (p != 0) sb.append(':');
      Header h = header(bytes, p, i);
      sb.append(h.written()).append('@');
      int len = Composites.shortLength(bytes, h.valueAt());
      sb.append(Composites.escape(h.type().getString(Composites.slice(bytes, h.valueAt() + 2, len))));
      p = h.valueAt() + 2 + len;
      byte eoc = bytes[p++];
      if (eoc != 0) {
        sb.append(eoc < 0 ? ":_" : ":!");
        break;
      }
      i++;
    }
    return sb.toString();
  }

  @Override
  void validate(byte[] b) {
    int p = 0, i = 0;
    while (p < b.length) {
      Header h = header(b, p, i);
      p = h.valueAt();
      if (b.length - p < 2)
        throw new MarshalException(MarshalException.Kind.VALUE, "Not enough bytes to read value size of component " + i);
      int len = Composites.shortLength(b, p);
      p += 2;
      if (b.length - p < len)
        throw new MarshalException(MarshalException.Kind.VALUE, "Not enough bytes to read value of component " + i);
      Composites.validateComponent(h.type(), Composites.slice(b, p, len));
      p += len;
      if (p >= b.length) throw new MarshalException(MarshalException.Kind.VALUE,
          "Not enough bytes to read the end-of-component byte of component" + i);
      byte eoc = b[p++];
      if (eoc != 0 && p != b.length) throw new MarshalException(MarshalException.Kind.VALUE,
          "Invalid bytes remaining after an end-of-component at component" + i);
      i++;
    }
  }
}
