package io.ringsim.schema.collection;

import io.ringsim.schema.CqlType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A user-defined type of keyspace {@code keyspace}: named fields, each with its type. Values are java.util.List with
 * one entry per field in declaration order (null for a field without a value). Frozen, a value is one blob laid
 * out as a tuple's (Cassandra's UserType extends TupleType); non-frozen (a regular column only), it is stored as one
 * cell per field, keyed by {@link #fieldPath}, so that fields are written, deleted and reconciled one by one.
 *
 * <p>A column's type holds a snapshot of the type; ALTER TYPE replaces the snapshot in every table and type that
 * uses it. Values written before a field was added have fewer fields and read back with null for the new ones.
 */
public record UserType(String keyspace, String typeName, List<String> fieldNames, List<CqlType> fieldTypes,
    boolean frozen) implements CqlType {
  public UserType {
    fieldNames = List.copyOf(fieldNames);
    fieldTypes = List.copyOf(fieldTypes);
    if (fieldNames.size() != fieldTypes.size()) throw new IllegalArgumentException("one type per field");
  }

  /** The same type, frozen or not. */
  public UserType withFrozen(boolean f) {
    return f == frozen ? this : new UserType(keyspace, typeName, fieldNames, fieldTypes, f);
  }

  /** The type's name as CQL writes it: quoted when it is not all lower case (frozen<"Quoted">). */
  public String cqlName() {
    return quoteIfNeeded(typeName);
  }

  @Override
  public String name() {
    return frozen ? "frozen<" + cqlName() + ">" : cqlName();
  }

  /** Cassandra's ColumnIdentifier.maybeQuote: a name that is not a plain lower-case word is quoted. */
  public static String quoteIfNeeded(String n) {
    return n.matches("[a-z][a-z0-9_]*") ? n : "\"" + n.replace("\"", "\"\"") + "\"";
  }

  public int size() {
    return fieldNames.size();
  }

  /** The position of a field, or -1. */
  public int fieldIndex(String field) {
    return fieldNames.indexOf(field);
  }

  /** The cell path of field {@code i} in a non-frozen value: its position as a 2-byte short, as Cassandra's. */
  public static byte[] fieldPath(int i) {
    return new byte[] {(byte) (i >>> 8), (byte) i};
  }

  /** The field position a cell path names. */
  public static int fieldOfPath(byte[] path) {
    return ByteBuffer.wrap(path).getShort() & 0xFFFF;
  }

  @Override
  public Class<?> javaType() {
    return List.class;
  }

  @Override
  public byte[] serialize(Object value) {
    // Fields past the end of the value (a literal written before ALTER TYPE ADD) are null.
    return CollectionCodec.packFields((List<?>) value, fieldTypes);
  }

  @Override
  public Object deserialize(byte[] bytes) {
    return CollectionCodec.unpackFields(bytes, fieldTypes, name());
  }

  /** {@code {street: 'x', zip: 1}} as cqlsh or the command line writes it; missing fields are null. */
  @Override
  public Object parseLiteral(String literal) {
    String body = LiteralSplitter.inside(literal, '{', '}', name());
    Object[] out = new Object[fieldTypes.size()];
    if (!body.isBlank()) {
      for (String entry : LiteralSplitter.split(body, ',', literal, name())) {
        LiteralSplitter.Pair kv = LiteralSplitter.splitPair(entry, literal, name());
        String field = kv.key().trim();
        field = field.startsWith("\"") ? field.substring(1, field.length() - 1).replace("\"\"", "\"")
            : field.toLowerCase(java.util.Locale.ROOT);
        int i = fieldIndex(field);
        if (i < 0) throw new IllegalArgumentException("Unknown field '" + field + "' in value of user defined type "
            + typeName);
        String v = kv.value().trim();
        out[i] = v.equalsIgnoreCase("null") ? null : fieldTypes.get(i).parseLiteral(v);
      }
    }
    return Collections.unmodifiableList(java.util.Arrays.asList(out));
  }

  @Override
  public int compare(byte[] a, byte[] b) {
    return CollectionCodec.compareFields(a, b, fieldTypes, name());
  }

  /** An object with the fields in declaration order, as Cassandra's JSON and the conformance format write it. */
  @Override
  public Object toJson(Object value) {
    Map<String, Object> out = new LinkedHashMap<>();
    List<?> v = (List<?>) value;
    for (int i = 0; i < fieldNames.size(); i++) {
      Object f = i < v.size() ? v.get(i) : null;
      out.put(fieldNames.get(i), f == null ? null : fieldTypes.get(i).toJson(f));
    }
    return out;
  }

  /** As cqlsh prints a UDT: {street: '1 Main St', city: null, zip: 75001}. */
  @Override
  public String format(Object value) {
    List<String> out = new ArrayList<>();
    List<?> v = (List<?>) value;
    for (int i = 0; i < fieldNames.size(); i++) {
      Object f = i < v.size() ? v.get(i) : null;
      out.add(quoteIfNeeded(fieldNames.get(i)) + ": " + CollectionCodec.formatElement(fieldTypes.get(i), f));
    }
    return "{" + String.join(", ", out) + "}";
  }
}
