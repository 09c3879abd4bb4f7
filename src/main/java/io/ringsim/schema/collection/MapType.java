package io.ringsim.schema.collection;

import io.ringsim.schema.CqlType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * {@code map<K, V>} and {@code frozen<map<K, V>>}: values are sorted maps in the key type's order, literals {@code
 * {k: v, ...}}. In the JSON-lines format a map is an object whose keys are the keys' JSON values as strings.
 */
public record MapType(CqlType key, CqlType value, boolean frozen) implements CqlType {

  @Override
  public String name() {
    String n = "map<" + key.name() + ", " + value.name() + ">";
    return frozen ? "frozen<" + n + ">" : n;
  }

  @Override
  public Class<?> javaType() {
    return Map.class;
  }

  public NavigableMap<Object, Object> newMap() {
    return new TreeMap<>((x, y) -> key.compare(key.serialize(x), key.serialize(y)));
  }

  @Override
  public byte[] serialize(Object v) {
    NavigableMap<Object, Object> sorted = newMap();
    sorted.putAll((Map<?, ?>) v);
    List<byte[]> parts = new ArrayList<>();
    for (Map.Entry<Object, Object> e : sorted.entrySet()) {
      if (e.getValue() == null) throw new IllegalArgumentException("null is not supported as a map value");
      parts.add(key.serialize(e.getKey()));
      parts.add(value.serialize(e.getValue()));
    }
    byte[] packed = CollectionCodec.pack(parts, false);
    byte[] out = new byte[packed.length + 4];
    int n = sorted.size();
    out[0] = (byte) (n >>> 24);
    out[1] = (byte) (n >>> 16);
    out[2] = (byte) (n >>> 8);
    out[3] = (byte) n;
    System.arraycopy(packed, 0, out, 4, packed.length);
    return out;
  }

  private List<byte[]> entries(byte[] bytes) {
    if (bytes.length < 4) throw new IllegalArgumentException("truncated " + name() + " value");
    int n = ((bytes[0] & 0xff) << 24) | ((bytes[1] & 0xff) << 16) | ((bytes[2] & 0xff) << 8) | (bytes[3] & 0xff);
    if (n < 0) throw new IllegalArgumentException("invalid " + name() + " value: negative entry count");
    byte[] rest = java.util.Arrays.copyOfRange(bytes, 4, bytes.length);
    return CollectionCodec.unpack(rest, false, 2 * n, name());
  }

  @Override
  public Object deserialize(byte[] bytes) {
    List<byte[]> kv = entries(bytes);
    NavigableMap<Object, Object> out = newMap();
    for (int i = 0; i < kv.size(); i += 2) out.put(key.deserialize(kv.get(i)), value.deserialize(kv.get(i + 1)));
    return Collections.unmodifiableNavigableMap(out);
  }

  @Override
  public Object parseLiteral(String literal) {
    NavigableMap<Object, Object> out = newMap();
    String body = LiteralSplitter.inside(literal, '{', '}', name());
    for (String entry : LiteralSplitter.split(body, ',', literal, name())) {
      LiteralSplitter.Pair kv = LiteralSplitter.splitPair(entry, literal, name());
      out.put(key.parseLiteral(kv.key()), value.parseLiteral(kv.value()));
    }
    return Collections.unmodifiableNavigableMap(out);
  }

  @Override
  public int compare(byte[] a, byte[] b) {
    List<byte[]> x = entries(a);
    List<byte[]> y = entries(b);
    return CollectionCodec.compareElements(x, y, i -> i % 2 == 0 ? key : value);
  }

  @Override
  public Object toJson(Object v) {
    NavigableMap<Object, Object> sorted = newMap();
    sorted.putAll((Map<?, ?>) v);
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<Object, Object> e : sorted.entrySet()) {
      Object k = key.toJson(e.getKey());
      // A UDT key is written as its JSON text, as Cassandra's toJSONString writes it.
      out.put(k instanceof Map<?, ?> m ? jsonText(m) : String.valueOf(k), value.toJson(e.getValue()));
    }
    return out;
  }

  /** JSON text with Cassandra's separators (", " and ": "): {"street": "j", "zip": null}. */
  static String jsonText(Object o) {
    if (o == null) return "null";
    if (o instanceof String s) return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    if (o instanceof Map<?, ?> m) {
      List<String> parts = new ArrayList<>();
      for (Map.Entry<?, ?> e : m.entrySet()) parts.add(jsonText(String.valueOf(e.getKey())) + ": " + jsonText(e.getValue()));
      return "{" + String.join(", ", parts) + "}";
    }
    if (o instanceof List<?> l) {
      List<String> parts = new ArrayList<>();
      for (Object x : l) parts.add(jsonText(x));
      return "[" + String.join(", ", parts) + "]";
    }
    return String.valueOf(o);
  }

  @Override
  public String format(Object v) {
    NavigableMap<Object, Object> sorted = newMap();
    sorted.putAll((Map<?, ?>) v);
    List<String> out = new ArrayList<>();
    for (Map.Entry<Object, Object> e : sorted.entrySet()) {
      out.add(CollectionCodec.formatElement(key, e.getKey()) + ": " + CollectionCodec.formatElement(value, e.getValue()));
    }
    return "{" + String.join(", ", out) + "}";
  }
}
