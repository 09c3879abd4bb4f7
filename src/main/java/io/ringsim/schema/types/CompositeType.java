package io.ringsim.schema.types;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Cassandra's CompositeType(T1, T2, ...): a value is components in that order, each written as a 2-byte length,
 * the component's bytes and an end-of-component byte (0 in a stored value); a value may stop before the last
 * type. It compares component by component with each component's own order, a shorter prefix first. Its text form
 * joins the components' texts with ':' ({@code abc:123}), a ':' inside a component escaped as {@code \:}.
 */
final class CompositeType extends CustomType {
  private final List<Marshal> types;

  private CompositeType(List<Marshal> types) {
    this.types = List.copyOf(types);
  }

  static Marshal marshal(List<Marshal> types) {
    return new CompositeType(types).asMarshal();
  }

  @Override
  public String className() {
    List<String> texts = new ArrayList<>();
    for (Marshal t : types) texts.add(t.text());
    return MarshalTypes.PACKAGE + "CompositeType(" + String.join(",", texts) + ")";
  }

  /** A static column's name starts with 0xFFFF (Cassandra's CompositeType.readIsStatic). */
  private static int staticPrefix(byte[] b) {
    return b.length >= 2 && (b[0] & 0xff) == 0xff && (b[1] & 0xff) == 0xff ? 2 : 0;
  }

  @Override
  int compareNonEmpty(byte[] a, byte[] b) {
    int pa = staticPrefix(a), pb = staticPrefix(b);
    if ((pa == 0) != (pb == 0)) return pa != 0 ? -1 : 1;
    int i = 0;
    while (pa < a.length && pb < b.length) {
      int la = Composites.shortLength(a, pa), lb = Composites.shortLength(b, pb);
      byte[] va = Composites.slice(a, pa + 2, la), vb = Composites.slice(b, pb + 2, lb);
      int cmp = types.get(Math.min(i, types.size() - 1)).compare(va, vb);
      if (cmp != 0) return cmp;
      pa += 2 + la;
      pb += 2 + lb;
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
    List<String> parts = Composites.split(source);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int i = 0;
    byte lastEoc = 0;
    for (String part : parts) {
      if (part.equals("!")) {
        lastEoc = 1;
        break;
      }
      if (part.equals("_")) {
        lastEoc = -1;
        break;
      }
      if (i >= types.size()) {
        // Cassandra's types.get(i) runs off its list here and the request fails with that exception.
        throw new MarshalException(MarshalException.Kind.INTERNAL, "java.lang.ArrayIndexOutOfBoundsException: Index "
            + i + " out of bounds for length " + types.size());
      }
      Composites.writeComponent(out, types.get(i).fromString(Composites.unescape(part)), (byte) 0);
      i++;
    }
    byte[] b = out.toByteArray();
    if (lastEoc != 0 && b.length > 0) b[b.length - 1] = lastEoc;
    return b;
  }

  @Override
  String getString(byte[] bytes) {
    StringBuilder sb = new StringBuilder();
    int p = staticPrefix(bytes);
    int i = 0;
    while (p < bytes.length) {
      if (p != 0) sb.append(':');
      int len = Composites.shortLength(bytes, p);
      byte[] value = Composites.slice(bytes, p + 2, len);
      sb.append(Composites.escape(types.get(i).getString(value)));
      p += 2 + len;
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
    int p = staticPrefix(b);
    int i = 0;
    while (p < b.length) {
      if (i >= types.size()) throw new MarshalException(MarshalException.Kind.VALUE, "Too many bytes for comparator");
      if (b.length - p < 2)
        throw new MarshalException(MarshalException.Kind.VALUE, "Not enough bytes to read value size of component " + i);
      int len = Composites.shortLength(b, p);
      p += 2;
      if (b.length - p < len)
        throw new MarshalException(MarshalException.Kind.VALUE, "Not enough bytes to read value of component " + i);
      Composites.validateComponent(types.get(i), Composites.slice(b, p, len));
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
