package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Assignment;
import io.ringsim.cql.ast.Condition;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Selector;
import io.ringsim.cql.ast.Term;
import java.util.ArrayList;
import java.util.List;

/**
 * Puts bound values in place of a statement's markers, so that the planners see what they would see for the same
 * statement written with literals. Where UNSET means "not given" (TTL, TIMESTAMP, LIMIT, a SET item, an INSERT
 * value), the binder leaves the item out; elsewhere it leaves a {@link Term.Unset} that the planners refuse with
 * Cassandra's message for that position.
 */
final class StatementBinder {
  private final List<Object> values;

  StatementBinder(List<Object> values) {
    this.values = values;
  }

  private Object valueOf(Term.BindMarker m) {
    return values.get(m.index());
  }

  private boolean isUnset(Term t) {
    return t instanceof Term.BindMarker m && valueOf(m) == Prepared.UNSET;
  }

  Statement statement(Statement s) {
    if (s instanceof Statement.Batch b) {
      List<Statement> children = new ArrayList<>();
      for (Statement c : b.statements()) children.add(statement(c));
      return new Statement.Batch(b.type(), timestamp(b.timestamp()), children);
    }
    if (s instanceof Statement.Insert i) {
      // An UNSET value stays in the statement: only the planner knows whether its column is part of the key.
      return new Statement.Insert(i.keyspace(), i.table(), i.columns(), terms(i.values()), i.ifNotExists(),
          ttl(i.ttl()), timestamp(i.timestamp()), i.json() == null ? null : term(i.json()), i.defaultUnset());
    }
    if (s instanceof Statement.Update u) {
      List<Assignment> kept = new ArrayList<>();
      for (Assignment a : u.assignments()) {
        Assignment bound = assignment(a);
        if (bound != null) kept.add(bound);
      }
      return new Statement.Update(u.keyspace(), u.table(), kept, relations(u.where()), u.ifExists(),
          conditions(u.conditions()), ttl(u.ttl()), timestamp(u.timestamp()));
    }
    if (s instanceof Statement.Delete d) {
      List<Statement.DeleteTarget> targets = new ArrayList<>();
      for (Statement.DeleteTarget t : d.targets()) {
        targets.add(new Statement.DeleteTarget(t.column(), t.element() == null ? null : term(t.element()), t.field()));
      }
      return new Statement.Delete(d.keyspace(), d.table(), targets, relations(d.where()), d.ifExists(),
          conditions(d.conditions()), timestamp(d.timestamp()));
    }
    if (s instanceof Statement.Select sel) {
      return new Statement.Select(sel.keyspace(), sel.table(), sel.json(), sel.distinct(), selectors(sel.selectors()),
          relations(sel.where()), sel.groupBy(), sel.orderBy(), limit(sel.perPartitionLimit()),
          limit(sel.limit()), sel.allowFiltering());
    }
    return s;
  }

  Term term(Term t) {
    if (t instanceof Term.BindMarker m) {
      Object v = valueOf(m);
      return v == Prepared.UNSET ? new Term.Unset() : new Term.Bound(v);
    }
    // As in Cassandra's Lists/Sets/Maps.DelayedValue, an UNSET element makes the whole collection UNSET.
    if (t instanceof Term.ListLiteral l) return unsetIfAny(new Term.ListLiteral(terms(l.elements())), l.elements());
    if (t instanceof Term.SetLiteral l) return unsetIfAny(new Term.SetLiteral(terms(l.elements())), l.elements());
    if (t instanceof Term.MapLiteral l) {
      List<Term> all = new ArrayList<>(l.keys());
      all.addAll(l.values());
      return unsetIfAny(new Term.MapLiteral(terms(l.keys()), terms(l.values())), all);
    }
    if (t instanceof Term.TupleLiteral l) return new Term.TupleLiteral(terms(l.elements()));
    if (t instanceof Term.UserTypeLiteral u) return new Term.UserTypeLiteral(u.fields(), terms(u.values()));
    if (t instanceof Term.FunctionCall f) return new Term.FunctionCall(f.name(), terms(f.args()));
    if (t instanceof Term.Operation o) return new Term.Operation(o.op(), term(o.left()), term(o.right()));
    if (t instanceof Term.Negation n) return new Term.Negation(term(n.operand()));
    if (t instanceof Term.TypeHint h) return new Term.TypeHint(h.type(), term(h.value()));
    return t;
  }

  /** The selection with its markers bound ({@code i + (int) ?}). */
  private List<Selector> selectors(List<Selector> ss) {
    if (BindMarkers.count(ss) == 0) return ss;
    List<Selector> out = new ArrayList<>();
    for (Selector s : ss) out.add(selector(s));
    return out;
  }

  private Selector selector(Selector s) {
    if (s instanceof Selector.Constant c) return new Selector.Constant(term(c.value()));
    if (s instanceof Selector.Aliased a) return new Selector.Aliased(selector(a.selector()), a.alias());
    if (s instanceof Selector.Operation o) return new Selector.Operation(o.op(), selector(o.left()), selector(o.right()));
    if (s instanceof Selector.Negation n) return new Selector.Negation(selector(n.operand()));
    if (s instanceof Selector.Parenthesized p) return new Selector.Parenthesized(selector(p.inner()));
    if (s instanceof Selector.TypeHint h) return new Selector.TypeHint(h.type(), selector(h.value()));
    if (s instanceof Selector.Cast c) return new Selector.Cast(selector(c.arg()), c.type());
    if (s instanceof Selector.Function f) return new Selector.Function(f.name(), selectors(f.args()));
    if (s instanceof Selector.Element e) return new Selector.Element(selector(e.collection()), term(e.key()));
    if (s instanceof Selector.Slice sl) {
      return new Selector.Slice(selector(sl.collection()), sl.from() == null ? null : term(sl.from()),
          sl.to() == null ? null : term(sl.to()));
    }
    if (s instanceof Selector.Field f) return new Selector.Field(selector(f.value()), f.field());
    if (s instanceof Selector.ListLiteral l) return new Selector.ListLiteral(selectors(l.elements()));
    if (s instanceof Selector.SetLiteral st) return new Selector.SetLiteral(selectors(st.elements()));
    if (s instanceof Selector.TupleLiteral tl) return new Selector.TupleLiteral(selectors(tl.elements()));
    if (s instanceof Selector.MapOrUdtLiteral m) {
      return new Selector.MapOrUdtLiteral(selectors(m.keys()), selectors(m.values()));
    }
    return s;
  }

  private Term unsetIfAny(Term bound, List<Term> elements) {
    for (Term e : elements) if (isUnset(e)) return new Term.Unset();
    return bound;
  }

  private List<Term> terms(List<Term> ts) {
    List<Term> out = new ArrayList<>();
    for (Term t : ts) out.add(term(t));
    return out;
  }

  /** Cassandra's Attributes: an UNSET TTL is no TTL clause (the table default applies); a null TTL is 0. */
  private Term ttl(Term t) {
    if (t == null || isUnset(t)) return null;
    Term b = term(t);
    if (b instanceof Term.Bound bound && bound.value() == null) return new Term.Literal(Term.Kind.INTEGER, "0");
    return b;
  }

  /** An UNSET timestamp is none given (the coordinator's clock); a null one is refused. */
  private Term timestamp(Term t) {
    if (t == null || isUnset(t)) return null;
    Term b = term(t);
    if (b instanceof Term.Bound bound && bound.value() == null) throw invalid("Invalid null value of timestamp");
    return b;
  }

  /** An UNSET LIMIT (or PER PARTITION LIMIT) is no limit; a null one is refused, with the same words for both. */
  private Term limit(Term t) {
    if (t == null || isUnset(t)) return null;
    Term b = term(t);
    if (b instanceof Term.Bound bound && bound.value() == null) throw invalid("Invalid null value of limit");
    return b;
  }

  /** The assignment with values bound, or null when UNSET leaves the column untouched. */
  private Assignment assignment(Assignment a) {
    if (a instanceof Assignment.Set s) {
      Term v = term(s.value());
      return v instanceof Term.Unset ? null : new Assignment.Set(s.column(), v);
    }
    if (a instanceof Assignment.Add add) {
      Term v = term(add.value());
      return v instanceof Term.Unset ? null : new Assignment.Add(add.column(), v, add.subtract());
    }
    if (a instanceof Assignment.Prepend p) {
      Term v = term(p.value());
      return v instanceof Term.Unset ? null : new Assignment.Prepend(p.column(), v);
    }
    if (a instanceof Assignment.SetField f) {
      Term v = term(f.value());
      return v instanceof Term.Unset ? null : new Assignment.SetField(f.column(), f.field(), v);
    }
    Assignment.SetElement e = (Assignment.SetElement) a;
    // An UNSET key is left for the planner, which refuses it; an UNSET value leaves the element alone.
    Term v = term(e.value());
    return v instanceof Term.Unset ? null : new Assignment.SetElement(e.column(), term(e.key()), v);
  }

  private List<Relation> relations(List<Relation> where) {
    List<Relation> out = new ArrayList<>();
    for (Relation r : where) out.add(relation(r));
    return out;
  }

  private Relation relation(Relation r) {
    if (r instanceof Relation.Single s) return new Relation.Single(s.column(), s.op(), tupleSet(term(s.value())),
        s.line(), s.col());
    if (r instanceof Relation.In in) return new Relation.In(in.column(), terms(in.values()), in.line(), in.col());
    if (r instanceof Relation.InMarker in) {
      return new Relation.In(in.column(), listOf(in.marker(), in.column()), in.line(), in.col());
    }
    if (r instanceof Relation.Contains c) return new Relation.Contains(c.column(), c.key(), term(c.value()), c.line(),
        c.col());
    if (r instanceof Relation.Element e) return new Relation.Element(e.column(), term(e.key()), e.op(),
        term(e.value()), e.line(), e.col());
    if (r instanceof Relation.Token tk) return new Relation.Token(tk.columns(), tk.op(), term(tk.value()), tk.line(),
        tk.col());
    if (r instanceof Relation.MultiColumn mc) return new Relation.MultiColumn(mc.columns(), mc.op(),
        terms(mc.values()), mc.line(), mc.col());
    if (r instanceof Relation.MultiColumnIn mi) {
      List<List<Term>> tuples = new ArrayList<>();
      for (List<Term> t : mi.tuples()) tuples.add(terms(t));
      return new Relation.MultiColumnIn(mi.columns(), tuples, mi.line(), mi.col());
    }
    if (r instanceof Relation.MultiColumnMarker mc) {
      String tuple = "(" + String.join(",", mc.columns()) + ")";
      return new Relation.MultiColumn(mc.columns(), mc.op(), elements(mc.marker(), tuple), mc.line(), mc.col());
    }
    if (r instanceof Relation.MultiColumnInMarker mi) {
      String tuple = "(" + String.join(",", mi.columns()) + ")";
      List<List<Term>> tuples = new ArrayList<>();
      if (valueOf(mi.marker()) == Prepared.UNSET) throw invalid("Invalid unset value for in" + tuple);
      for (Term t : listOf(mi.marker(), tuple)) {
        Object v = ((Term.Bound) t).value();
        if (!(v instanceof List<?> components)) throw invalid("Invalid null value for column " + tuple);
        List<Term> ts = new ArrayList<>();
        for (Object c : components) ts.add(new Term.Bound(c));
        tuples.add(ts);
      }
      return new Relation.MultiColumnIn(mi.columns(), tuples, mi.line(), mi.col());
    }
    if (r instanceof Relation.MultiColumnInMarkers mi) {
      String tuple = "(" + String.join(",", mi.columns()) + ")";
      List<List<Term>> tuples = new ArrayList<>();
      for (Term.BindMarker m : mi.markers()) tuples.add(elements(m, tuple));
      return new Relation.MultiColumnIn(mi.columns(), tuples, mi.line(), mi.col());
    }
    Relation.Like l = (Relation.Like) r;
    return new Relation.Like(l.column(), term(l.pattern()), l.line(), l.col());
  }

  /**
   * A tuple literal compared with a column, checked for UNSET components as soon as it is bound (Cassandra's
   * Tuples.DelayedValue), before any other restriction of the statement is looked at.
   */
  private static Term tupleSet(Term t) {
    if (t instanceof Term.TupleLiteral tl) {
      for (int i = 0; i < tl.elements().size(); i++)
        if (tl.elements().get(i) instanceof Term.Unset) throw invalid("Invalid unset value for tuple field number " + i);
    }
    return t;
  }

  /** The elements of a list bound to one marker (k IN ?), each as a bound term. */
  private List<Term> listOf(Term.BindMarker m, String column) {
    Object v = valueOf(m);
    if (v == Prepared.UNSET) throw invalid("Invalid unset value for column " + column);
    if (v == null) throw invalid("Invalid null value for column " + column);
    List<Term> out = new ArrayList<>();
    for (Object e : (List<?>) v) out.add(new Term.Bound(e));
    return out;
  }

  /** The components of a tuple bound to one marker ((c1, c2) > ?), each as a bound term. */
  private List<Term> elements(Term.BindMarker m, String columns) {
    Object v = valueOf(m);
    if (v == Prepared.UNSET) throw invalid("Invalid unset value for tuple " + columns);
    if (v == null) throw invalid("Invalid null value in condition for column " + columns);
    List<Term> out = new ArrayList<>();
    for (Object e : (List<?>) v) out.add(new Term.Bound(e));
    return out;
  }

  private List<Condition> conditions(List<Condition> cs) {
    List<Condition> out = new ArrayList<>();
    // Cassandra's ColumnCondition: UNSET has no meaning in a condition, except as an element of an IN list, where
    // it is left out of the list.
    for (Condition c : cs) {
      if (c instanceof Condition.Compare cmp) {
        out.add(new Condition.Compare(cmp.column(), cmp.op(), conditionValue(cmp.value())));
      } else if (c instanceof Condition.In in) {
        List<Term> kept = new ArrayList<>();
        for (Term t : in.values()) if (!isUnset(t)) kept.add(term(t));
        out.add(new Condition.In(in.column(), kept));
      } else if (c instanceof Condition.InMarker in) {
        Object v = valueOf(in.marker());
        if (v == Prepared.UNSET) throw invalid("Invalid 'unset' value in condition");
        if (v == null) throw invalid("Invalid null list in IN condition");
        out.add(new Condition.In(in.column(), listOf(in.marker(), in.column())));
      } else if (c instanceof Condition.Element e) {
        out.add(new Condition.Element(e.column(), conditionValue(e.key()), e.op(), conditionValue(e.value())));
      } else if (c instanceof Condition.Contains x) {
        out.add(new Condition.Contains(x.column(), x.key(), conditionValue(x.value())));
      } else if (c instanceof Condition.ElementIn e) {
        List<Term> kept = new ArrayList<>();
        for (Term t : e.values()) if (!isUnset(t)) kept.add(term(t));
        out.add(new Condition.ElementIn(e.column(), conditionValue(e.key()), kept));
      } else if (c instanceof Condition.Field f) {
        out.add(new Condition.Field(f.column(), f.field(), f.op(), conditionValue(f.value())));
      } else if (c instanceof Condition.FieldIn f) {
        List<Term> kept = new ArrayList<>();
        for (Term t : f.values()) if (!isUnset(t)) kept.add(term(t));
        out.add(new Condition.FieldIn(f.column(), f.field(), kept));
      } else if (c instanceof Condition.FieldInMarker f) {
        Object v = valueOf(f.marker());
        if (v == Prepared.UNSET) throw invalid("Invalid 'unset' value in condition");
        if (v == null) throw invalid("Invalid null list in IN condition");
        out.add(new Condition.FieldIn(f.column(), f.field(), listOf(f.marker(), f.column() + "." + f.field())));
      }
    }
    return out;
  }

  private Term conditionValue(Term t) {
    if (isUnset(t)) throw invalid("Invalid 'unset' value in condition");
    return term(t);
  }

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }
}
