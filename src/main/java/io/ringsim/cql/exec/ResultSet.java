package io.ringsim.cql.exec;

import io.ringsim.schema.EmptyValue;

import io.ringsim.schema.CqlType;
import java.util.ArrayList;
import java.util.List;

/** A statement's result: column names and types, rows of Java values (null for null), and warnings. */
public record ResultSet(List<String> columns, List<CqlType> types, List<List<Object>> rows, List<String> warnings) {
  public static final ResultSet EMPTY = new ResultSet(List.of(), List.of(), List.of(), List.of());

  public ResultSet {
    columns = List.copyOf(columns);
    types = List.copyOf(types);
    rows = List.copyOf(rows);
    warnings = List.copyOf(warnings);
  }

  /** Rows in the JSON-lines form of the conformance files. */
  public List<List<Object>> jsonRows() {
    List<List<Object>> out = new ArrayList<>();
    for (List<Object> r : rows) {
      List<Object> j = new ArrayList<>();
      // An empty value is no value to a driver (it decodes zero bytes of an int as null), and to the oracle's JSON.
      for (int i = 0; i < r.size(); i++)
        j.add(r.get(i) == null || EmptyValue.is(r.get(i)) ? null : types.get(i).toJson(r.get(i)));
      out.add(j);
    }
    return out;
  }

  /** Rows as cqlsh prints them. */
  public List<List<String>> formattedRows() {
    List<List<String>> out = new ArrayList<>();
    for (List<Object> r : rows) {
      List<String> j = new ArrayList<>();
      for (int i = 0; i < r.size(); i++)
        j.add(r.get(i) == null ? "null" : EmptyValue.is(r.get(i)) ? "" : types.get(i).format(r.get(i)));
      out.add(j);
    }
    return out;
  }

  public ResultSet withWarnings(List<String> w) {
    return new ResultSet(columns, types, rows, w);
  }
}
