package io.ringsim.schema.collection;

import io.ringsim.schema.CqlType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code set<T>} and {@code frozen<set<T>>}: values are sorted sets in the element type's order (as Cassandra stores
 * and returns them), literals {@code {a, b}}.
 */
public record SetType(CqlType element, boolean frozen) implements CqlType {

  @Override
  public String name() {
    String n = "set<" + element.name() + ">";
    return frozen ? "frozen<" + n + ">" : n;
  }

  @Override
  public Class<?> javaType() {
    return Set.class;
  }

  /** An empty sorted set ordered as Cassandra orders the elements. */
  public NavigableSet<Object> newSet() {
    return new TreeSet<>((x, y) -> element.compare(element.serialize(x), element.serialize(y)));
  }

  @Override
  public byte[] serialize(Object value) {
    NavigableSet<Object> sorted = newSet();
    sorted.addAll((Set<?>) value);
    List<byte[]> parts = new ArrayList<>();
    for (Object e : sorted) parts.add(element.serialize(e));
    return CollectionCodec.pack(parts, true);
  }

  @Override
  public Object deserialize(byte[] bytes) {
    NavigableSet<Object> out = newSet();
    for (byte[] e : CollectionCodec.unpack(bytes, true, 0, name())) out.add(element.deserialize(e));
    return Collections.unmodifiableNavigableSet(out);
  }

  @Override
  public Object parseLiteral(String literal) {
    NavigableSet<Object> out = newSet();
    String body = LiteralSplitter.inside(literal, '{', '}', name());
    for (String p : LiteralSplitter.split(body, ',', literal, name())) out.add(element.parseLiteral(p));
    return Collections.unmodifiableNavigableSet(out);
  }

  @Override
  public int compare(byte[] a, byte[] b) {
    return CollectionCodec.compareElements(
        CollectionCodec.unpack(a, true, 0, name()), CollectionCodec.unpack(b, true, 0, name()), i -> element);
  }

  @Override
  public Object toJson(Object value) {
    NavigableSet<Object> sorted = newSet();
    sorted.addAll((Set<?>) value);
    List<Object> out = new ArrayList<>();
    for (Object e : sorted) out.add(element.toJson(e));
    return out;
  }

  @Override
  public String format(Object value) {
    NavigableSet<Object> sorted = newSet();
    sorted.addAll((Set<?>) value);
    List<String> out = new ArrayList<>();
    for (Object e : sorted) out.add(CollectionCodec.formatElement(element, e));
    return "{" + String.join(", ", out) + "}";
  }
}
