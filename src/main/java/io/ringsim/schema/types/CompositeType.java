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
final class CompositeType extends AbstractCompositeType {
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
  @Override
  int startingOffset(byte[] b) {
    return b.length >= 2 && (b[0] & 0xff) == 0xff && (b[1] & 0xff) == 0xff ? 2 : 0;
  }

  /** Component i is of the i-th type; there is no header. */
  @Override
  Component component(byte[] b, int p, int i) {
    if (i >= types.size()) throw new MarshalException(MarshalException.Kind.VALUE, "Too many bytes for comparator");
    return new Component(types.get(i), "", p);
  }

  /** A component past the types compares as the last type. */
  @Override
  Component componentToCompare(byte[] b, int p, int i) {
    return new Component(types.get(Math.min(i, types.size() - 1)), "", p);
  }

  @Override
  Parsed parse(String part, int i, ByteArrayOutputStream out) {
    if (i >= types.size()) {
      // Cassandra's types.get(i) runs off its list here and the request fails with that exception.
      throw new MarshalException(MarshalException.Kind.INTERNAL, "java.lang.ArrayIndexOutOfBoundsException: Index "
          + i + " out of bounds for length " + types.size());
    }
    return new Parsed(types.get(i), part);
  }
}
