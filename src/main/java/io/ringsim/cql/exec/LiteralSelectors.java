package io.ringsim.cql.exec;

import io.ringsim.cql.ast.Selector;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.collection.UserType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.NavigableMap;
import java.util.NavigableSet;

/**
 * Collection, tuple and user-type literals in a selection ({@code [v, k]}, {@code {v, k}}, {@code (v, 'a')},
 * {@code (map<text, int>){'a': v}}, {@code (frozen<addr>){street: s}}), as Cassandra 4.1's Selectable.WithList,
 * WithSet, WithMapOrUdt and BetweenParenthesesOrWithTuple type them: a list or set takes the type of its first
 * element whose type is known, a tuple is known when all its elements are, a map or user-type literal never is; an
 * unknown type comes from a type hint (or a function's parameter), else the selection is refused.
 */
final class LiteralSelectors {
  private LiteralSelectors() {}

  /** A literal whose type its use gives: the literal as written and its elements (or a map's values) compiled. */
  record Pending(Selector literal, List<SelectorCompiler.Expr> keys, List<SelectorCompiler.Expr> elements) {}

  static SelectorCompiler.Expr compile(SelectorCompiler c, Selector s) {
    return compile(c, s, false);
  }

  /** {@code s} compiled but not typed, whatever its elements' types: for a type hint to type it. */
  static SelectorCompiler.Expr compilePending(SelectorCompiler c, Selector s) {
    return compile(c, s, true);
  }

  private static SelectorCompiler.Expr compile(SelectorCompiler c, Selector s, boolean pendingOnly) {
    if (s instanceof Selector.MapOrUdtLiteral m) {
      List<SelectorCompiler.Expr> keys = new ArrayList<>(), values = new ArrayList<>();
      List<String> names = new ArrayList<>();
      for (int i = 0; i < m.keys().size(); i++) {
        keys.add(key(c, m.keys().get(i)));
        values.add(c.compile(m.values().get(i)));
        names.add(keys.get(i).name() + ": " + values.get(i).name());
      }
      return pending("{" + String.join(", ", names) + "}", new Pending(s, keys, values));
    }
    List<Selector> raw = s instanceof Selector.ListLiteral l ? l.elements()
        : s instanceof Selector.SetLiteral st ? st.elements() : ((Selector.TupleLiteral) s).elements();
    List<SelectorCompiler.Expr> elements = new ArrayList<>();
    for (Selector e : raw) elements.add(c.compile(e));
    String inside = String.join(", ", elements.stream().map(SelectorCompiler.Expr::name).toList());
    String name = s instanceof Selector.ListLiteral ? "[" + inside + "]"
        : s instanceof Selector.SetLiteral ? "{" + inside + "}" : "(" + inside + ")";
    Pending p = new Pending(s, List.of(), elements);
    CqlType exact = pendingOnly ? null : exactType(s, elements);
    return exact == null ? pending(name, p) : build(c, name, p, exact);
  }

  private static SelectorCompiler.Expr pending(String name, Pending p) {
    return new SelectorCompiler.Expr(name, null, null, null, null, p);
  }

  /** A map key or a user type's field name: a bare name that is no column stays a name (Cassandra's RawIdentifier). */
  private static SelectorCompiler.Expr key(SelectorCompiler c, Selector k) {
    if (k instanceof Selector.Column col && !c.hasColumn(col.name())) {
      return new SelectorCompiler.Expr(UserType.quoteIfNeeded(col.name()), null, null, null);
    }
    return c.compile(k);
  }

  private static CqlType exactType(Selector s, List<SelectorCompiler.Expr> elements) {
    if (s instanceof Selector.TupleLiteral) {
      List<CqlType> types = new ArrayList<>();
      for (SelectorCompiler.Expr e : elements) {
        if (e.type() == null) return null;
        types.add(e.type());
      }
      return new TupleType(types);
    }
    CqlType first = null;
    for (SelectorCompiler.Expr e : elements) {
      if (e.type() == null) continue;
      if (first == null) first = e.type();
      // Cassandra 4.1 packs such an element's bytes unconverted (a double read as two ints); refused here with
      // the message later Cassandra versions give.
      else if (!sameIgnoringFrozen(e.type(), first) && !Values.assignable(e.type(), first)) {
        throw NativeFunctions.invalid("Invalid collection literal: all selectors must have the same CQL type inside "
            + "collection literals");
      }
    }
    if (first == null) return null;
    return s instanceof Selector.ListLiteral ? new ListType(first, true) : new SetType(first, true);
  }

  /** Whether {@code e} is a literal, or parentheses about to become a one-element tuple, that {@code type} types. */
  static boolean typedByUse(SelectorCompiler.Expr e, CqlType type) {
    return e.pending() != null || e.inner() != null && type instanceof TupleType;
  }

  /** Cassandra's testAssignment: whether {@code e} may be read as {@code receiver}. */
  static boolean assignable(SelectorCompiler c, SelectorCompiler.Expr e, CqlType receiver) {
    if (e.pending() != null) return pendingAssignable(c, e.pending(), receiver);
    if (e.inner() != null) {
      return receiver instanceof TupleType t ? elementsAssignable(c, List.of(e.inner()), t.components())
          : assignable(c, e.inner(), receiver);
    }
    if (e.constant() instanceof Term.Literal l) return ArithmeticTerms.literalFit(l, receiver) != Arithmetic.Fit.NONE;
    if (e.constant() != null) return true;
    // A non-frozen collection column is not a frozen one: (list<int>)l is refused, as in Cassandra.
    return e.type() != null && Values.assignable(e.type(), receiver);
  }

  private static boolean pendingAssignable(SelectorCompiler c, Pending p, CqlType receiver) {
    Selector s = p.literal();
    if (s instanceof Selector.ListLiteral) {
      return receiver instanceof ListType l && elementsAssignable(c, p.elements(), Collections.nCopies(
          p.elements().size(), l.element()));
    }
    if (s instanceof Selector.SetLiteral) {
      if (receiver instanceof MapType) return p.elements().isEmpty();
      return receiver instanceof SetType st && elementsAssignable(c, p.elements(), Collections.nCopies(
          p.elements().size(), st.element()));
    }
    if (s instanceof Selector.TupleLiteral) {
      return receiver instanceof TupleType t && elementsAssignable(c, p.elements(), t.components());
    }
    if (receiver instanceof UserType ut) {
      for (int i = 0; i < p.keys().size(); i++) {
        if (!assignable(c, p.elements().get(i), ut.fieldTypes().get(field(p, i, ut)))) return false;
      }
      return true;
    }
    if (!(receiver instanceof MapType m)) return false;
    for (int i = 0; i < p.keys().size(); i++) {
      SelectorCompiler.Expr k = p.keys().get(i);
      // A bare name that is no column, as a map key: compiled as the column it would have to be, which fails.
      if (k.eval() == null && k.pending() == null && k.constant() == null && k.inner() == null) {
        c.compile(((Selector.MapOrUdtLiteral) s).keys().get(i));
      }
      if (!assignable(c, p.keys().get(i), m.key()) || !assignable(c, p.elements().get(i), m.value())) return false;
    }
    return true;
  }

  private static boolean elementsAssignable(SelectorCompiler c, List<SelectorCompiler.Expr> elements,
      List<CqlType> types) {
    if (elements.size() > types.size()) return false;
    for (int i = 0; i < elements.size(); i++) if (!assignable(c, elements.get(i), types.get(i))) return false;
    return true;
  }

  /** The position in {@code ut} of the i-th key of a user-type literal, which must name one of its fields. */
  private static int field(Pending p, int i, UserType ut) {
    Selector k = ((Selector.MapOrUdtLiteral) p.literal()).keys().get(i);
    if (!(k instanceof Selector.Column col)) {
      throw NativeFunctions.invalid(p.keys().get(i).name() + " is not a valid field identifier of type "
          + ut.cqlName() + " ");
    }
    int at = ut.fieldIndex(col.name());
    if (at < 0) {
      throw NativeFunctions.invalid("Unknown field '" + col.name() + "' in value of user defined type "
          + ut.cqlName());
    }
    return at;
  }

  /** {@code e}'s value read as {@code type}: a literal built as it, a constant parsed as it, a value as it is. */
  static Projection.Column as(SelectorCompiler c, SelectorCompiler.Expr e, CqlType type) {
    if (e.pending() != null) return build(c, e.name(), e.pending(), type).eval();
    if (e.inner() != null) {
      return type instanceof TupleType t ? tuple(c, List.of(e.inner()), t) : as(c, e.inner(), type);
    }
    if (e.constant() != null) {
      Object v = c.constant(e.constant(), type);
      return (p, r, now) -> v;
    }
    return e.eval();
  }

  private static SelectorCompiler.Expr build(SelectorCompiler c, String name, Pending p, CqlType type) {
    return new SelectorCompiler.Expr(name, type, value(c, p, type), null);
  }

  private static Projection.Column value(SelectorCompiler c, Pending p, CqlType type) {
    List<Projection.Column> evals = new ArrayList<>();
    if (type instanceof ListType l) {
      for (SelectorCompiler.Expr e : p.elements()) evals.add(as(c, e, l.element()));
      return (part, r, now) -> {
        List<Object> out = new ArrayList<>(evals.size());
        for (Projection.Column e : evals) out.add(e.value(part, r, now));
        return Collections.unmodifiableList(out);
      };
    }
    if (type instanceof SetType st) {
      if (st.element().name().equals("duration"))
        throw NativeFunctions.invalid("Durations are not allowed inside sets: " + unfrozen(st));
      for (SelectorCompiler.Expr e : p.elements()) evals.add(as(c, e, st.element()));
      return (part, r, now) -> {
        NavigableSet<Object> out = st.newSet();
        for (Projection.Column e : evals) out.add(notNull(e.value(part, r, now)));
        return Collections.unmodifiableNavigableSet(out);
      };
    }
    if (type instanceof MapType m) {
      if (m.key().name().equals("duration"))
        throw NativeFunctions.invalid("Durations are not allowed as map keys: " + unfrozen(m));
      List<Projection.Column> keys = new ArrayList<>();
      for (int i = 0; i < p.keys().size(); i++) {
        keys.add(as(c, p.keys().get(i), m.key()));
        evals.add(as(c, p.elements().get(i), m.value()));
      }
      return (part, r, now) -> {
        NavigableMap<Object, Object> out = m.newMap();
        for (int i = 0; i < keys.size(); i++) {
          out.put(notNull(keys.get(i).value(part, r, now)), evals.get(i).value(part, r, now));
        }
        return Collections.unmodifiableNavigableMap(out);
      };
    }
    if (type instanceof UserType ut) {
      int[] at = new int[p.keys().size()];
      for (int i = 0; i < at.length; i++) {
        at[i] = field(p, i, ut);
        evals.add(as(c, p.elements().get(i), ut.fieldTypes().get(at[i])));
      }
      return (part, r, now) -> {
        List<Object> out = new ArrayList<>(Collections.nCopies(ut.size(), null));
        for (int i = 0; i < at.length; i++) out.set(at[i], evals.get(i).value(part, r, now));
        return Collections.unmodifiableList(out);
      };
    }
    return tuple(c, p.elements(), (TupleType) type);
  }

  private static Projection.Column tuple(SelectorCompiler c, List<SelectorCompiler.Expr> elements, TupleType t) {
    List<Projection.Column> evals = new ArrayList<>();
    for (int i = 0; i < elements.size(); i++) evals.add(as(c, elements.get(i), t.components().get(i)));
    return (part, r, now) -> {
      List<Object> out = new ArrayList<>(Collections.nCopies(t.components().size(), null));
      for (int i = 0; i < evals.size(); i++) out.set(i, evals.get(i).value(part, r, now));
      return Collections.unmodifiableList(out);
    };
  }

  /**
   * A set element or map key that is null (a column without a value): Cassandra 4.1 fails with a ServerError
   * (NullPointerException); refused here as its collection literals refuse a null.
   */
  private static Object notNull(Object v) {
    if (v == null) throw NativeFunctions.invalid("null is not supported inside collections");
    return v;
  }

  private static String unfrozen(CqlType t) {
    String n = t.name();
    return n.startsWith("frozen<") ? n.substring("frozen<".length(), n.length() - 1) : n;
  }

  static boolean sameIgnoringFrozen(CqlType a, CqlType b) {
    return unfrozen(a).equals(unfrozen(b));
  }

  /**
   * A type hint's type ({@code (list<int>)}, {@code (frozen<addr>)}, {@code (addr)}), frozen as Cassandra freezes
   * hinted collections and user types, and the text naming it in the result column: a user type qualified by its
   * keyspace, a collection's arguments separated by ", ".
   */
  record Hint(CqlType type, String text) {}

  static Hint hint(SelectorCompiler c, String written) {
    TypeResolver.Raw raw = TypeResolver.parse(written);
    CqlType type;
    if (raw.args().isEmpty() && !raw.isUserType()) {
      try {
        type = io.ringsim.schema.types.CqlTypes.byName(raw.name());
      } catch (IllegalArgumentException e) {
        throw Arithmetic.invalid("Unknown type " + c.keyspace() + "." + written);
      }
      return new Hint(type, written);
    }
    if (raw.name().equals("set") && raw.args().size() == 1 && raw.args().get(0).name().equals("duration")) {
      throw NativeFunctions.invalid("Durations are not allowed inside sets: set<duration>");
    }
    type = TypeResolver.resolve(raw, c.values().functionCatalog(), c.keyspace(), true);
    return new Hint(type, text(raw, c.keyspace()));
  }

  private static String text(TypeResolver.Raw raw, String ks) {
    if (raw.isUserType()) return raw.name().contains(".") ? raw.name() : ks + "." + raw.name();
    if (raw.args().isEmpty()) return raw.name().toLowerCase(Locale.ROOT);
    List<String> args = new ArrayList<>();
    for (TypeResolver.Raw a : raw.args()) args.add(text(a, ks));
    return raw.name() + "<" + String.join(", ", args) + ">";
  }

  /** A collection, tuple or user type: a hint to it is checked and applied as Cassandra's WithTypeHint does. */
  static boolean composite(CqlType t) {
    return t instanceof ListType || t instanceof SetType || t instanceof MapType || t instanceof TupleType
        || t instanceof UserType;
  }

  /** Whether {@code s} is one of the literals this class compiles. */
  static boolean isLiteral(Selector s) {
    return s instanceof Selector.ListLiteral || s instanceof Selector.SetLiteral
        || s instanceof Selector.MapOrUdtLiteral || s instanceof Selector.TupleLiteral;
  }

  /** The selectors inside a literal, in order (a map's keys and values alternately). */
  static List<Selector> parts(Selector s) {
    if (s instanceof Selector.ListLiteral l) return l.elements();
    if (s instanceof Selector.SetLiteral st) return st.elements();
    if (s instanceof Selector.TupleLiteral t) return t.elements();
    Selector.MapOrUdtLiteral m = (Selector.MapOrUdtLiteral) s;
    List<Selector> out = new ArrayList<>();
    for (int i = 0; i < m.keys().size(); i++) {
      out.add(m.keys().get(i));
      out.add(m.values().get(i));
    }
    return out;
  }
}
