package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.UUID;

/** Turns statement terms into typed values, with Cassandra's errors for a literal of the wrong kind. */
public final class Values implements NativeFunctions.Context {
  /** The clock now(), currentTimestamp() and the like read: the coordinator's, a fixed instant where there is none. */
  private final java.util.function.LongSupplier clockMicros;
  private final java.util.SplittableRandom rng;
  private long uuidSeq;
  /** How many list elements this request's earlier prepends took: a later prepend goes before them all. */
  private long prepended;

  public Values(long nowMicros, long seed) {
    this(() -> nowMicros, seed);
  }

  /** Values whose native functions read the time from {@code clockMicros} at each call, as Cassandra's read its clock. */
  public Values(java.util.function.LongSupplier clockMicros, long seed) {
    this.clockMicros = clockMicros;
    this.rng = new java.util.SplittableRandom(seed);
  }

  // Where user-defined functions are looked up: the schema and keyspace of the statement being planned.
  private io.ringsim.schema.Catalog functionCatalog;
  private String functionKeyspace;

  /** User-defined functions called from now on are those of {@code catalog}, unqualified names in {@code keyspace}. */
  public Values useFunctions(io.ringsim.schema.Catalog catalog, String keyspace) {
    this.functionCatalog = catalog;
    this.functionKeyspace = keyspace;
    return this;
  }

  // The table token(...) written as a value hashes a key of (Cassandra's TokenFct of the statement's table).
  private io.ringsim.schema.TableMetadata tokenTable;
  private io.ringsim.ring.Partitioner tokenPartitioner;

  /** The statement planned from now on writes to {@code table}, whose keys {@code partitioner} places. */
  Values useTable(io.ringsim.schema.TableMetadata table, io.ringsim.ring.Partitioner partitioner) {
    this.tokenTable = table;
    this.tokenPartitioner = partitioner;
    return this;
  }

  io.ringsim.schema.Catalog functionCatalog() {
    return functionCatalog;
  }

  String functionKeyspace() {
    return functionKeyspace;
  }

  /** The value of {@code t} for column {@code column} of type {@code type}; null for CQL null. */
  public Object value(Term t, CqlType type, String column) {
    if (t instanceof Term.BindMarker)
      throw new CqlException(CqlErrorClass.InvalidRequest, "Bind markers (?) need a prepared statement");
    // A bound value was decoded with the marker's own type (Prepared.variables), so it is used as it is.
    if (t instanceof Term.Bound b) return b.value();
    if (t instanceof Term.Unset) throw new CqlException(CqlErrorClass.InvalidRequest, unset(column));
    if (t instanceof Term.FunctionCall f) return function(f, type, column);
    if (ArithmeticTerms.isArithmetic(t)) return ArithmeticTerms.value(this, t, type, column);
    // For a tuple column Cassandra 4.1 reads a string constant by the tuple type's fromString ('1:a' is (1, 'a')).
    // The parser reads (x) as x, and (x) is Cassandra's tuple literal of one element (drivers write one-element and
    // nested tuples so: ((1)), (0x01)): any other term is a tuple of one element, short like a literal shorter than
    // its type.
    if (type instanceof TupleType tt0 && t instanceof Term.Literal l0 && l0.kind() == Term.Kind.STRING)
      return TupleStrings.value(tt0, l0.text());
    if (type instanceof TupleType && !(t instanceof Term.TupleLiteral)
        && !(t instanceof Term.Literal l0 && l0.kind() == Term.Kind.NULL)) {
      return value(new Term.TupleLiteral(List.of(t)), type, column);
    }
    if (t instanceof Term.Literal l) return literal(l, type, column);
    if (t instanceof Term.ListLiteral l) {
      if (type instanceof ListType lt) {
        List<Object> out = new ArrayList<>();
        for (Term e : l.elements()) out.add(nonNull(element(e, lt.element(), column, "list", "value"), column));
        return Collections.unmodifiableList(out);
      }
      if (type instanceof SetType st && l.elements().isEmpty()) return st.newSet();
      throw invalid("list literal", type, column);
    }
    if (t instanceof Term.SetLiteral s) {
      if (type instanceof SetType st) {
        NavigableSet<Object> out = st.newSet();
        for (Term e : s.elements()) out.add(nonNull(element(e, st.element(), column, "set", "value"), column));
        return Collections.unmodifiableNavigableSet(out);
      }
      if (type instanceof MapType mt && s.elements().isEmpty()) return mt.newMap();
      if (type instanceof ListType && s.elements().isEmpty()) return List.of();
      throw invalid("set literal", type, column);
    }
    if (t instanceof Term.MapLiteral m) {
      if (!(type instanceof MapType mt)) throw invalid("map literal", type, column);
      NavigableMap<Object, Object> out = mt.newMap();
      for (int i = 0; i < m.keys().size(); i++) {
        out.put(nonNull(element(m.keys().get(i), mt.key(), column, "map", "key"), column),
            nonNull(element(m.values().get(i), mt.value(), column, "map", "value"), column));
      }
      return Collections.unmodifiableNavigableMap(out);
    }
    if (t instanceof Term.UserTypeLiteral u) return UserTypeValues.literal(this, u, type, column);
    Term.TupleLiteral tl = (Term.TupleLiteral) t;
    // A user type is a tuple to Cassandra: (v1, v2) gives its fields in order (Tuples.checkIfTupleType).
    if (type instanceof io.ringsim.schema.collection.UserType ut && tl.elements().size() > 1)
      return value(tl, new TupleType(ut.fieldTypes()), column, type);
    if (!(type instanceof TupleType)) {
      if (tl.elements().size() == 1) return value(tl.elements().get(0), type, column); // (null) for a non-tuple
      throw invalid("tuple type literal", type, column);
    }
    return value(tl, (TupleType) type, column, type);
  }

  /**
   * Cassandra's refusal of an UNSET value where one is needed: a map key and a list index in their own words
   * (Maps.SetterByKey, Lists.SetterByIndex), an element by its column's name.
   */
  private static String unset(String column) {
    if (column.startsWith("key(")) return "Invalid unset map key";
    if (column.startsWith("idx(")) return "Invalid unset value for list index";
    return "Invalid unset value for column " + column.replaceFirst("^value\\((.*)\\)$", "$1");
  }

  private Object value(Term.TupleLiteral tl, TupleType tt, String column, CqlType type) {
    if (tt.components().size() < tl.elements().size()) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "Invalid tuple literal for " + column + ": too many "
          + "elements. Type " + type.name() + " expects " + tt.components().size() + " but got "
          + tl.elements().size());
    }
    List<Object> out = new ArrayList<>();
    // A short literal keeps its components only: Cassandra 4.1 stores ('a') for a tuple<text, int> as one component.
    for (int i = 0; i < tl.elements().size(); i++) {
      if (tl.elements().get(i) instanceof Term.Unset) // Cassandra's Tuples.DelayedValue
        throw new CqlException(CqlErrorClass.InvalidRequest, "Invalid unset value for tuple field number " + i);
      CqlType component = tt.components().get(i);
      if (!LiteralChecks.weaklyFits(tl.elements().get(i), component))
        throw new CqlException(CqlErrorClass.InvalidRequest, "Invalid tuple literal for " + column + ": component "
            + i + " is not of type " + component.name());
      out.add(value(tl.elements().get(i), component, column));
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * An element of a collection literal. A UDT literal whose fields do not fit is, to Cassandra, an element of the
   * wrong type: "Invalid map literal for m: value {street: 5} is not of type frozen<address>".
   */
  private Object element(Term e, CqlType type, String column, String kind, String role) {
    // Cassandra first checks that each element could be of the element type at all (testAssignment), and names
    // the element when it cannot: "Invalid list literal for l: value 'x' is not of type int".
    if (!LiteralChecks.weaklyFits(e, type))
      throw new CqlException(CqlErrorClass.InvalidRequest, "Invalid " + kind + " literal for " + column + ": "
          + role + " " + TermText.of(e) + " is not of type " + type.name());
    try {
      return value(e, type, column);
    } catch (CqlException x) {
      if (e instanceof Term.UserTypeLiteral && x.getMessage().startsWith("Invalid user type literal for "))
        throw new CqlException(CqlErrorClass.InvalidRequest, "Invalid " + kind + " literal for " + column + ": "
            + role + " " + TermText.of(e) + " is not of type " + type.name());
      throw x;
    }
  }

  private static Object nonNull(Object v, String column) {
    if (v == null) throw new CqlException(CqlErrorClass.InvalidRequest, "null is not supported inside collections");
    return v;
  }

  private Object literal(Term.Literal l, CqlType type, String column) {
    if (l.kind() == Term.Kind.NULL) return null;
    String name = type.name();
    if (!LiteralChecks.fits(l, type)) {
      // NaN and Infinity are FLOAT constants to Cassandra's lexer.
      String kind = switch (l.kind()) {
        case NAN, INFINITY, NEG_INFINITY -> "FLOAT";
        default -> l.kind().toString();
      };
      throw new CqlException(CqlErrorClass.InvalidRequest, "Invalid " + kind + " constant (" + l.text()
          + ") for \"" + column + "\" of type " + name);
    }
    // InetAddressType's and TimestampType's fromString read '' as the empty value (stored, read back as null).
    if (l.kind() == Term.Kind.STRING && l.text().isEmpty() && (name.equals("inet") || name.equals("timestamp"))) {
      return io.ringsim.schema.EmptyValue.INSTANCE;
    }
    String refused = LiteralChecks.refusedByMarshal(l, name);
    if (refused != null) throw new CqlException(CqlErrorClass.InvalidRequest, refused);
    String text = l.kind() == Term.Kind.STRING ? "'" + l.text().replace("'", "''") + "'" : l.text();
    try {
      return type.parseLiteral(text);
    } catch (io.ringsim.schema.types.CqlDuration.Invalid e) {
      throw new CqlException(CqlErrorClass.InvalidRequest, e.getMessage());
    } catch (io.ringsim.schema.types.MarshalException e) {
      throw CustomValues.unreadable(e);
    } catch (IllegalArgumentException e) {
      if (name.equals("timeuuid") && l.kind() == Term.Kind.UUID)
        throw new CqlException(CqlErrorClass.InvalidRequest, "TimeUUID supports only version 1 UUIDs");
      throw new CqlException(CqlErrorClass.InvalidRequest, LiteralChecks.unparsable(type, l.text()));
    }
  }


  /**
   * A native function call written as a value (INSERT ... VALUES (textAsBlob('abc')), WHERE tu > maxTimeuuid(...)):
   * the overload whose parameter types the arguments fit, and whose result fits the receiving column.
   */
  private Object function(Term.FunctionCall f, CqlType type, String column) {
    if (f.castType() != null) return CastTerms.value(this, f, type);
    String written = f.name().toLowerCase(Locale.ROOT);
    // A native function is also system.name (its keyspace); messages name it so either way.
    String fn = written.startsWith("system.") ? written.substring("system.".length()) : written;
    FunctionReceivers.refuseToJson(f);
    if (fn.equals("fromjson")) return fromJson(f, type, column);
    if (fn.equals("token") && tokenTable != null && UserFunctionTerms.soleOverload(functionCatalog,
        functionKeyspace, f) == null) {
      return token(f, type, column);
    }
    List<NativeFunctions.Signature> overloads = NativeFunctions.overloads(fn);
    if (overloads.isEmpty()) {
      Object[] user = UserFunctionTerms.value(this, f, type, column);
      if (user != null) return user[0];
      // FunctionCall.Raw.prepare refuses an aggregate as a value, in these words wherever the value is.
      if (NATIVE_AGGREGATES.contains(fn)
          || !FunctionCalls.aggregates(functionCatalog, FunctionCalls.name(f.name(), functionKeyspace)).isEmpty()) {
        throw new CqlException(CqlErrorClass.InvalidRequest,
            "Aggregation function are not supported in the where clause");
      }
      // A selector's unknown function is "Unknown function 'f'"; a term's is FunctionCall.Raw's wording.
      throw new CqlException(CqlErrorClass.InvalidRequest, "Unknown function " + written + " called");
    }
    NativeFunctions.Signature sig = NativeTerms.resolve(f, fn, type);
    checkResult(fn, sig.returns(), type, column);
    Object[] args = new Object[sig.args().size()];
    for (int i = 0; i < args.length; i++) {
      // An UNSET argument was a marker of this argument's type; Cassandra refuses it once the call is bound.
      if (f.args().get(i) instanceof Term.Unset) throw new CqlException(CqlErrorClass.InvalidRequest,
          "Invalid unset value for argument in call to function " + fn);
      args[i] = value(f.args().get(i), sig.args().get(i), column);
    }
    // The receiver reads the result's bytes: an int result is a blob column's four bytes.
    return NativeFunctions.reinterpret(NativeFunctions.call(sig, args, this), sig.returns(), type);
  }

  private static final java.util.Set<String> NATIVE_AGGREGATES = java.util.Set.of("count", "min", "max", "sum", "avg");

  /** FunctionCall.Raw.prepare: the receiver must read the bytes of what the function returns. */
  private static void checkResult(String fn, CqlType returns, CqlType type, String column) {
    if (!NativeTerms.returnFits(returns, type)) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "Type error: cannot assign result of function system."
          + fn + " (type " + returns.name() + ") to " + column + " (type " + type.name() + ")");
    }
  }

  /** token(k...) of the statement's table: its partitioner's token of that partition key, a bigint. */
  private Object token(Term.FunctionCall f, CqlType type, String column) {
    checkResult("token", io.ringsim.schema.types.CqlTypes.BIGINT, type, column);
    long token = ((io.ringsim.ring.LongToken) tokenPartitioner.token(TokenRestriction.keyOf(f, tokenTable, this)))
        .value();
    return NativeFunctions.reinterpret(token, io.ringsim.schema.types.CqlTypes.BIGINT, type);
  }

  /**
   * fromJson('...'): the JSON text, read as the receiving column's type would read it in INSERT JSON. Cassandra runs
   * it as a function, so what it cannot read is a FunctionFailure, not an invalid request.
   */
  private Object fromJson(Term.FunctionCall f, CqlType type, String column) {
    if (f.args().size() != 1) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "Invalid number of arguments in call to function "
          + "system.fromjson: 1 required but " + f.args().size() + " provided");
    }
    Term arg = f.args().get(0);
    String json;
    try {
      json = (String) value(arg, io.ringsim.schema.types.CqlTypes.TEXT, "argument 0");
    } catch (CqlException e) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "Type error: " + TermText.of(arg)
          + " cannot be passed as argument 0 of function system.fromjson of type text");
    }
    if (json == null) return null;
    com.fasterxml.jackson.databind.JsonNode node;
    try {
      node = CqlJson.MAPPER.readTree(json);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new CqlException(CqlErrorClass.FunctionFailure, "execution of 'system.fromjson[text]' failed: Could not"
          + " decode JSON string '" + json + "': " + e.getClass().getName() + ": " + e.getMessage());
    }
    try {
      return CqlJson.read(type, node, column);
    } catch (CqlException e) {
      String m = e.getMessage();
      String prefix = "Error decoding JSON value for " + column + ": ";
      throw new CqlException(CqlErrorClass.FunctionFailure, "org.apache.cassandra.serializers.MarshalException: "
          + (m.startsWith(prefix) ? m.substring(prefix.length()) : m));
    }
  }

  /** Whether two types are the same but for frozen<> (a function's argument and result types are frozen anyway). */
  static boolean sameIgnoringFrozen(CqlType a, CqlType b) {
    return a.name().equals(b.name()) || unfrozen(a.name()).equals(unfrozen(b.name()));
  }

  private static String unfrozen(String typeName) {
    StringBuilder out = new StringBuilder(typeName.length());
    ArrayDeque<Boolean> frozenDepth = new ArrayDeque<>();
    for (int i = 0; i < typeName.length(); i++) {
      char ch = typeName.charAt(i);
      if (typeName.startsWith("frozen<", i)) {
        frozenDepth.push(true);
        i += "frozen<".length() - 1;
      } else if (ch == '<') {
        frozenDepth.push(false);
        out.append(ch);
      } else if (ch == '>') {
        if (!Boolean.TRUE.equals(frozenDepth.poll())) out.append(ch);
      } else {
        out.append(ch);
      }
    }
    return out.toString();
  }

  /** Whether a value of type {@code result} may go where {@code receiver} is expected (Cassandra: value-compatible). */
  static boolean assignable(CqlType result, CqlType receiver) {
    String r = result.name(), to = receiver.name();
    return r.equals(to) || (r.equals("timeuuid") && to.equals("uuid")) || (r.equals("ascii") && to.equals("text"));
  }

  @Override
  public long nowMicros() {
    return clockMicros.getAsLong();
  }

  @Override
  public UUID randomUuid() {
    long hi = (rng.nextLong() & ~0xF000L) | 0x4000L;
    long lo = (rng.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
    return new UUID(hi, lo);
  }

  /** A version-1 UUID for the given time (node and clock sequence from the session's seed). */
  /** Reserves {@code n} list positions before every earlier prepend of the request; returns how many those took. */
  long prependBlock(int n) {
    long before = prepended;
    prepended += n;
    return before;
  }

  public UUID timeUuid(long micros) {
    long ts = micros * 10 + 0x01B21DD213814000L + (uuidSeq++ % 10);
    long hi = ((ts & 0xFFFFFFFFL) << 32) | (((ts >>> 32) & 0xFFFFL) << 16) | 0x1000L | ((ts >>> 48) & 0x0FFFL);
    long lo = 0x8000000000000000L | (rng.nextLong() & 0x3FFFFFFFFFFFFFFFL);
    return new UUID(hi, lo);
  }

  /**
   * The value of {@code m = m + v} for a map column: Cassandra prepares v as a map and words any refusal as one
   * ("Value for a map addition has to be a map"); {@code m = m - v} takes a set of keys.
   */
  Object mapOperand(Term t, MapType type, boolean subtract, String column) {
    try {
      return subtract ? value(t, new SetType(type.key(), false), column) : value(t, type, column);
    } catch (CqlException e) {
      if (e.errorClass() != CqlErrorClass.InvalidRequest) throw e;
      throw new CqlException(CqlErrorClass.InvalidRequest, subtract
          ? "Value for a map substraction has to be a set, but was: '" + TermText.of(t) + "'"
          : "Value for a map addition has to be a map, but was: '" + TermText.of(t) + "'");
    }
  }

  /** Cassandra names the receiving column without quotes for collection and tuple literals. */
  static CqlException invalid(String what, CqlType type, String column) {
    return new CqlException(CqlErrorClass.InvalidRequest, "Invalid " + what + " for " + column + " of type "
        + type.name());
  }

  /** An integer term (LIMIT, TTL, TIMESTAMP). */
  public static long integer(Term t, String what) {
    if (t instanceof Term.Bound b && b.value() instanceof Number n) return n.longValue();
    if (t instanceof Term.Literal l && l.kind() == Term.Kind.INTEGER) {
      try {
        return Long.parseLong(l.text());
      } catch (NumberFormatException e) {
        throw new CqlException(CqlErrorClass.InvalidRequest, "Unable to make long from '" + l.text() + "'");
      }
    }
    throw new CqlException(CqlErrorClass.InvalidRequest, "Invalid " + what + ": expected an integer");
  }

  static boolean isNumeric(Object v) {
    return v instanceof Number || v instanceof BigDecimal || v instanceof BigInteger;
  }
}
