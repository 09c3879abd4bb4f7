package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Assignment;
import io.ringsim.cql.ast.Condition;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.TupleType;
import io.ringsim.schema.collection.UserType;
import io.ringsim.schema.types.CqlTypes;
import java.util.ArrayList;
import java.util.List;

/**
 * What each marker of a statement receives, named as Cassandra 4.1 names its receivers: the column itself for
 * {@code c = ?}; {@code value(l)}, {@code idx(l)}, {@code key(m)}, {@code value(m)} and {@code t[i]} inside
 * collections and tuples (Lists, Maps, Sets and Tuples build these); {@code in(k)} and {@code in(c1,c2)} for a
 * whole IN list, {@code (c1,c2)} for a whole tuple; {@code partition key token}; {@code [ttl]}, {@code [timestamp]},
 * {@code [limit]}, {@code [per_partition_limit]} and {@code [json]}. A named marker {@code :foo} is named foo.
 */
final class MarkerSpecs {
  /**
   * One marker: its variable, and the column it targets when it gives that column's value directly (what Cassandra's
   * VariableSpecifications records for token-aware routing), else null.
   */
  record Spec(BindVariable variable, String targetColumn) {}

  private final Catalog catalog;
  private final String session;
  private final Spec[] specs;
  private TableMetadata table;

  private MarkerSpecs(Catalog catalog, String session, int count) {
    this.catalog = catalog;
    this.session = session;
    this.specs = new Spec[count];
  }

  static List<Spec> of(Statement s, Catalog catalog, String session) {
    // Cassandra's schema statements declare no variables: CREATE MATERIALIZED VIEW prepares and binds nothing, and
    // refuses the markers of its WHERE clause when it runs (ViewOps), in its own words.
    if (s instanceof Statement.CreateView) return List.of();
    MarkerSpecs m = new MarkerSpecs(catalog, session, BindMarkers.count(s));
    m.statement(s);
    List<Spec> out = new ArrayList<>();
    for (int i = 0; i < m.specs.length; i++) {
      if (m.specs[i] == null) throw new IllegalStateException("no receiver found for bind marker " + i);
      out.add(m.specs[i]);
    }
    return out;
  }

  private void statement(Statement s) {
    if (s instanceof Statement.Batch b) {
      table = null;
      special(b.timestamp(), "[timestamp]", CqlTypes.BIGINT);
      for (Statement child : b.statements()) statement(child);
    } else if (s instanceof Statement.Insert i) {
      useTable(i.keyspace(), i.table());
      for (int k = 0; k < Math.min(i.columns().size(), i.values().size()); k++) {
        ColumnDef def = column(i.columns().get(k));
        term(i.values().get(k), def.name(), def.type(), def.name());
      }
      special(i.json(), "[json]", CqlTypes.TEXT);
      special(i.ttl(), "[ttl]", CqlTypes.INT);
      special(i.timestamp(), "[timestamp]", CqlTypes.BIGINT);
    } else if (s instanceof Statement.Update u) {
      useTable(u.keyspace(), u.table());
      special(u.ttl(), "[ttl]", CqlTypes.INT);
      special(u.timestamp(), "[timestamp]", CqlTypes.BIGINT);
      for (Assignment a : u.assignments()) assignment(a);
      for (Relation r : u.where()) relation(r);
      for (Condition c : u.conditions()) condition(c);
    } else if (s instanceof Statement.Delete d) {
      useTable(d.keyspace(), d.table());
      for (Statement.DeleteTarget t : d.targets()) {
        if (t.element() == null) continue;
        ColumnDef def = column(t.column());
        elementKey(t.element(), def);
      }
      special(d.timestamp(), "[timestamp]", CqlTypes.BIGINT);
      for (Relation r : d.where()) relation(r);
      for (Condition c : d.conditions()) condition(c);
    } else if (s instanceof Statement.Select sel) {
      useTable(sel.keyspace(), sel.table());
      selection(sel.selectors());
      for (Relation r : sel.where()) relation(r);
      special(sel.perPartitionLimit(), "[per_partition_limit]", CqlTypes.INT);
      special(sel.limit(), "[limit]", CqlTypes.INT);
    } else if (BindMarkers.count(s) > 0) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "Bind markers are not allowed in this statement");
    }
  }

  /** Markers in the selection ({@code i + (int) ?}) take the type their use gives them, named [selection]. */
  private void selection(List<io.ringsim.cql.ast.Selector> selectors) {
    java.util.Map<Integer, CqlType> types = new java.util.HashMap<>();
    SelectorCompiler compiler = new SelectorCompiler(table, new Values(0, 0).useFunctions(catalog, table.keyspace()),
        types);
    for (io.ringsim.cql.ast.Selector sel : selectors) {
      if (BindMarkers.count(sel) == 0) continue;
      io.ringsim.cql.ast.Selector x = sel instanceof io.ringsim.cql.ast.Selector.Aliased a ? a.selector() : sel;
      SelectorCompiler.Expr e = compiler.compile(x);
      if (e.type() == null) throw new CqlException(CqlErrorClass.InvalidRequest, "Cannot infer type for term "
          + e.name() + " in selection clause (try using a cast to force a type)");
    }
    BindMarkers.forEach(selectors, m -> {
      CqlType type = types.get(m.index());
      if (type != null) put(m, "[selection]", type, null);
    });
  }

  private void useTable(String ks, String name) {
    table = SchemaOps.table(catalog, SchemaOps.keyspaceOf(ks, session), name);
  }

  private ColumnDef column(String name) {
    return table.column(name).orElseThrow(() -> new CqlException(CqlErrorClass.InvalidRequest,
        "Undefined column name " + name + " in table " + table.qualifiedName()));
  }

  private void put(Term.BindMarker m, String name, CqlType type, String target) {
    // A BATCH's own USING TIMESTAMP belongs to no table: Cassandra prepares it for "[batch]"."[batch]".
    String ks = table == null ? "[batch]" : table.keyspace(), tn = table == null ? "[batch]" : table.name();
    specs[m.index()] = new Spec(new BindVariable(ks, tn, m.name() != null ? m.name() : name, type), target);
  }

  private void special(Term t, String name, CqlType type) {
    if (t instanceof Term.BindMarker m) put(m, name, type, null);
  }

  /** A term received by {@code name} of {@code type}; {@code target} is the column when the term is its value. */
  private void term(Term t, String name, CqlType type, String target) {
    if (t instanceof Term.BindMarker m) {
      put(m, name, type, target);
    } else if (t instanceof Term.ListLiteral l) {
      CqlType e = type instanceof ListType lt ? lt.element() : type instanceof SetType st ? st.element() : type;
      for (Term x : l.elements()) term(x, "value(" + name + ")", e, null);
    } else if (t instanceof Term.SetLiteral l) {
      CqlType e = type instanceof SetType st ? st.element() : type instanceof ListType lt ? lt.element() : type;
      for (Term x : l.elements()) term(x, "value(" + name + ")", e, null);
    } else if (t instanceof Term.MapLiteral l && type instanceof MapType mt) {
      for (Term x : l.keys()) term(x, "key(" + name + ")", mt.key(), null);
      for (Term x : l.values()) term(x, "value(" + name + ")", mt.value(), null);
    } else if (t instanceof Term.TupleLiteral l && type instanceof TupleType tt) {
      for (int i = 0; i < l.elements().size() && i < tt.components().size(); i++) {
        term(l.elements().get(i), name + "[" + i + "]", tt.components().get(i), null);
      }
    } else if (t instanceof Term.UserTypeLiteral u && type instanceof UserType ut) {
      // Cassandra's UserTypes.fieldSpecOf: a field's receiver is named column.field.
      for (int i = 0; i < u.fields().size(); i++) {
        int at = ut.fieldIndex(u.fields().get(i));
        if (at >= 0) term(u.values().get(i), name + "." + u.fields().get(i), ut.fieldTypes().get(at), null);
      }
      // A field the type does not have receives nothing: Cassandra refuses the literal while preparing it.
      for (String f : u.fields()) {
        if (ut.fieldIndex(f) < 0) throw new CqlException(CqlErrorClass.InvalidRequest, "Unknown field '" + f
            + "' in value of user defined type " + ut.typeName());
      }
    } else if (t instanceof Term.TypeHint h) {
      term(h.value(), name, type, target); // Cassandra's TypeCast prepares its term for the receiver itself
    } else if (t instanceof Term.Operation || t instanceof Term.Negation) {
      // The operation's parameters receive its operands, named as FunctionResolver.makeArgSpec names them.
      Arithmetic.Fn f = ArithmeticTerms.resolve(t, type);
      List<Term> args = ArithmeticTerms.operands(t);
      term(args.get(0), "arg0(" + f.functionName() + ")", f.left(), null);
      if (!f.unary()) term(args.get(1), "arg1(" + f.functionName() + ")", f.right(), null);
    } else if (t instanceof Term.FunctionCall f && f.castType() != null) {
      // The overload is resolved at PREPARE (an untyped marker makes the call ambiguous); its parameter types it.
      term(f.args().get(0), CastTerms.argName(f), CastTerms.resolve(f, type).args().get(0), null);
    } else if (t instanceof Term.FunctionCall f) {
      FunctionReceivers.refuseToJson(f);
      // Cassandra resolves an unqualified function name in the keyspace of the statement's table.
      io.ringsim.schema.UserFunction user = UserFunctionTerms.soleOverload(catalog,
          table != null ? table.keyspace() : session, f);
      if (user != null) {
        // Its parameters receive the arguments, named as FunctionResolver.makeArgSpec names them.
        String fn = (user.keyspace() + "." + user.name()).toLowerCase(java.util.Locale.ROOT);
        for (int i = 0; i < f.args().size(); i++) term(f.args().get(i), "arg" + i + "(" + fn + ")",
            user.argTypes().get(i), null);
        return;
      }
      String written = f.name().toLowerCase(java.util.Locale.ROOT);
      if ((written.equals("fromjson") || written.equals("system.fromjson")) && f.args().size() == 1) {
        // Cassandra's FromJsonFct takes one text argument, whatever the column it is read into.
        term(f.args().get(0), "arg0(system.fromjson)", CqlTypes.TEXT, null);
        return;
      }
      String fn = NativeTerms.bare(f.name());
      if (!fn.equals("token") && !NativeFunctions.overloads(fn).isEmpty()) {
        // The overload Cassandra resolves when it prepares the call (an ambiguous one refused now) types its markers,
        // named as FunctionResolver.makeArgSpec names them (a driver then routes by no partition key column).
        NativeFunctions.Signature sig = NativeTerms.resolve(f, fn, type);
        for (int i = 0; i < f.args().size(); i++) term(f.args().get(i), "arg" + i + "(system." + fn + ")",
            sig.args().get(i), null);
        return;
      }
      // A marker given to any other function still needs a receiver.
      for (Term x : f.args()) term(x, name, CqlTypes.BLOB, null);
    }
  }

  private void assignment(Assignment a) {
    ColumnDef def = column(a.column());
    CqlType type = def.type();
    if (a instanceof Assignment.Set s) {
      term(s.value(), def.name(), type, def.name());
    } else if (a instanceof Assignment.Add add) {
      // Removing keys from a map takes a set of keys (Cassandra's Maps.Subtracter receiver).
      CqlType received = add.subtract() && type instanceof MapType mt ? new SetType(mt.key(), false) : type;
      term(add.value(), def.name(), received, def.name());
    } else if (a instanceof Assignment.Prepend p) {
      term(p.value(), def.name(), type, def.name());
    } else if (a instanceof Assignment.SetField f) {
      field(f.value(), def, f.field());
    } else if (a instanceof Assignment.SetElement e) {
      elementKey(e.key(), def);
      CqlType value = type instanceof ListType lt ? lt.element() : type instanceof MapType mt ? mt.value() : type;
      term(e.value(), "value(" + def.name() + ")", value, null);
    }
  }

  /** The value of c.f = v or IF c.f = v, received by column.field. */
  private void field(Term value, ColumnDef def, String field) {
    int at = def.type() instanceof UserType ut ? ut.fieldIndex(field) : -1;
    CqlType type = at >= 0 ? ((UserType) def.type()).fieldTypes().get(at) : def.type();
    term(value, def.name() + "." + field, type, null);
  }

  /** The key of m[k] or the index of l[i]. */
  private void elementKey(Term key, ColumnDef def) {
    CqlType type = def.type();
    if (type instanceof ListType) term(key, "idx(" + def.name() + ")", CqlTypes.INT, null);
    else if (type instanceof MapType mt) term(key, "key(" + def.name() + ")", mt.key(), null);
    else if (type instanceof SetType st) term(key, "value(" + def.name() + ")", st.element(), null);
    else term(key, def.name(), type, null);
  }

  private void relation(Relation r) {
    if (r instanceof Relation.Single s) {
      ColumnDef def = column(s.column());
      term(s.value(), def.name(), def.type(), def.name());
    } else if (r instanceof Relation.In in) {
      ColumnDef def = column(in.column());
      for (Term t : in.values()) term(t, def.name(), def.type(), def.name());
    } else if (r instanceof Relation.InMarker in) {
      ColumnDef def = column(in.column());
      put(in.marker(), "in(" + def.name() + ")", new ListType(def.type(), false), null);
    } else if (r instanceof Relation.Contains c) {
      ColumnDef def = column(c.column());
      CqlType type = def.type();
      if (c.key() && type instanceof MapType mt) term(c.value(), "key(" + def.name() + ")", mt.key(), null);
      else if (type instanceof MapType mt) term(c.value(), "value(" + def.name() + ")", mt.value(), null);
      else if (type instanceof ListType lt) term(c.value(), "value(" + def.name() + ")", lt.element(), null);
      else if (type instanceof SetType st) term(c.value(), "value(" + def.name() + ")", st.element(), null);
      else term(c.value(), def.name(), type, null);
    } else if (r instanceof Relation.Element e) {
      ColumnDef def = column(e.column());
      if (def.type() instanceof MapType mt) {
        term(e.key(), "key(" + def.name() + ")", mt.key(), null);
        term(e.value(), "value(" + def.name() + ")", mt.value(), null);
      } else {
        elementKey(e.key(), def);
        term(e.value(), def.name(), def.type(), null);
      }
    } else if (r instanceof Relation.Like l) {
      ColumnDef def = column(l.column());
      term(l.pattern(), def.name(), def.type(), null);
    } else if (r instanceof Relation.Token tk && tk.value() instanceof Term.FunctionCall f
        && f.name().equalsIgnoreCase("token") && f.args().size() == table.partitionKey().size()) {
      // token(?, ?) takes the partition key's types, named as Cassandra's FunctionResolver.makeArgSpec names them.
      for (int i = 0; i < f.args().size(); i++) {
        term(f.args().get(i), "arg" + i + "(system.token)", table.partitionKey().get(i).type(), null);
      }
    } else if (r instanceof Relation.Token tk) {
      term(tk.value(), "partition key token", CqlTypes.BIGINT, null);
    } else if (r instanceof Relation.MultiColumn mc) {
      MultiColumnWhere.checkTupleSize(mc.columns().size(), mc.values());
      for (int i = 0; i < mc.values().size() && i < mc.columns().size(); i++) {
        ColumnDef def = column(mc.columns().get(i));
        term(mc.values().get(i), def.name(), def.type(), def.name());
      }
    } else if (r instanceof Relation.MultiColumnIn mi) {
      for (List<Term> tuple : mi.tuples()) {
        MultiColumnWhere.checkTupleSize(mi.columns().size(), tuple);
        for (int i = 0; i < tuple.size() && i < mi.columns().size(); i++) {
          ColumnDef def = column(mi.columns().get(i));
          term(tuple.get(i), def.name(), def.type(), def.name());
        }
      }
    } else if (r instanceof Relation.MultiColumnMarker mc) {
      put(mc.marker(), "(" + String.join(",", mc.columns()) + ")", tupleOf(mc.columns()), null);
    } else if (r instanceof Relation.MultiColumnInMarkers mi) {
      for (Term.BindMarker m : mi.markers()) put(m, "(" + String.join(",", mi.columns()) + ")", tupleOf(mi.columns()),
          null);
    } else if (r instanceof Relation.MultiColumnInMarker mi) {
      put(mi.marker(), "in(" + String.join(",", mi.columns()) + ")", new ListType(tupleOf(mi.columns()), false),
          null);
    }
  }

  private TupleType tupleOf(List<String> columns) {
    List<CqlType> types = new ArrayList<>();
    for (String c : columns) types.add(column(c).type());
    return new TupleType(types);
  }

  private void condition(Condition c) {
    ColumnDef def = column(c.column());
    if (c instanceof Condition.Compare cmp) {
      term(cmp.value(), def.name(), def.type(), def.name());
    } else if (c instanceof Condition.In in) {
      for (Term t : in.values()) term(t, def.name(), def.type(), def.name());
    } else if (c instanceof Condition.InMarker in) {
      put(in.marker(), "in(" + def.name() + ")", new ListType(def.type(), false), null);
    } else if (c instanceof Condition.Field f) {
      field(f.value(), def, f.field());
    } else if (c instanceof Condition.FieldIn f) {
      for (Term t : f.values()) field(t, def, f.field());
    } else if (c instanceof Condition.FieldInMarker f) {
      // Cassandra's IN marker receiver over the field's own receiver: in(column.field), a list of the field's type.
      int at = def.type() instanceof UserType ut ? ut.fieldIndex(f.field()) : -1;
      CqlType type = at >= 0 ? ((UserType) def.type()).fieldTypes().get(at) : def.type();
      put(f.marker(), "in(" + def.name() + "." + f.field() + ")", new ListType(type, false), null);
    } else if (c instanceof Condition.Element e) {
      elementKey(e.key(), def);
      CqlType type = def.type();
      CqlType value = type instanceof ListType lt ? lt.element() : type instanceof MapType mt ? mt.value() : type;
      term(e.value(), "value(" + def.name() + ")", value, null);
    } else if (c instanceof Condition.Contains x) {
      CqlType type = def.type();
      CqlType value = type instanceof ListType lt ? lt.element()
          : type instanceof io.ringsim.schema.collection.SetType st ? st.element()
          : type instanceof MapType mt ? (x.key() ? mt.key() : mt.value()) : type;
      term(x.value(), def.name(), value, null);
    } else if (c instanceof Condition.ElementIn e) {
      elementKey(e.key(), def);
      CqlType type = def.type();
      CqlType value = type instanceof ListType lt ? lt.element() : type instanceof MapType mt ? mt.value() : type;
      for (Term t : e.values()) term(t, "value(" + def.name() + ")", value, null);
    }
  }
}
