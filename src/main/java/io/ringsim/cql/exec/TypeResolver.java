package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.collection.UserType;
import io.ringsim.schema.types.CqlTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads a type as the parser wrote it ({@code frozen<address>}, {@code map<text, frozen<ks."Quoted">>}) against the
 * catalog: native types by name, anything else a user-defined type of the statement's keyspace, with Cassandra's
 * errors (CQL3Type.Raw.prepare) for an unknown type, a type of another keyspace, a non-frozen UDT in a collection.
 */
final class TypeResolver {
  private TypeResolver() {}

  /** A type expression before resolution: a name with its type arguments, and the text it came from. */
  record Raw(String name, List<Raw> args, String text) {
    boolean isFrozen() {
      return name.equals("frozen");
    }

    boolean isCollection() {
      return args.size() > 0 && (name.equals("list") || name.equals("set") || name.equals("map"));
    }

    /** A name that is not a native type nor a type constructor: a user-defined type (known or not). */
    boolean isUserType() {
      if (!args.isEmpty() || isCustom()) return false;
      if (name.contains(".") || name.startsWith("\"")) return true;
      if (name.equals("duration")) return false; // a native type ringsim does not support: refused as such
      try {
        CqlTypes.byName(name);
        return false;
      } catch (IllegalArgumentException e) {
        return true;
      }
    }

    /** A Cassandra marshal class name in quotes: 'CompositeType(AsciiType, Int32Type)'. */
    boolean isCustom() {
      return name.startsWith("'");
    }

    boolean isCounter() {
      return args.isEmpty() && name.equals("counter");
    }
  }

  static Raw parse(String text) {
    String e = text.trim();
    if (e.startsWith("'")) return new Raw(e, List.of(), e);
    int lt = indexOutsideQuotes(e, '<');
    if (lt < 0) return new Raw(e, List.of(), e);
    String outer = e.substring(0, lt).trim().toLowerCase(Locale.ROOT);
    List<Raw> args = new ArrayList<>();
    for (String a : splitArgs(e.substring(lt + 1, e.length() - 1))) args.add(parse(a));
    return new Raw(outer, args, e);
  }

  /** The type of a column of keyspace {@code ks} (a table's, or a field of one of its types). */
  static CqlType resolve(String text, Catalog catalog, String ks) {
    return resolve(parse(text), catalog, ks, false);
  }

  static CqlType resolve(Raw raw, Catalog catalog, String ks, boolean frozen) {
    if (raw.isUserType()) return userType(raw.name(), catalog, ks).withFrozen(frozen);
    if (raw.isCustom()) return io.ringsim.cql.CustomTypeErrors.resolve(raw.name());
    if (raw.args().isEmpty()) return CqlTypes.byName(raw.name());
    switch (raw.name()) {
      case "frozen" -> {
        if (raw.args().size() != 1) throw unknown(raw.text());
        CqlType inner = resolve(raw.args().get(0), catalog, ks, true);
        if (inner instanceof ListType l) return new ListType(l.element(), true);
        if (inner instanceof SetType s) return new SetType(s.element(), true);
        if (inner instanceof MapType m) return new MapType(m.key(), m.value(), true);
        return inner;
      }
      case "list", "set", "map" -> {
        if (raw.args().size() != (raw.name().equals("map") ? 2 : 1)) throw unknown(raw.text());
        List<CqlType> parts = new ArrayList<>();
        for (Raw a : raw.args()) {
          if (!frozen && a.isUserType())
            throw invalid("Non-frozen UDTs are not allowed inside collections: " + raw.text());
          if (!frozen && a.isCollection())
            throw invalid("Non-frozen collections are not allowed inside collections: " + raw.text());
          parts.add(frozenElement(resolve(a, catalog, ks, true)));
        }
        return switch (raw.name()) {
          case "list" -> new ListType(parts.get(0), frozen);
          case "set" -> new SetType(parts.get(0), frozen);
          default -> new MapType(parts.get(0), parts.get(1), frozen);
        };
      }
      case "tuple" -> {
        List<CqlType> parts = new ArrayList<>();
        for (Raw a : raw.args()) parts.add(frozenElement(resolve(a, catalog, ks, true)));
        return new TupleType(parts);
      }
      default -> throw unknown(raw.text());
    }
  }

  /** A user-defined type by its name as written ({@code address}, {@code ks.address}, {@code "Quoted"}). */
  static UserType userType(String written, Catalog catalog, String ks) {
    String typeKs = ks;
    String name = written;
    int dot = indexOutsideQuotes(written, '.');
    if (dot >= 0) {
      typeKs = unquote(written.substring(0, dot));
      name = written.substring(dot + 1);
      if (!typeKs.equals(ks))
        throw invalid("Statement on keyspace " + ks + " cannot refer to a user type in keyspace " + typeKs
            + "; user types can only be used in the keyspace they are defined in");
    }
    String n = unquote(name);
    String where = typeKs;
    return catalog.type(where, n).orElseThrow(() -> invalid("Unknown type " + where + "." + n));
  }

  private static CqlType frozenElement(CqlType t) {
    if (t instanceof ListType l && !l.frozen()) return new ListType(l.element(), true);
    if (t instanceof SetType s && !s.frozen()) return new SetType(s.element(), true);
    if (t instanceof MapType m && !m.frozen()) return new MapType(m.key(), m.value(), true);
    if (t instanceof UserType u) return u.withFrozen(true);
    return t;
  }

  static String unquote(String n) {
    return n.startsWith("\"") && n.endsWith("\"") && n.length() >= 2
        ? n.substring(1, n.length() - 1).replace("\"\"", "\"") : n;
  }

  private static int indexOutsideQuotes(String s, char c) {
    char quote = 0;
    for (int i = 0; i < s.length(); i++) {
      char x = s.charAt(i);
      if (quote == 0 && (x == '"' || x == '\'')) quote = x;
      else if (x == quote) quote = 0;
      else if (x == c && quote == 0) return i;
    }
    return -1;
  }

  private static List<String> splitArgs(String s) {
    List<String> out = new ArrayList<>();
    int depth = 0, start = 0;
    char quote = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (quote == 0 && (c == '"' || c == '\'')) quote = c;
      else if (c == quote) quote = 0;
      if (quote != 0 || c == '"' || c == '\'') continue;
      if (c == '<') depth++;
      else if (c == '>') depth--;
      else if (c == ',' && depth == 0) {
        out.add(s.substring(start, i));
        start = i + 1;
      }
    }
    out.add(s.substring(start));
    return out;
  }

  private static CqlException unknown(String text) {
    return invalid("Unknown type " + text);
  }

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }
}
