package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.collection.UserType;
import io.ringsim.schema.types.CqlTypes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A constant given for a tuple ({@code '1:a'}, {@code 5}): Cassandra takes any constant as weakly assignable to a
 * tuple and reads its text with TupleType.fromString, components split on each ':' not escaped as {@code \:}, an
 * {@code @} standing for null, each component read by its type's fromString. Fewer components than the type has
 * make a short tuple, as a short tuple literal does.
 */
final class TupleStrings {
  private TupleStrings() {}

  static List<Object> value(TupleType type, String text) {
    List<String> parts = io.ringsim.schema.types.Composites.split(text);
    // No component at all is Cassandra's empty tuple value, which every read shows as null.
    if (parts.isEmpty()) return null;
    if (parts.size() > type.components().size()) {
      throw invalid("Invalid tuple literal: too many elements. Type " + type.name() + " expects "
          + type.components().size() + " but got " + parts.size());
    }
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < parts.size(); i++) {
      String part = parts.get(i);
      if (part.equals("@")) {
        out.add(null);
        continue;
      }
      CqlType component = type.components().get(i);
      try {
        if (component instanceof ListType || component instanceof SetType || component instanceof MapType) {
          // CollectionType.fromString reads the serialized bytes in hex.
          out.add(component.deserialize(hex(part)));
          continue;
        }
        if (component instanceof TupleType nested && !(component instanceof UserType)) {
          // TupleType.fromString reads a component by its own type's fromString, unescaped.
          out.add(value(nested, part.replace("\\:", ":").replace("\\@", "@")));
          continue;
        }
        if (component instanceof UserType) {
          throw invalid("Invalid tuple literal: component " + i + " of type " + component.name()
              + " cannot be read from text"); // user types as text are not modelled
        }
        out.add(CqlTypes.fromString(component, part.replace("\\:", ":").replace("\\@", "@")));
      } catch (IllegalArgumentException e) {
        throw invalid(e.getMessage());
      }
    }
    return Collections.unmodifiableList(out);
  }

  private static byte[] hex(String s) {
    try {
      if (s.length() % 2 != 0) throw new IllegalArgumentException("odd");
      return java.util.HexFormat.of().parseHex(s);
    } catch (IllegalArgumentException e) {
      throw invalid("cannot parse '" + s + "' as hex bytes");
    }
  }

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }
}
