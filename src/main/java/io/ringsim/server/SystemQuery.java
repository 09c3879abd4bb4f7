package io.ringsim.server;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.schema.CqlType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The SELECTs drivers and cqlsh send to the system keyspaces: {@code SELECT * | a, b FROM ks.table [WHERE c = 'v'
 * [AND ...]] [LIMIT n] [ALLOW FILTERING]}. Their tables are generated, so only equality restrictions are needed.
 */
record SystemQuery(List<String> columns, String keyspace, String table, Map<String, String> equals, int limit) {
  private static final Pattern SELECT = Pattern.compile(
      "(?is)\\s*SELECT\\s+(?:JSON\\s+)?(.+?)\\s+FROM\\s+(?:(\"\\w+\"|\\w+)\\s*\\.\\s*)?(\"\\w+\"|\\w+)"
          + "(?:\\s+WHERE\\s+(.+?))?(?:\\s+LIMIT\\s+(\\d+))?(?:\\s+ALLOW\\s+FILTERING)?\\s*;?\\s*");
  private static final Pattern EQ = Pattern.compile(
      "(?is)\\s*\"?(\\w+)\"?\\s*=\\s*('(?:[^']|'')*'|\\[[^\\]]*\\]|[\\w.:-]+|\\?)\\s*");
  /** Stands for a bind marker until {@link #bind} puts the client's value in. */
  static final String MARKER = "\u0000?";

  /** The keyspaces the server answers itself: Cassandra's system keyspaces, as captured ({@link SystemSchema}). */
  static final java.util.Set<String> KEYSPACES = java.util.Set.copyOf(SystemSchema.CASSANDRA_4_1.keyspaces());

  /** The query, if it reads a system keyspace (named, or the session's); null otherwise. */
  static SystemQuery parse(String cql, String sessionKeyspace) {
    Matcher m = SELECT.matcher(cql);
    if (!m.matches()) return null;
    String ks = m.group(2) != null ? ident(m.group(2)) : sessionKeyspace;
    if (ks == null || !KEYSPACES.contains(ks)) return null;
    List<String> cols = new ArrayList<>();
    String sel = m.group(1).trim();
    if (!sel.equals("*")) {
      for (String c : sel.split(",")) cols.add(c.trim().replace("\"", "").toLowerCase(Locale.ROOT));
    }
    Map<String, String> eq = new LinkedHashMap<>();
    if (m.group(4) != null) {
      for (String part : m.group(4).split("(?i)\\s+AND\\s+")) {
        Matcher e = EQ.matcher(part);
        if (!e.matches()) throw new CqlException(CqlErrorClass.InvalidRequest,
            "ringsim answers system tables with equality restrictions only, not: " + part.trim());
        String v = e.group(2);
        if (v.equals("?")) v = MARKER;
        else if (v.startsWith("'")) v = v.substring(1, v.length() - 1).replace("''", "'");
        else if (v.startsWith("[")) v = listText(v);
        eq.put(e.group(1).toLowerCase(Locale.ROOT), v);
      }
    }
    int limit = m.group(5) == null ? Integer.MAX_VALUE : Integer.parseInt(m.group(5));
    return new SystemQuery(cols, ks, ident(m.group(3)), eq, limit);
  }

  /**
   * A list literal of strings (a function's argument_types, as the drivers ask for one function) in the text form
   * rows are compared in: ['int', 'double'] reads [int, double].
   */
  private static String listText(String literal) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("'((?:[^']|'')*)'").matcher(literal);
    while (m.find()) out.add(m.group(1).replace("''", "'"));
    return out.toString();
  }

  /** A name as CQL reads it: in double quotes as written (system."IndexInfo"), otherwise in lower case. */
  private static String ident(String name) {
    return name.startsWith("\"") ? name.substring(1, name.length() - 1) : name.toLowerCase(Locale.ROOT);
  }

  /** The query with the client's bound values (decoded with their columns' types) in place of its markers. */
  SystemQuery bind(java.util.List<java.nio.ByteBuffer> values, VirtualTable t) {
    long markers = equals.values().stream().filter(MARKER::equals).count();
    int given = values == null ? 0 : values.size();
    if (markers != given) throw new CqlException(CqlErrorClass.InvalidRequest, "There were " + markers
        + " markers(?) in CQL but " + given + " bound variables");
    if (markers == 0) return this;
    Map<String, String> bound = new LinkedHashMap<>();
    int i = 0;
    for (Map.Entry<String, String> e : equals.entrySet()) {
      String v = e.getValue();
      if (MARKER.equals(v)) {
        int col = t.indexOf(e.getKey());
        if (col < 0) throw new CqlException(CqlErrorClass.InvalidRequest, "Undefined column name " + e.getKey());
        Object o = WireTypes.decode(t.types().get(col), values.get(i++), e.getKey());
        v = o == null ? null : o.toString();
      }
      bound.put(e.getKey(), v);
    }
    return new SystemQuery(columns, keyspace, table, bound, limit);
  }

  /** The bind markers' variables, in order: each named and typed by the column it is compared with. */
  List<io.ringsim.cql.exec.BindVariable> variables(VirtualTable t) {
    List<io.ringsim.cql.exec.BindVariable> out = new ArrayList<>();
    for (Map.Entry<String, String> e : equals.entrySet()) {
      if (!MARKER.equals(e.getValue())) continue;
      int col = t.indexOf(e.getKey());
      if (col < 0) throw new CqlException(CqlErrorClass.InvalidRequest, "Undefined column name " + e.getKey());
      out.add(new io.ringsim.cql.exec.BindVariable(keyspace, table, e.getKey(), t.types().get(col)));
    }
    return out;
  }

  /** Runs the query on a generated table: columns chosen, rows filtered by their text form. */
  ResultSet run(VirtualTable t) {
    List<String> names = columns.isEmpty() ? t.columns() : columns;
    List<Integer> idx = new ArrayList<>();
    List<CqlType> types = new ArrayList<>();
    for (String c : names) {
      int i = t.indexOf(c);
      if (i < 0) throw new CqlException(CqlErrorClass.InvalidRequest, "Undefined column name " + c + " in table "
          + keyspace + "." + table);
      idx.add(i);
      types.add(t.types().get(i));
    }
    for (String c : equals.keySet()) {
      if (t.indexOf(c) < 0) throw new CqlException(CqlErrorClass.InvalidRequest, "Undefined column name " + c
          + " in table " + keyspace + "." + table);
    }
    List<List<Object>> rows = new ArrayList<>();
    for (List<Object> r : t.rows()) {
      if (rows.size() >= limit) break;
      boolean ok = true;
      for (Map.Entry<String, String> e : equals.entrySet()) {
        int i = t.indexOf(e.getKey());
        Object v = r.get(i);
        String text = v == null ? null : v instanceof java.net.InetAddress a ? a.getHostAddress() : v.toString();
        if (!e.getValue().equals(text)) ok = false;
      }
      if (!ok) continue;
      List<Object> out = new ArrayList<>();
      for (int i : idx) out.add(r.get(i));
      rows.add(out);
    }
    return new ResultSet(names, types, rows, List.of());
  }
}
