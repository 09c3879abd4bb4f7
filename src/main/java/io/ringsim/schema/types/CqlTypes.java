package io.ringsim.schema.types;

import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The CQL types by name: the scalar types as constants, and a parser for type expressions such as map&lt;text, int&gt;. */
public final class CqlTypes {
  public static final CqlType TEXT = new TextTypes.Text("text", false);
  public static final CqlType ASCII = new TextTypes.Text("ascii", true);
  public static final CqlType INT = new IntegerTypes.Int();
  public static final CqlType BIGINT = new IntegerTypes.BigInt("bigint");
  public static final CqlType COUNTER = new IntegerTypes.BigInt("counter");
  public static final CqlType SMALLINT = new IntegerTypes.SmallInt();
  public static final CqlType TINYINT = new IntegerTypes.TinyInt();
  public static final CqlType BOOLEAN = new MiscTypes.Bool();
  public static final CqlType UUID = new UuidTypes.Uuid("uuid", false);
  public static final CqlType TIMEUUID = new UuidTypes.Uuid("timeuuid", true);
  /**
   * Cassandra 4.1's LegacyTimeUUIDType: the type a user-defined function's timeuuid takes (TimeUUIDType.udfType()).
   * It is a timeuuid in everything but its identity, which the protocol layer sends as a custom type.
   */
  public static final CqlType LEGACY_TIMEUUID = new UuidTypes.Uuid("timeuuid", true);
  public static final CqlType TIMESTAMP = new TimeTypes.Timestamp();
  public static final CqlType DATE = new TimeTypes.Date();
  public static final CqlType TIME = new TimeTypes.Time();
  public static final CqlType DOUBLE = new MiscTypes.DoubleT();
  public static final CqlType FLOAT = new MiscTypes.FloatT();
  public static final CqlType BLOB = new MiscTypes.Blob();
  public static final CqlType INET = new MiscTypes.Inet();
  public static final CqlType DECIMAL = new MiscTypes.Decimal();
  public static final CqlType VARINT = new MiscTypes.Varint();
  public static final CqlType DURATION = new DurationType();

  private static final Map<String, CqlType> SCALARS = new LinkedHashMap<>();

  /**
   * {@code v} as a plain varint: one read with more bytes than its minimal form keeps them only as a stored value, so
   * that arithmetic and aggregates on it (whose Java shortcuts, such as 0 + x, return x itself) answer minimal bytes,
   * as Cassandra's do.
   */
  public static java.math.BigInteger plainVarint(java.math.BigInteger v) {
    return v.getClass() == java.math.BigInteger.class ? v : new java.math.BigInteger(v.toByteArray());
  }

  static {
    for (CqlType t :
        List.of(TEXT, ASCII, INT, BIGINT, COUNTER, SMALLINT, TINYINT, BOOLEAN, UUID, TIMEUUID, TIMESTAMP, DATE, TIME,
            DOUBLE, FLOAT, BLOB, INET, DECIMAL, VARINT, DURATION)) {
      SCALARS.put(t.name(), t);
    }
    SCALARS.put("varchar", TEXT);
  }

  private CqlTypes() {}

  /**
   * Cassandra's {@code AbstractType.fromString} for a native type: the value its text stands for, as a composite's
   * component or a tuple's is written ({@code abc}, {@code 123}, hex without {@code 0x}); an empty text is the empty
   * value. {@link MarshalException} with Cassandra's message when the text is no such value.
   */
  public static Object fromString(CqlType type, String text) {
    return type.deserialize(new Marshal(type.name(), type, false).fromString(text));
  }

  /** Names of the scalar types, for completion and error messages. */
  public static List<String> scalarNames() {
    return List.copyOf(SCALARS.keySet());
  }

  /**
   * A type by its CQL name or expression, case-insensitive: {@code int}, {@code varchar}, {@code list<int>},
   * {@code frozen<map<text, set<int>>>}, {@code tuple<int, text>}, or a Cassandra marshal class in quotes,
   * {@code 'org.apache.cassandra.db.marshal.CompositeType(AsciiType, Int32Type)'} ({@link MarshalTypes}).
   */
  public static CqlType byName(String name) {
    String n = name.trim();
    if (n.length() >= 2 && n.startsWith("'") && n.endsWith("'")) {
      return MarshalTypes.parse(n.substring(1, n.length() - 1).replace("''", "'"));
    }
    return parse(n, n);
  }

  private static CqlType parse(String expr, String whole) {
    String e = expr.trim();
    String lower = e.toLowerCase(Locale.ROOT);
    int lt = e.indexOf('<');
    if (lt < 0) {
      CqlType t = SCALARS.get(lower);
      if (t == null) throw new IllegalArgumentException("unknown CQL type '" + whole + "'");
      return t;
    }
    if (!e.endsWith(">")) throw new IllegalArgumentException("unknown CQL type '" + whole + "'");
    String outer = lower.substring(0, lt).trim();
    List<String> args = splitArgs(e.substring(lt + 1, e.length() - 1), whole);
    switch (outer) {
      case "frozen" -> {
        if (args.size() != 1) throw new IllegalArgumentException("frozen<> takes one type in '" + whole + "'");
        CqlType inner = parse(args.get(0), whole);
        if (inner instanceof ListType l) return new ListType(l.element(), true);
        if (inner instanceof SetType s) return new SetType(s.element(), true);
        if (inner instanceof MapType m) return new MapType(m.key(), m.value(), true);
        return inner; // tuples are always frozen; frozen<scalar> is accepted as the scalar
      }
      case "list" -> {
        arity(args, 1, whole);
        return new ListType(frozenElement(parse(args.get(0), whole)), false);
      }
      case "set" -> {
        arity(args, 1, whole);
        return new SetType(frozenElement(parse(args.get(0), whole)), false);
      }
      case "map" -> {
        arity(args, 2, whole);
        return new MapType(frozenElement(parse(args.get(0), whole)), frozenElement(parse(args.get(1), whole)), false);
      }
      case "tuple" -> {
        List<CqlType> parts = new ArrayList<>();
        for (String a : args) parts.add(frozenElement(parse(a, whole)));
        return new TupleType(parts);
      }
      default -> throw new IllegalArgumentException("unknown CQL type '" + whole + "'");
    }
  }

  /** A collection nested in another must be frozen; Cassandra requires it to be written so, ringsim freezes it. */
  private static CqlType frozenElement(CqlType t) {
    if (t instanceof ListType l && !l.frozen()) return new ListType(l.element(), true);
    if (t instanceof SetType s && !s.frozen()) return new SetType(s.element(), true);
    if (t instanceof MapType m && !m.frozen()) return new MapType(m.key(), m.value(), true);
    return t;
  }

  private static void arity(List<String> args, int n, String whole) {
    if (args.size() != n) throw new IllegalArgumentException("wrong number of type arguments in '" + whole + "'");
  }

  private static List<String> splitArgs(String s, String whole) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '<') depth++;
      else if (c == '>') depth--;
      else if (c == ',' && depth == 0) {
        out.add(s.substring(start, i));
        start = i + 1;
      }
      if (depth < 0) throw new IllegalArgumentException("unknown CQL type '" + whole + "'");
    }
    out.add(s.substring(start));
    for (String a : out) if (a.isBlank()) throw new IllegalArgumentException("unknown CQL type '" + whole + "'");
    return out;
  }
}
