package io.ringsim.schema.types;

import java.io.ByteArrayOutputStream;

/**
 * What CompositeType and DynamicCompositeType share, as Cassandra's AbstractCompositeType holds it: a value is a run
 * of components, each an optional type header (DynamicCompositeType's), a 2-byte length, the component's bytes and an
 * end-of-component byte (0 in a stored value, -1 or 1 in a bound's last component). The walks over that layout
 * (compare, validate, text in and out) live here; a subtype says only where a component's type comes from.
 */
abstract sealed class AbstractCompositeType extends CustomType permits CompositeType, DynamicCompositeType {

  /**
   * Component {@code i} of a value: its type, its header as {@link #getString} shows it before the value ("" for
   * none), and where its 2-byte length starts.
   */
  record Component(Marshal type, String shownHeader, int lengthAt) {}

  /** A component parsed from text: its type, and its value's text (still escaped). */
  record Parsed(Marshal type, String value) {}

  /** Where a value's first component starts (past a static column's prefix, for CompositeType). */
  int startingOffset(byte[] b) {
    return 0;
  }

  /** Component {@code i}, its header (if the type writes one) at {@code p}; a bad header is a MarshalException. */
  abstract Component component(byte[] b, int p, int i);

  /** As {@link #component}, for comparing two values (CompositeType lenient about components past its types). */
  Component componentToCompare(byte[] b, int p, int i) {
    return component(b, p, i);
  }

  /** The order of two components by their types alone, before their values (0: they compare by value). */
  int compareTypes(Marshal a, Marshal b) {
    return 0;
  }

  /** Reads component {@code i}'s text {@code part}, writing its header to {@code out}. */
  abstract Parsed parse(String part, int i, ByteArrayOutputStream out);

  @Override
  final int compareNonEmpty(byte[] a, byte[] b) {
    int pa = startingOffset(a), pb = startingOffset(b);
    if ((pa == 0) != (pb == 0)) return pa != 0 ? -1 : 1;
    int i = 0;
    while (pa < a.length && pb < b.length) {
      Component ca = componentToCompare(a, pa, i), cb = componentToCompare(b, pb, i);
      int la = Composites.shortLength(a, ca.lengthAt()), lb = Composites.shortLength(b, cb.lengthAt());
      int cmp = compareTypes(ca.type(), cb.type());
      if (cmp != 0) return cmp;
      cmp = ca.type().compare(Composites.slice(a, ca.lengthAt() + 2, la),
          Composites.slice(b, cb.lengthAt() + 2, lb));
      if (cmp != 0) return cmp;
      pa = ca.lengthAt() + 2 + la;
      pb = cb.lengthAt() + 2 + lb;
      byte ea = a[pa++], eb = b[pb++];
      if (ea != eb) return ea - eb;
      i++;
    }
    if (pa >= a.length) return pb >= b.length ? 0 : -1;
    return 1;
  }

  /** AbstractCompositeType.toJSONString: unsupported. */
  @Override
  public final String jsonText(Object value) {
    throw new UnsupportedOperationException();
  }

  @Override
  final byte[] fromString(String source) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int i = 0;
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
      Parsed c = parse(part, i, out);
      Composites.writeComponent(out, c.type().fromString(Composites.unescape(c.value())), (byte) 0);
      i++;
    }
    byte[] b = out.toByteArray();
    if (lastEoc != 0 && b.length > 0) b[b.length - 1] = lastEoc;
    return b;
  }

  @Override
  final String getString(byte[] bytes) {
    StringBuilder sb = new StringBuilder();
    int p = startingOffset(bytes);
    int i = 0;
    while (p < bytes.length) {
      if (p != 0) sb.append(':');
      Component c = component(bytes, p, i);
      sb.append(c.shownHeader());
      int len = Composites.shortLength(bytes, c.lengthAt());
      sb.append(Composites.escape(c.type().getString(Composites.slice(bytes, c.lengthAt() + 2, len))));
      p = c.lengthAt() + 2 + len;
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
  final void validate(byte[] b) {
    int p = startingOffset(b);
    int i = 0;
    while (p < b.length) {
      Component c = component(b, p, i);
      p = c.lengthAt();
      if (b.length - p < 2)
        throw new MarshalException(MarshalException.Kind.VALUE, "Not enough bytes to read value size of component " + i);
      int len = Composites.shortLength(b, p);
      p += 2;
      if (b.length - p < len)
        throw new MarshalException(MarshalException.Kind.VALUE, "Not enough bytes to read value of component " + i);
      Composites.validateComponent(c.type(), Composites.slice(b, p, len));
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
