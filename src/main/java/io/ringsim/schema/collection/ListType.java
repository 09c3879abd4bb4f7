package io.ringsim.schema.collection;

import io.ringsim.schema.CqlType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** {@code list<T>} and {@code frozen<list<T>>}: values are java.util.List, literals {@code [a, b]}. */
public record ListType(CqlType element, boolean frozen) implements CqlType {

  @Override
  public String name() {
    String n = "list<" + element.name() + ">";
    return frozen ? "frozen<" + n + ">" : n;
  }

  @Override
  public Class<?> javaType() {
    return List.class;
  }

  @Override
  public byte[] serialize(Object value) {
    List<byte[]> parts = new ArrayList<>();
    // A null element exists only in a selected list literal ([v, k] where v has no value); Cassandra sends it as a
    // length of -1, as a tuple's null component. Writes refuse null elements before they get here.
    for (Object e : (List<?>) value) parts.add(e == null ? null : element.serialize(e));
    return CollectionCodec.pack(parts, true);
  }

  @Override
  public Object deserialize(byte[] bytes) {
    List<Object> out = new ArrayList<>();
    for (byte[] e : CollectionCodec.unpack(bytes, true, 0, name())) {
      out.add(e == null ? null : element.deserialize(e));
    }
    return Collections.unmodifiableList(out);
  }

  @Override
  public Object parseLiteral(String literal) {
    List<Object> out = new ArrayList<>();
    String body = LiteralSplitter.inside(literal, '[', ']', name());
    for (String p : LiteralSplitter.split(body, ',', literal, name())) out.add(element.parseLiteral(p));
    return Collections.unmodifiableList(out);
  }

  @Override
  public int compare(byte[] a, byte[] b) {
    return CollectionCodec.compareElements(
        CollectionCodec.unpack(a, true, 0, name()), CollectionCodec.unpack(b, true, 0, name()), i -> element);
  }

  @Override
  public Object toJson(Object value) {
    List<Object> out = new ArrayList<>();
    for (Object e : (List<?>) value) out.add(element.toJson(e));
    return out;
  }

  @Override
  public String format(Object value) {
    List<String> out = new ArrayList<>();
    for (Object e : (List<?>) value) out.add(CollectionCodec.formatElement(element, e));
    return "[" + String.join(", ", out) + "]";
  }
}
