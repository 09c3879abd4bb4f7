package io.ringsim.cql.exec;

import com.fasterxml.jackson.databind.JsonNode;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * INSERT JSON: the object's keys name columns as CQL does (case-insensitive, unless written with inner double quotes,
 * e.g. "\"Foo\""); a column left out is written as null, or left alone with DEFAULT UNSET.
 */
final class InsertJson {
  private InsertJson() {}

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  static Map<String, Object> columns(TableMetadata t, Term json, boolean defaultUnset) {
    if (json instanceof Term.BindMarker) throw invalid("Bind markers (?) need a prepared statement");
    if (json instanceof Term.Bound b && b.value() == null) throw invalid("Got null for INSERT JSON values");
    // A bound JSON string reads exactly as the same string written as a literal.
    if (json instanceof Term.Bound b && b.value() instanceof String text) json = new Term.Literal(Term.Kind.STRING, text);
    if (!(json instanceof Term.Literal l) || l.kind() != Term.Kind.STRING)
      throw invalid("INSERT JSON needs its values as a string literal: INSERT INTO t JSON '{...}'");
    JsonNode root;
    try {
      root = CqlJson.MAPPER.readTree(l.text());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw invalid("Could not decode JSON string as a map: " + e.getOriginalMessage() + ". (String was: " + l.text()
          + ")");
    } catch (IOException e) {
      throw invalid("Could not decode JSON string as a map: " + e.getMessage());
    }
    if (root == null || root.isNull()) throw invalid("Got null for INSERT JSON values");
    if (!root.isObject()) throw invalid("Could not decode JSON string as a map: " + root);
    Map<String, JsonNode> byName = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String k = e.getKey();
      String name = k.length() >= 2 && k.startsWith("\"") && k.endsWith("\"") ? k.substring(1, k.length() - 1)
          : k.toLowerCase(Locale.ROOT);
      byName.put(name, e.getValue());
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (ColumnDef c : t.columns()) {
      JsonNode v = byName.remove(c.name());
      if (v == null) {
        if (!defaultUnset) out.put(c.name(), null);
        continue;
      }
      out.put(c.name(), CqlJson.read(c.type(), v, c.name()));
    }
    if (!byName.isEmpty())
      throw invalid("JSON values map contains unrecognized column: " + byName.keySet().iterator().next());
    return out;
  }
}
