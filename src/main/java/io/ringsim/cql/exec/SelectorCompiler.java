package io.ringsim.cql.exec;

import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Selector;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;

/**
 * Turns one selector of a SELECT clause (a column, a constant, a native function call, a CAST, a collection element
 * or slice, nested as deep as written) into its result column: the name Cassandra gives it, its type, and how it is
 * computed from a row. Aggregates, token(), writetime() and ttl() are Projection's.
 */
final class SelectorCompiler {
  /**
   * A compiled selector; {@code type} and {@code eval} are null for a constant not yet given a type by its use, and
   * for a parenthesized selector ({@code inner} then holds what is in the parentheses), which its use types too,
   * and for a collection, tuple or user-type literal whose type its elements do not tell ({@code pending} then holds
   * it, for LiteralSelectors to build once a hint or a parameter gives the type). A literal a bare name is a key of
   * ({@code {street: s}}) keeps the name as an Expr with nothing else set.
   */
  record Expr(String name, CqlType type, Projection.Column eval, Term constant, Expr inner,
      LiteralSelectors.Pending pending) {
    Expr(String name, CqlType type, Projection.Column eval, Term constant) {
      this(name, type, eval, constant, null, null);
    }

    Expr(String name, CqlType type, Projection.Column eval, Term constant, Expr inner) {
      this(name, type, eval, constant, inner, null);
    }

    /** What is inside any parentheses. */
    Expr unwrapped() {
      return inner == null ? this : inner.unwrapped();
    }
  }

  /**
   * Where an aggregate nested in a selector ({@code count(*) + 1}, {@code toJson(max(v))}) is folded: one of
   * Projection's hidden columns, whose Expr reads the folded value when the result row is made. A column (or
   * writetime, ttl, token) beside such an aggregate is a hidden column too, holding the group's first row's value,
   * as Cassandra's simple selectors do in an aggregate query.
   */
  interface AggregateSlots {
    Expr slot(Selector s);
  }

  private final TableMetadata table;
  private final Values values;
  /** The first column the selection names, as far as it is compiled (Cassandra's collected column definitions). */
  private String firstColumn;
  /** Set while compiling a selector that holds an aggregate; null otherwise. */
  private AggregateSlots slots;

  /** At PREPARE, the type each bind marker of the selection receives by its use, by marker index; else null. */
  private final Map<Integer, CqlType> markers;

  SelectorCompiler(TableMetadata table, Values values) {
    this(table, values, null);
  }

  SelectorCompiler(TableMetadata table, Values values, Map<Integer, CqlType> markers) {
    this.table = table;
    this.values = values;
    this.markers = markers;
  }

  /**
   * The value of a constant of the selection given {@code type} by its use: a marker not bound yet (at PREPARE)
   * records that type as the marker's.
   */
  Object constant(Term constant, CqlType type) {
    if (constant instanceof Term.BindMarker m && markers != null) {
      markers.put(m.index(), type);
      return null;
    }
    return values.value(constant, type, "[selection]");
  }

  /** Compiles {@code s}, which holds an aggregate, folding its aggregates and columns in {@code into}. */
  Expr compileFolded(Selector s, AggregateSlots into) {
    AggregateSlots before = slots;
    slots = into;
    try {
      return compile(s);
    } finally {
      slots = before;
    }
  }

  /** Whether {@code s} holds an aggregate (count(*), count/min/max/sum/avg, a user-defined aggregate) anywhere. */
  boolean holdsAggregate(Selector s) {
    if (s instanceof Selector.CountStar) return true;
    if (s instanceof Selector.Function f) {
      String fn = f.name().toLowerCase(Locale.ROOT);
      if (List.of("count", "min", "max", "sum", "avg").contains(fn)) return true;
      if (NativeFunctions.overloads(fn).isEmpty() && UserFunctionSelectors.namesAggregate(this, f)) return true;
      return f.args().stream().anyMatch(this::holdsAggregate);
    }
    if (s instanceof Selector.Cast c) return holdsAggregate(c.arg());
    if (s instanceof Selector.Element e) return holdsAggregate(e.collection());
    if (s instanceof Selector.Slice sl) return holdsAggregate(sl.collection());
    if (s instanceof Selector.Field f) return holdsAggregate(f.value());
    if (s instanceof Selector.Operation o) return holdsAggregate(o.left()) || holdsAggregate(o.right());
    if (s instanceof Selector.Negation n) return holdsAggregate(n.operand());
    if (s instanceof Selector.Parenthesized p) return holdsAggregate(p.inner());
    if (s instanceof Selector.TypeHint h) return holdsAggregate(h.value());
    if (LiteralSelectors.isLiteral(s)) return LiteralSelectors.parts(s).stream().anyMatch(this::holdsAggregate);
    return false;
  }

  /** A hidden column for {@code s}, compiled as a top-level selector would be (its own arguments row by row). */
  private Expr slot(Selector s) {
    AggregateSlots into = slots;
    slots = null;
    try {
      return into.slot(s);
    } finally {
      slots = into;
    }
  }

  /** Notes a column the selection names, in the order Cassandra collects their definitions. */
  void collected(String column) {
    if (firstColumn == null) firstColumn = column;
  }

  Expr compile(Selector s) {
    if (s instanceof Selector.Column c) collected(Projection.column(table, c.name()).name());
    if (s instanceof Selector.Function f && Projection.ROW_FUNCTIONS.contains(f.name().toLowerCase(Locale.ROOT))) {
      for (Selector a : f.args()) {
        if (a instanceof Selector.Column c) collected(Projection.column(table, c.name()).name());
      }
    }
    if (slots != null && (s instanceof Selector.Column || s instanceof Selector.CountStar)) return slot(s);
    if (s instanceof Selector.Column c) {
      ColumnDef def = Projection.column(table, c.name());
      return new Expr(def.name(), def.type(), (p, r, now) -> RowValues.columnValue(table, p, r, def), null);
    }
    if (s instanceof Selector.CountStar c) throw aggregateInside(c.written());
    if (s instanceof Selector.Constant k) {
      // Cassandra names a selected null by its literal's text, which its lexer gives in upper case.
      boolean isNull = k.value() instanceof Term.Literal l && l.kind() == Term.Kind.NULL;
      return new Expr(isNull ? "NULL" : TermText.of(k.value()), null, null, k.value());
    }
    if (s instanceof Selector.Cast c) return cast(c);
    if (s instanceof Selector.Element e) return element(e);
    if (s instanceof Selector.Slice sl) return slice(sl);
    if (s instanceof Selector.Function f) return function(f);
    if (s instanceof Selector.Field f) return field(f);
    if (s instanceof Selector.Operation o) return ArithmeticSelectors.operation(this, o);
    if (s instanceof Selector.Negation n) return ArithmeticSelectors.negation(this, n);
    if (s instanceof Selector.TypeHint h) return ArithmeticSelectors.typeHint(this, h);
    if (LiteralSelectors.isLiteral(s)) return LiteralSelectors.compile(this, s);
    if (s instanceof Selector.Parenthesized p) {
      Expr in = compile(p.inner());
      return new Expr("(" + in.name() + ")", null, null, null, in);
    }
    throw NativeFunctions.invalid("Cannot use " + s + " here");
  }

  /**
   * An aggregate met outside {@link #compileFolded}: only in an aggregate's own arguments ({@code count(max(v))}), as
   * every other selector holding one is folded.
   */
  private static io.ringsim.cql.CqlException aggregateInside(String aggregate) {
    return NativeFunctions.invalid("aggregate functions cannot be used as arguments of aggregate functions");
  }

  private Expr cast(Selector.Cast c) {
    Expr arg = typed(compile(c.arg()));
    CqlType to = NativeFunctions.castType(c.type());
    // Selectable.WithCast drops a cast to the argument's own type: CAST(c AS int) of an int column is c, named so.
    if (Arithmetic.sameType(arg.type(), to)) return arg;
    // With no castAsType at all it names the first column the selection has collected so far, whichever it is.
    if (NativeFunctions.castsTo(c.type()).isEmpty()) {
      throw NativeFunctions.invalid(firstColumn + " cannot be cast to " + c.type().toLowerCase(Locale.ROOT));
    }
    NativeFunctions.Signature sig = NativeFunctions.cast(arg.type(), c.type());
    Projection.Column a = arg.eval();
    return new Expr("cast(" + arg.name() + " as " + c.type().toLowerCase(Locale.ROOT) + ")", sig.returns(),
        (p, r, now) -> NativeFunctions.call(sig, new Object[] {a.value(p, r, now)}, values), null);
  }

  private Expr function(Selector.Function f) {
    String fn = f.name().toLowerCase(Locale.ROOT);
    if (slots != null && (Projection.SPECIAL.contains(fn)
        || (NativeFunctions.overloads(fn).isEmpty() && UserFunctionSelectors.namesAggregate(this, f)))) {
      return slot(f);
    }
    if (fn.equals("tojson")) return toJson(f);
    if (Projection.ROW_FUNCTIONS.contains(fn)) {
      Expr user = UserFunctionSelectors.userToken(this, f, table);
      return user != null ? user : Projection.rowFunction(table, f, fn);
    }
    if (fn.equals("system.token")) return Projection.rowFunction(table, f, "token");
    if (fn.equals("fromjson")) {
      throw NativeFunctions.invalid("fromJson() cannot be used in the selection clause of a SELECT statement");
    }
    String bare = fn.startsWith("system.") ? fn.substring("system.".length()) : fn; // system.blobasint is blobasint
    List<NativeFunctions.Signature> overloads = NativeFunctions.overloads(bare);
    if (overloads.isEmpty()) {
      Expr user = UserFunctionSelectors.function(this, f);
      if (user != null) return user;
      if (UserFunctionSelectors.aggregate(this, f) != null) throw aggregateInside(f.name() + "(...)");
      if (Projection.SPECIAL.contains(fn)) throw aggregateInside(fn + "(...)");
      throw NativeFunctions.invalid("Unknown function '" + fn + "'");
    }
    List<Expr> args = new ArrayList<>();
    for (Selector a : f.args()) args.add(compile(a));
    if (overloads.size() == 1) {
      // FunctionResolver's one candidate: its arity, then each argument, is checked on its own.
      NativeFunctions.Signature only = overloads.get(0);
      if (only.args().size() != args.size()) {
        throw NativeFunctions.invalid("Invalid number of arguments in call to function system." + bare + ": "
            + only.args().size() + " required but " + args.size() + " provided");
      }
      for (int i = 0; i < args.size(); i++) {
        if (bindOne(args.get(i), only.args().get(i), i, true) == null) {
          throw NativeFunctions.invalid("Type error: " + args.get(i).name() + " cannot be passed as argument " + i
              + " of function system." + bare + " of type " + only.args().get(i).name());
        }
      }
      return call(bare, only, args, bind(only, args, true));
    }
    // An overload whose parameter types the arguments have exactly, else the one they can be assigned to (a bigint
    // for a timestamp parameter), as Cassandra's function resolution prefers an exact match; two such are ambiguous.
    for (NativeFunctions.Signature sig : overloads) {
      List<Projection.Column> evals = bind(sig, args, false);
      if (evals != null) return call(bare, sig, args, evals);
    }
    List<NativeFunctions.Signature> weak = new ArrayList<>();
    for (NativeFunctions.Signature sig : overloads) if (bind(sig, args, true) != null) weak.add(sig);
    if (weak.size() == 1) return call(bare, weak.get(0), args, bind(weak.get(0), args, true));
    if (weak.size() > 1) throw NativeFunctions.ambiguous(bare, weak);
    throw NativeFunctions.noMatch(f.name(), overloads);
  }

  private Expr call(String bare, NativeFunctions.Signature sig, List<Expr> args, List<Projection.Column> evals) {
    List<String> names = args.stream().map(Expr::name).toList();
    return new Expr("system." + bare + "(" + String.join(", ", names) + ")", sig.returns(), (p, r, now) -> {
      Object[] in = new Object[evals.size()];
      for (int i = 0; i < in.length; i++) in[i] = evals.get(i).value(p, r, now);
      return NativeFunctions.call(sig, in, values);
    }, null);
  }

  /** toJson(x): any one typed argument, as the JSON text SELECT JSON would write for it. */
  private Expr toJson(Selector.Function f) {
    if (f.args().size() != 1) {
      throw NativeFunctions.invalid("toJson() only accepts one argument (got " + f.args().size() + ")");
    }
    Expr arg = compile(f.args().get(0));
    if (arg.type() == null) {
      throw NativeFunctions.invalid("Cannot infer type for term " + arg.name() + " in selection clause (try using a "
          + "cast to force a type)");
    }
    CqlType type = arg.type();
    Projection.Column a = arg.eval();
    return new Expr("system.tojson(" + arg.name() + ")", io.ringsim.schema.types.CqlTypes.TEXT,
        (p, r, now) -> CqlJson.write(type, a.value(p, r, now)), null);
  }

  /** As {@link #bind(NativeFunctions.Signature, List, boolean)} for a user-defined function's argument types. */
  List<Projection.Column> bind(List<CqlType> types, List<Expr> args, boolean weak) {
    return bind(new NativeFunctions.Signature("", types, null, null), args, weak);
  }

  /** The argument evaluators when {@code args} fit the signature (constants typed by it), else null. */
  private List<Projection.Column> bind(NativeFunctions.Signature sig, List<Expr> args, boolean weak) {
    if (sig.args().size() != args.size()) return null;
    List<Projection.Column> out = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      Projection.Column c = bindOne(args.get(i), sig.args().get(i), i, weak);
      if (c == null) return null;
      out.add(c);
    }
    return out;
  }

  /**
   * The evaluator of argument {@code i} for a parameter of type {@code want}, else null. Weakly, a typed value goes
   * to a parameter whose type reads its bytes (AbstractType.testAssignment: a bigint to a timestamp, anything to a
   * blob), and is read as that type.
   */
  private Projection.Column bindOne(Expr arg, CqlType want, int i, boolean weak) {
    Expr a = arg.unwrapped();
    if (LiteralSelectors.typedByUse(a, want)) {
      if (!LiteralSelectors.assignable(this, a, want)) return null;
      return LiteralSelectors.as(this, a, want);
    } else if (a.constant() instanceof Term.BindMarker || a.constant() instanceof Term.Bound) {
      Object v = constant(a.constant(), want);
      return (p, r, now) -> v;
    } else if (a.constant() != null) {
      Object v;
      try {
        v = values.value(a.constant(), want, "argument " + i);
      } catch (CqlException e) {
        return null;
      }
      return (p, r, now) -> v;
    } else if (a.type() == null) {
      return null;
    } else if (sameType(a.type(), want) || customAsBlob(a.type(), want)) {
      return a.eval();
    } else if (weak && Arithmetic.compatible(want, a.type())) {
      CqlType from = a.type();
      Projection.Column e = a.eval();
      return (p, r, now) -> NativeFunctions.reinterpret(e.value(p, r, now), from, want);
    }
    return null;
  }

  /** Cassandra's BytesType is value-compatible with anything: a blob parameter takes a custom type's bytes. */
  private static boolean customAsBlob(CqlType have, CqlType want) {
    return have instanceof io.ringsim.schema.types.CustomType && want.name().equals("blob");
  }

  /**
   * Frozen or not, a collection or user type is the same type to a function's argument: Cassandra freezes every
   * function argument (AbstractType.udfType), so {@code f(values set<int>)} takes a {@code frozen<set<int>>} column.
   */
  private static boolean sameType(CqlType have, CqlType want) {
    return Values.sameIgnoringFrozen(have, want);
  }

  Values values() {
    return values;
  }

  /** Whether the table has a column of that name (a bare name in a user-type literal may be a field instead). */
  boolean hasColumn(String name) {
    return table.column(name).isPresent();
  }

  String keyspace() {
    return table.keyspace();
  }

  private Expr typed(Expr e) {
    if (e.type() != null) return e;
    throw NativeFunctions.invalid("Cannot infer type for term " + e.name() + " in selection clause (try using a cast "
        + "to force a type)");
  }

  private Expr element(Selector.Element e) {
    Expr coll = typed(compile(e.collection()));
    CqlType keyType = keyType(coll, "Element");
    Object key = key(e.key(), keyType, coll);
    Projection.Column c = coll.eval();
    String name = coll.name() + "[" + TermText.of(e.key()) + "]";
    if (coll.type() instanceof MapType mt) {
      return new Expr(name, mt.value(), (p, r, now) -> {
        Object m = c.value(p, r, now);
        return m == null || key == null ? null : ((Map<?, ?>) m).get(key);
      }, null);
    }
    return new Expr(name, keyType, (p, r, now) -> {
      Object s = c.value(p, r, now);
      return s == null || key == null || !((Collection<?>) s).contains(key) ? null : key;
    }, null);
  }

  private Expr slice(Selector.Slice sl) {
    Expr coll = typed(compile(sl.collection()));
    CqlType keyType = keyType(coll, "Slice");
    Object from = sl.from() == null ? null : key(sl.from(), keyType, coll);
    Object to = sl.to() == null ? null : key(sl.to(), keyType, coll);
    // A slice whose start is after its end selects nothing, as Cassandra's (rather than an error).
    boolean reversed = from != null && to != null
        && keyType.compare(keyType.serialize(from), keyType.serialize(to)) > 0;
    // A frozen collection is one value: its slice is a value, empty or not. A non-frozen one's slice selects cells,
    // and no cell is a null.
    boolean frozen = coll.type() instanceof MapType mt ? mt.frozen() : ((SetType) coll.type()).frozen();
    Object empty = !frozen ? null : coll.type() instanceof MapType mt
        ? java.util.Collections.unmodifiableNavigableMap(mt.newMap())
        : java.util.Collections.unmodifiableNavigableSet(((SetType) coll.type()).newSet());
    Projection.Column c = coll.eval();
    String name = coll.name() + "[" + (sl.from() == null ? "" : TermText.of(sl.from())) + ".."
        + (sl.to() == null ? "" : TermText.of(sl.to())) + "]";
    return new Expr(name, coll.type(), (p, r, now) -> {
      Object v = c.value(p, r, now);
      if (v == null) return null;
      if (v instanceof NavigableMap<?, ?> m) {
        @SuppressWarnings("unchecked") NavigableMap<Object, Object> om = (NavigableMap<Object, Object>) m;
        if (reversed) return empty;
        NavigableMap<Object, Object> sub = from == null ? (to == null ? om : om.headMap(to, true))
            : to == null ? om.tailMap(from, true) : om.subMap(from, true, to, true);
        return sub.isEmpty() ? empty : sub;
      }
      @SuppressWarnings("unchecked") NavigableSet<Object> os = (NavigableSet<Object>) v;
      if (reversed) return empty;
      NavigableSet<Object> sub = from == null ? (to == null ? os : os.headSet(to, true))
          : to == null ? os.tailSet(from, true) : os.subSet(from, true, to, true);
      return sub.isEmpty() ? empty : sub;
    }, null);
  }

  /** {@code addr.city}: named as Cassandra names it, the field unquoted. */
  private Expr field(Selector.Field f) {
    Expr udt = typed(compile(f.value()));
    if (!(udt.type() instanceof io.ringsim.schema.collection.UserType ut))
      throw NativeFunctions.invalid("Invalid field selection: " + udt.name() + " of type " + udt.type().name()
          + " is not a user type");
    int i = ut.fieldIndex(f.field());
    if (i < 0)
      throw NativeFunctions.invalid(udt.name() + " of type " + ut.name() + " has no field " + f.field());
    Projection.Column c = udt.eval();
    return new Expr(udt.name() + "." + f.field(), ut.fieldTypes().get(i), (p, r, now) -> {
      List<?> v = (List<?>) c.value(p, r, now);
      return v == null || i >= v.size() ? null : v.get(i);
    }, null);
  }

  /** An element's or a slice bound's key; at PREPARE a marker there only learns its type (the key's). */
  private Object key(Term t, CqlType keyType, Expr coll) {
    if (t instanceof Term.BindMarker m && markers != null) {
      markers.put(m.index(), keyType);
      return null;
    }
    if (t instanceof Term.FunctionCall f && markers != null && UserFunctionTerms.typeMarkers(values, f, markers))
      return null;
    return values.value(t, keyType, (coll.type() instanceof SetType ? "value(" : "key(") + coll.name() + ")");
  }

  /** {@code what}: "Element" or "Slice", as Cassandra's message for a list or a non-collection says. */
  private static CqlType keyType(Expr coll, String what) {
    if (coll.type() instanceof MapType mt) return mt.key();
    if (coll.type() instanceof SetType st) return st.element();
    if (coll.type() instanceof ListType)
      throw NativeFunctions.invalid(what + " selection is only allowed on sets and maps, but " + coll.name()
          + " is a list");
    throw NativeFunctions.invalid(what.equals("Element")
        ? "Invalid element selection: " + coll.name() + " is of type " + coll.type().name() + " is not a collection"
        : "Invalid slice selection: " + coll.name() + " of type " + coll.type().name() + " is not a collection");
  }
}
