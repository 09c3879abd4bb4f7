package io.ringsim.schema.collection;

import io.ringsim.schema.CqlType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@code tuple<A, B, ...>}: always frozen; values are java.util.List with one entry per component it was given (null
 * allowed), literals {@code (a, b)}. As in Cassandra 4.1, a tuple bound or written with fewer components than declared
 * keeps only those ({@code ('a')} for a {@code tuple<text, int>} is one component): drivers decode the rest as absent
 * (the Node.js driver as undefined), and comparisons treat missing and null trailing components alike.
 */
public record TupleType(List<CqlType> components) implements CqlType {
  public TupleType {
    components = List.copyOf(components);
    if (components.isEmpty()) throw new IllegalArgumentException("a tuple needs at least one component type");
  }

  @Override
  public String name() {
    List<String> n = new ArrayList<>();
    for (CqlType c : components) n.add(c.name());
    return "frozen<tuple<" + String.join(", ", n) + ">>";
  }

  @Override
  public Class<?> javaType() {
    return List.class;
  }

  @Override
  public byte[] serialize(Object value) {
    List<?> v = (List<?>) value;
    if (v.size() > components.size())
      throw new IllegalArgumentException("a " + name() + " has " + components.size() + " components, got " + v.size());
    return CollectionCodec.packPresent(v, components);
  }

  @Override
  public Object deserialize(byte[] bytes) {
    return CollectionCodec.unpackPresent(bytes, components, name());
  }

  @Override
  public Object parseLiteral(String literal) {
    String body = LiteralSplitter.inside(literal, '(', ')', name());
    List<String> parts = LiteralSplitter.split(body, ',', literal, name());
    if (parts.size() > components.size())
      throw new IllegalArgumentException("'" + literal + "' has " + parts.size() + " components, " + name()
          + " has " + components.size());
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < parts.size(); i++) {
      String p = parts.get(i);
      out.add(p.equalsIgnoreCase("null") ? null : components.get(i).parseLiteral(p));
    }
    return Collections.unmodifiableList(out);
  }

  @Override
  public int compare(byte[] a, byte[] b) {
    return CollectionCodec.compareFields(a, b, components, name());
  }

  @Override
  public Object toJson(Object value) {
    // Written as the Python driver and the oracle decode it: a missing trailing component as null, and an empty
    // one too, as a column's empty value is.
    List<Object> out = new ArrayList<>();
    List<?> v = (List<?>) value;
    for (int i = 0; i < components.size(); i++)
      out.add(i >= v.size() || v.get(i) == null || io.ringsim.schema.EmptyValue.is(v.get(i)) ? null
          : components.get(i).toJson(v.get(i)));
    return out;
  }

  @Override
  public String format(Object value) {
    // As cqlsh prints it: its driver decodes a missing trailing component as null.
    List<String> out = new ArrayList<>();
    List<?> v = (List<?>) value;
    for (int i = 0; i < components.size(); i++)
      out.add(CollectionCodec.formatElement(components.get(i), i < v.size() ? v.get(i) : null));
    return "(" + String.join(", ", out) + ")";
  }
}
