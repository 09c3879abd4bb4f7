package io.ringsim.cql.parse;

import io.ringsim.cql.ast.Assignment;
import io.ringsim.cql.ast.ColumnSpec;
import io.ringsim.cql.ast.Condition;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Selector;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.cql.parse.CqlGrammarParser.*;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Builds the AST from ANTLR's parse tree. */
final class AstBuilder {
  private AstBuilder() {}

  static Statement statement(StatementContext s) {
    try {
      return build(s);
    } finally {
      LAST_ORDER.remove(); // the numbering is only needed while this statement is built
    }
  }

  private static Statement build(StatementContext s) {
    if (s.createKeyspace() != null) {
      CreateKeyspaceContext c = s.createKeyspace();
      return new Statement.CreateKeyspace(ident(c.ident()), c.K_NOT() != null, keyspaceOptions(c.keyspaceOption()));
    }
    if (s.alterKeyspace() != null) {
      AlterKeyspaceContext c = s.alterKeyspace();
      return new Statement.AlterKeyspace(ident(c.ident()), keyspaceOptions(c.keyspaceOption()));
    }
    if (s.dropKeyspace() != null) {
      return new Statement.DropKeyspace(ident(s.dropKeyspace().ident()), s.dropKeyspace().K_EXISTS() != null);
    }
    if (s.useStatement() != null) return new Statement.Use(ident(s.useStatement().ident()));
    if (s.createTable() != null) return createTable(s.createTable());
    if (s.dropTable() != null) {
      String[] t = table(s.dropTable().tableName());
      return new Statement.DropTable(t[0], t[1], s.dropTable().K_EXISTS() != null);
    }
    if (s.truncateTable() != null) {
      String[] t = table(s.truncateTable().tableName());
      return new Statement.Truncate(t[0], t[1]);
    }
    if (s.alterTable() != null) return alterTable(s.alterTable());
    if (s.createIndex() != null) {
      CreateIndexContext c = s.createIndex();
      String[] t = table(c.tableName());
      IndexTargetContext it = c.indexTarget();
      String kind = it.K_KEYS() != null ? "keys" : it.K_VALUES() != null ? "values" : it.K_ENTRIES() != null
          ? "entries" : it.K_FULL() != null ? "full" : "simple";
      String indexClass = c.indexClass == null ? null
          : ((Term.Literal) constantText(c.indexClass.getText())).text();
      return new Statement.CreateIndex(c.ident() == null ? null : ident(c.ident()), t[0], t[1], ident(it.ident()),
          kind, c.K_NOT() != null, c.K_CUSTOM() != null, indexClass, c.term() == null ? null : term(c.term()));
    }
    if (s.dropIndex() != null) {
      String[] t = table(s.dropIndex().tableName());
      return new Statement.DropIndex(t[0], t[1], s.dropIndex().K_EXISTS() != null);
    }
    if (s.createType() != null) return UserTypeAst.createType(s.createType());
    Statement function = FunctionAst.statement(s);
    if (function != null) return function;
    Statement security = SecurityAst.statement(s);
    if (security != null) return security;
    if (s.alterType() != null) return UserTypeAst.alterType(s.alterType());
    if (s.dropType() != null) {
      String[] t = table(s.dropType().tableName());
      return new Statement.DropType(t[0], t[1], s.dropType().K_EXISTS() != null);
    }
    if (s.describe() != null) return DescribeAst.describe(s.describe());
    if (s.createView() != null) return ViewAst.createView(s.createView());
    if (s.alterView() != null) return ViewAst.alterView(s.alterView());
    if (s.dropView() != null) return ViewAst.dropView(s.dropView());
    if (s.insertStatement() != null) return insert(s.insertStatement());
    if (s.updateStatement() != null) return update(s.updateStatement());
    if (s.deleteStatement() != null) return delete(s.deleteStatement());
    if (s.batchStatement() != null) return batch(s.batchStatement());
    return select(s.selectStatement());
  }

  private static Map<String, Term> keyspaceOptions(List<KeyspaceOptionContext> opts) {
    Map<String, Term> m = new LinkedHashMap<>();
    for (KeyspaceOptionContext o : opts) m.put(ident(o.ident()), term(o.term()));
    return m;
  }

  private static Statement createTable(CreateTableContext c) {
    String[] t = table(c.tableName());
    List<ColumnSpec> cols = new ArrayList<>();
    List<String> pk = new ArrayList<>();
    List<String> ck = new ArrayList<>();
    int pkDefinitions = 0;
    java.util.Set<String> declared = new java.util.HashSet<>();
    for (TableElementContext e : c.tableElement()) {
      if (e instanceof ColumnDefinitionContext cd) {
        boolean primary = cd.K_PRIMARY() != null;
        // Cassandra's parser refuses a repeated column as it reads it, before the keyspace is looked for.
        if (!declared.add(ident(cd.ident()))) throw new io.ringsim.cql.CqlException(
            io.ringsim.cql.CqlErrorClass.InvalidRequest, "Duplicate column '" + ident(cd.ident()) + "' declaration "
            + "for table '" + (t[0] != null ? t[0] + "." : "") + t[1] + "'");
        cols.add(new ColumnSpec(ident(cd.ident()), type(cd.cqlType()), cd.K_STATIC() != null, primary));
        if (primary) {
          pkDefinitions++;
          pk.add(ident(cd.ident()));
        }
      } else if (e instanceof PrimaryKeyDefinitionContext pd) {
        pkDefinitions++;
        for (IdentContext i : pd.partitionKey().ident()) pk.add(ident(i));
        for (IdentContext i : pd.ident()) ck.add(ident(i));
      }
    }
    if (pkDefinitions > 1) throw new IllegalStateException("Multiple PRIMARY KEY specified for table '" + t[1]
        + "' (exactly one required)");
    Map<String, Boolean> order = new LinkedHashMap<>();
    Map<String, Term> options = new LinkedHashMap<>();
    boolean compact = false;
    for (TableOptionContext o : c.tableOption()) {
      if (o instanceof ClusteringOrderOptionContext co) {
        for (ClusteringOrderContext x : co.clusteringOrder()) order.put(ident(x.ident()), x.K_DESC() != null);
      } else if (o instanceof CompactStorageOptionContext) {
        compact = true;
      } else if (o instanceof PropertyOptionContext po) {
        options.put(ident(po.ident()), term(po.term()));
      }
    }
    return new Statement.CreateTable(t[0], t[1], c.K_NOT() != null, cols, pk, ck, order, options, compact);
  }

  private static Statement alterTable(AlterTableContext c) {
    if (c instanceof AlterAddContext a) {
      String[] t = table(a.tableName());
      List<ColumnSpec> cols = new ArrayList<>();
      for (AddColumnContext ac : a.addColumn()) {
        cols.add(new ColumnSpec(ident(ac.ident()), type(ac.cqlType()), ac.K_STATIC() != null, false));
      }
      return new Statement.AlterTableAdd(t[0], t[1], cols, a.tableIf != null, a.columnIf != null);
    }
    if (c instanceof AlterDropContext d) {
      String[] t = table(d.tableName());
      List<String> cols = new ArrayList<>();
      for (IdentContext i : d.ident()) cols.add(ident(i));
      Long at = d.INTEGER() == null ? null : Long.parseLong(d.INTEGER().getText());
      return new Statement.AlterTableDrop(t[0], t[1], cols, at, d.tableIf != null, d.columnIf != null);
    }
    if (c instanceof AlterRenameContext r) {
      String[] t = table(r.tableName());
      Map<String, String> renames = new LinkedHashMap<>();
      for (int i = 0; i + 1 < r.ident().size(); i += 2) renames.put(ident(r.ident(i)), ident(r.ident(i + 1)));
      return new Statement.AlterTableRename(t[0], t[1], r.tableIf != null, renames, r.columnIf != null);
    }
    if (c instanceof AlterColumnTypeContext a) {
      String[] t = table(a.tableName());
      return new Statement.AlterTableType(t[0], t[1], a.tableIf != null);
    }
    // Cassandra 4.1 refuses this form unless cassandra.yaml enables it (drop_compact_storage_enabled: false).
    if (c instanceof AlterDropCompactStorageContext) throw new io.ringsim.cql.CqlException(
        io.ringsim.cql.CqlErrorClass.InvalidRequest, "DROP COMPACT STORAGE is disabled. Enable in cassandra.yaml to use.");
    AlterWithContext w = (AlterWithContext) c;
    String[] t = table(w.tableName());
    Map<String, Term> options = new LinkedHashMap<>();
    for (TableOptionContext o : w.tableOption()) {
      if (o instanceof PropertyOptionContext po) options.put(ident(po.ident()), term(po.term()));
      // ALTER TABLE's grammar has no CLUSTERING ORDER nor COMPACT STORAGE: the parser stops at their second word.
      else if (o instanceof ClusteringOrderOptionContext co) throw CqlParser.noViableAfter(co.K_CLUSTERING().getSymbol(),
          co.K_ORDER().getSymbol());
      else if (o instanceof CompactStorageOptionContext cs) throw CqlParser.noViableAfter(cs.K_COMPACT().getSymbol(),
          cs.K_STORAGE().getSymbol());
    }
    return new Statement.AlterTableWith(t[0], t[1], options, w.tableIf != null);
  }

  private static Statement insert(InsertStatementContext c) {
    String[] t = table(c.tableName());
    ArithmeticAst.checkUsing(c.usingClause(), "EOF");
    Term ttl = null, ts = null;
    if (c.usingClause() != null) {
      for (UsingOptionContext u : c.usingClause().usingOption()) {
        if (u.K_TTL() != null) ttl = term(u.term());
        else ts = term(u.term());
      }
    }
    if (c.K_JSON() != null) {
      return new Statement.Insert(t[0], t[1], List.of(), List.of(), c.K_NOT() != null, ttl, ts, term(c.term(0)),
          c.K_UNSET() != null);
    }
    List<String> cols = new ArrayList<>();
    for (IdentContext i : c.ident()) cols.add(ident(i));
    List<Term> values = new ArrayList<>();
    for (TermContext tc : c.term()) values.add(term(tc));
    return new Statement.Insert(t[0], t[1], cols, values, c.K_NOT() != null, ttl, ts, null, false);
  }

  private static Statement update(UpdateStatementContext c) {
    String[] t = table(c.tableName());
    ArithmeticAst.checkUsing(c.usingClause(), "K_SET");
    Term ttl = null, ts = null;
    if (c.usingClause() != null) {
      for (UsingOptionContext u : c.usingClause().usingOption()) {
        if (u.K_TTL() != null) ttl = term(u.term());
        else ts = term(u.term());
      }
    }
    List<Assignment> as = new ArrayList<>();
    for (AssignmentContext a : c.assignment()) {
      Assignment x = assignment(a);
      // Cassandra's parser refuses a column set whole and also changed in the same statement (RawUpdate.isCompatibleWith).
      for (Assignment before : as) {
        if (before.column().equals(x.column()) && (before instanceof Assignment.Set || x instanceof Assignment.Set))
          throw new io.ringsim.cql.CqlException(io.ringsim.cql.CqlErrorClass.SyntaxError,
              "Multiple incompatible setting of column " + x.column());
      }
      as.add(x);
    }
    boolean ifExists = c.ifClause() != null && c.ifClause().K_EXISTS() != null;
    return new Statement.Update(t[0], t[1], as, where(c.whereClause()), ifExists, conditions(c.ifClause()), ttl, ts);
  }

  private static Assignment assignment(AssignmentContext a) {
    if (a instanceof SetColumnContext s) return new Assignment.Set(ident(s.ident()), term(s.term()));
    if (a instanceof AddToColumnContext s) {
      String col = ident(s.ident(0));
      String other = ident(s.ident(1));
      if (!col.equals(other)) throw recognitionError("Only expressions of the form X = X " + s.getChild(3).getText()
          + "<value> are supported.");
      return new Assignment.Add(col, term(s.term()), s.MINUS() != null);
    }
    if (a instanceof AddIntegerToColumnContext s) {
      String col = ident(s.ident(0));
      String number = s.INTEGER().getText();
      if (!col.equals(ident(s.ident(1)))) throw recognitionError("Only expressions of the form X = X "
          + (number.startsWith("-") ? '-' : '+') + " <value> are supported.");
      return new Assignment.Add(col, new Term.Literal(Term.Kind.INTEGER, number), false);
    }
    if (a instanceof PrependToColumnContext s) {
      String col = ident(s.ident(0));
      if (!col.equals(ident(s.ident(1))))
        throw recognitionError("Only expressions of the form X = <value> + X are supported.");
      return new Assignment.Prepend(col, term(s.term()));
    }
    if (a instanceof ShortAddToColumnContext s) {
      return new Assignment.Add(ident(s.ident()), term(s.term()), s.MINUS_EQ() != null);
    }
    if (a instanceof SetFieldContext f) return new Assignment.SetField(ident(f.ident(0)), ident(f.ident(1)), term(f.term()));
    SetElementContext s = (SetElementContext) a;
    return new Assignment.SetElement(ident(s.ident()), term(s.term(0)), term(s.term(1)));
  }

  /** What Cassandra's parser reports with addRecognitionError: a SyntaxError with no line or snippet. */
  private static io.ringsim.cql.CqlException recognitionError(String message) {
    return new io.ringsim.cql.CqlException(io.ringsim.cql.CqlErrorClass.SyntaxError, message);
  }

  private static List<Condition> conditions(IfClauseContext c) {
    List<Condition> out = new ArrayList<>();
    if (c == null) return out;
    for (ConditionContext cc : c.condition()) {
      if (cc instanceof SimpleConditionContext s) {
        out.add(new Condition.Compare(ident(s.ident()), op(s.operator()), term(s.term())));
      } else if (cc instanceof InConditionContext s) {
        List<Term> vs = new ArrayList<>();
        for (TermContext t : s.term()) vs.add(term(t));
        out.add(new Condition.In(ident(s.ident()), vs));
      } else if (cc instanceof InMarkerConditionContext s) {
        out.add(new Condition.InMarker(ident(s.ident()), marker(s.marker())));
      } else if (cc instanceof ElementConditionContext s) {
        out.add(new Condition.Element(ident(s.ident()), term(s.term(0)), op(s.operator()), term(s.term(1))));
      } else if (cc instanceof ContainsConditionContext s) {
        out.add(new Condition.Contains(ident(s.ident()), s.K_KEY() != null, term(s.term())));
      } else if (cc instanceof ElementInConditionContext s) {
        List<Term> vs = new ArrayList<>();
        for (int i = 1; i < s.term().size(); i++) vs.add(term(s.term(i)));
        out.add(new Condition.ElementIn(ident(s.ident()), term(s.term(0)), vs));
      } else if (cc instanceof FieldConditionContext s) {
        out.add(new Condition.Field(ident(s.ident(0)), ident(s.ident(1)), op(s.operator()), term(s.term())));
      }
    }
    return out;
  }

  private static Statement delete(DeleteStatementContext c) {
    String[] t = table(c.tableName());
    List<Statement.DeleteTarget> targets = new ArrayList<>();
    for (DeleteSelectionContext d : c.deleteSelection()) {
      targets.add(new Statement.DeleteTarget(ident(d.ident(0)), d.term() == null ? null : term(d.term()),
          d.field == null ? null : ident(d.field)));
    }
    boolean ifExists = c.ifClause() != null && c.ifClause().K_EXISTS() != null;
    return new Statement.Delete(t[0], t[1], targets, where(c.whereClause()), ifExists, conditions(c.ifClause()),
        c.term() == null ? null : term(c.term()));
  }

  private static Statement batch(BatchStatementContext c) {
    String type = c.K_UNLOGGED() != null ? "UNLOGGED" : c.K_COUNTER() != null ? "COUNTER" : "LOGGED";
    Term ts = null;
    if (c.usingClause() != null) {
      for (UsingOptionContext u : c.usingClause().usingOption()) {
        if (u.K_TIMESTAMP() != null) ts = term(u.term());
        else throw new io.ringsim.cql.CqlException(io.ringsim.cql.CqlErrorClass.InvalidRequest,
            "Global TTL on the BATCH statement is not supported.");
      }
    }
    List<Statement> children = new ArrayList<>();
    for (BatchChildContext b : c.batchChild()) {
      if (b.insertStatement() != null) children.add(insert(b.insertStatement()));
      else if (b.updateStatement() != null) children.add(update(b.updateStatement()));
      else children.add(delete(b.deleteStatement()));
    }
    return new Statement.Batch(type, ts, children);
  }

  private static Statement select(SelectStatementContext c) {
    String[] t = table(c.tableName());
    List<Selector> sel = new ArrayList<>();
    if (c.selectClause().STAR() == null) {
      for (SelectorContext s : c.selectClause().selector()) {
        Selector x = selector(s.unaliasedSelector());
        sel.add(s.K_AS() != null ? new Selector.Aliased(x, ident(s.ident())) : x);
      }
    }
    List<String> groupBy = new ArrayList<>();
    for (IdentContext i : c.ident()) groupBy.add(ident(i));
    List<Statement.Ordering> order = new ArrayList<>();
    for (OrderingContext o : c.ordering()) order.add(new Statement.Ordering(ident(o.ident()), o.K_DESC() != null));
    Term perPartition = null, limit = null;
    for (TermContext tc : c.term()) ArithmeticAst.checkPlainValue(tc);
    int ti = 0;
    if (c.K_PER() != null) perPartition = term(c.term(ti++));
    if (c.K_LIMIT().size() > (c.K_PER() != null ? 1 : 0)) limit = term(c.term(ti));
    return new Statement.Select(t[0], t[1], c.K_JSON() != null, c.K_DISTINCT() != null, sel,
        c.whereClause() == null ? List.of() : where(c.whereClause()), groupBy, order, perPartition, limit,
        c.K_ALLOW() != null);
  }

  static Selector selector(UnaliasedSelectorContext u) {
    return ArithmeticAst.selector(u);
  }

  static String functionName(FunctionNameContext f) {
    // A keyspace-qualified name (ks.fn) keeps its keyspace before a dot, which no unquoted name contains.
    String ks = f.DOT() != null ? ident(f.ident(0)) + "." : "";
    if (f.K_TOKEN() != null) return ks + "token";
    return ks + ident(f.ident(f.ident().size() - 1));
  }

  static List<Relation> where(WhereClauseContext w) {
    List<Relation> out = new ArrayList<>();
    for (RelationContext r : w.relation()) out.add(relation(r));
    return out;
  }

  static Relation relation(RelationContext r) {
    int line = r.start.getLine(), col = r.start.getCharPositionInLine();
    // Only a materialized view's WHERE clause takes IS NOT NULL (StatementRestrictions).
    if (r instanceof IsNotNullWhereRelationContext n) throw new io.ringsim.cql.CqlException(
        io.ringsim.cql.CqlErrorClass.InvalidRequest, "Unsupported restriction: "
        + io.ringsim.cql.CqlNames.quote(ident(n.ident())) + " IS NOT NULL");
    if (r instanceof SingleRelationContext s) return new Relation.Single(ident(s.ident()), op(s.operator()),
        term(s.term()), line, col);
    if (r instanceof InRelationContext s) {
      List<Term> vs = new ArrayList<>();
      for (TermContext t : s.term()) vs.add(term(t));
      return new Relation.In(ident(s.ident()), vs, line, col);
    }
    if (r instanceof InMarkerRelationContext s) return new Relation.InMarker(ident(s.ident()), marker(s.marker()),
        line, col);
    if (r instanceof MultiColumnMarkerRelationContext s) return new Relation.MultiColumnMarker(
        s.ident().stream().map(AstBuilder::ident).toList(), op(s.operator()), marker(s.marker()), line, col);
    if (r instanceof MultiColumnInMarkerRelationContext s) return new Relation.MultiColumnInMarker(
        s.ident().stream().map(AstBuilder::ident).toList(), marker(s.marker()), line, col);
    if (r instanceof MultiColumnInMarkersRelationContext s) return new Relation.MultiColumnInMarkers(
        s.ident().stream().map(AstBuilder::ident).toList(), s.marker().stream().map(AstBuilder::marker).toList(),
        line, col);
    if (r instanceof ContainsRelationContext s) return new Relation.Contains(ident(s.ident()), s.K_KEY() != null,
        term(s.term()), line, col);
    if (r instanceof ElementRelationContext s) return new Relation.Element(ident(s.ident()), term(s.term(0)),
        op(s.operator()), term(s.term(1)), line, col);
    if (r instanceof LikeRelationContext s) return new Relation.Like(ident(s.ident()), term(s.term()), line, col);
    if (r instanceof TokenRelationContext s) {
      List<String> cols = new ArrayList<>();
      for (IdentContext i : s.ident()) cols.add(ident(i));
      return new Relation.Token(cols, op(s.operator()), term(s.term()), line, col);
    }
    if (r instanceof MultiColumnRelationContext s) {
      List<String> cols = new ArrayList<>();
      for (IdentContext i : s.ident()) cols.add(ident(i));
      List<Term> vs = new ArrayList<>();
      for (TermContext t : s.tupleLiteral().term()) vs.add(term(t));
      return new Relation.MultiColumn(cols, op(s.operator()), vs, line, col);
    }
    MultiColumnInRelationContext s = (MultiColumnInRelationContext) r;
    List<String> cols = new ArrayList<>();
    for (IdentContext i : s.ident()) cols.add(ident(i));
    List<List<Term>> tuples = new ArrayList<>();
    for (TupleLiteralContext tl : s.tupleLiteral()) {
      List<Term> vs = new ArrayList<>();
      for (TermContext t : tl.term()) vs.add(term(t));
      tuples.add(vs);
    }
    return new Relation.MultiColumnIn(cols, tuples, line, col);
  }

  private static Relation.Op op(OperatorContext o) {
    if (o.EQ() != null) return Relation.Op.EQ;
    if (o.LT() != null) return Relation.Op.LT;
    if (o.LTE() != null) return Relation.Op.LTE;
    if (o.GT() != null) return Relation.Op.GT;
    if (o.GTE() != null) return Relation.Op.GTE;
    return Relation.Op.NEQ;
  }

  static Term term(TermContext t) {
    if (t instanceof ConstantTermContext c) return constant(c.constant());
    Term arithmetic = ArithmeticAst.term(t);
    if (arithmetic != null) return arithmetic;
    if (t instanceof ListLiteralContext l) {
      List<Term> e = new ArrayList<>();
      for (TermContext x : l.term()) e.add(term(x));
      return new Term.ListLiteral(e);
    }
    if (t instanceof SetLiteralContext l) {
      List<Term> e = new ArrayList<>();
      for (TermContext x : l.term()) e.add(term(x));
      return new Term.SetLiteral(e);
    }
    if (t instanceof MapLiteralContext m) {
      List<Term> k = new ArrayList<>(), v = new ArrayList<>();
      for (int i = 0; i < m.term().size(); i += 2) {
        k.add(term(m.term(i)));
        v.add(term(m.term(i + 1)));
      }
      return new Term.MapLiteral(k, v);
    }
    if (t instanceof UserTypeLiteralContext u) {
      List<String> names = new ArrayList<>();
      for (IdentContext i : u.ident()) names.add(ident(i));
      List<Term> values = new ArrayList<>();
      for (TermContext x : u.term()) values.add(term(x));
      return new Term.UserTypeLiteral(names, values);
    }
    if (t instanceof TupleTermContext tt) {
      List<Term> e = new ArrayList<>();
      for (TermContext x : tt.tupleLiteral().term()) e.add(term(x));
      // (x) is x, except (null): for a tuple column that is a tuple of nulls, not a null tuple (Cassandra 4.1).
      boolean keep = e.size() > 1 || e.get(0) instanceof Term.Literal l && l.kind() == Term.Kind.NULL;
      return keep ? new Term.TupleLiteral(e) : e.get(0);
    }
    if (t instanceof FunctionTermContext f) {
      List<Term> args = new ArrayList<>();
      for (TermContext x : f.term()) args.add(term(x));
      return new Term.FunctionCall(functionName(f.functionName()).toLowerCase(Locale.ROOT), args);
    }
    return marker(((BindMarkerContext) t).marker());
  }

  /**
   * A marker's index is its rank among the markers of the whole statement in the order they are written (a BATCH
   * counts across its children). The AST is not built in text order (USING before VALUES), so the rank comes from
   * the parse tree, whose pre-order is the text order.
   */
  static Term.BindMarker marker(MarkerContext m) {
    org.antlr.v4.runtime.tree.ParseTree top = m;
    for (org.antlr.v4.runtime.tree.ParseTree p = m; p != null; p = p.getParent()) {
      if (p instanceof StatementContext) top = p;
    }
    MarkerOrder order = LAST_ORDER.get();
    if (order == null || order.statement != top) {
      order = new MarkerOrder(top, new java.util.IdentityHashMap<>());
      List<MarkerContext> all = new ArrayList<>();
      collectMarkers(top, all);
      for (int i = 0; i < all.size(); i++) order.index.put(all.get(i), i);
      LAST_ORDER.set(order);
    }
    return new Term.BindMarker(order.index.get(m), m.ident() == null ? null : ident(m.ident()));
  }

  /** The markers of the statement being built, numbered once (a BATCH may hold thousands of them). */
  private record MarkerOrder(org.antlr.v4.runtime.tree.ParseTree statement, Map<MarkerContext, Integer> index) {}

  private static final ThreadLocal<MarkerOrder> LAST_ORDER = new ThreadLocal<>();

  private static void collectMarkers(org.antlr.v4.runtime.tree.ParseTree t, List<MarkerContext> out) {
    if (t instanceof MarkerContext m) {
      out.add(m);
      return;
    }
    for (int i = 0; i < t.getChildCount(); i++) collectMarkers(t.getChild(i), out);
  }

  /** A STRING token's value: between $$ as written, between quotes with '' unescaped. */
  static Term constantText(String s) {
    if (s.startsWith("$$")) return new Term.Literal(Term.Kind.STRING, s.substring(2, s.length() - 2));
    return new Term.Literal(Term.Kind.STRING, s.substring(1, s.length() - 1).replace("''", "'"));
  }

  static Term constant(ConstantContext c) {
    if (c.STRING() != null) return constantText(c.STRING().getText());
    if (c.INTEGER() != null) return new Term.Literal(Term.Kind.INTEGER, c.INTEGER().getText());
    if (c.FLOAT() != null) {
      String text = c.FLOAT().getText();
      if (Double.isInfinite(Double.parseDouble(text))) throw new FloatLiteralOverflow();
      return new Term.Literal(Term.Kind.FLOAT, text);
    }
    if (c.HEX() != null) return new Term.Literal(Term.Kind.HEX, c.HEX().getText());
    if (c.UUID() != null) return new Term.Literal(Term.Kind.UUID, c.UUID().getText());
    if (c.BOOLEAN() != null) return new Term.Literal(Term.Kind.BOOLEAN, c.BOOLEAN().getText().toLowerCase(Locale.ROOT));
    if (c.K_NULL() != null) return new Term.Literal(Term.Kind.NULL, "null");
    if (c.DURATION() != null) return new Term.Literal(Term.Kind.DURATION, c.DURATION().getText());
    if (c.K_NAN() != null) return new Term.Literal(Term.Kind.NAN, "NaN");
    if (c.NEGATIVE_WORD() != null) {
      boolean nan = c.NEGATIVE_WORD().getText().equalsIgnoreCase("-nan");
      return nan ? new Term.Literal(Term.Kind.NAN, "NaN") : new Term.Literal(Term.Kind.NEG_INFINITY, "-Infinity");
    }
    if (c.MINUS() != null) return new Term.Literal(Term.Kind.NEG_INFINITY, "-Infinity");
    return new Term.Literal(Term.Kind.INFINITY, "Infinity");
  }

  static String type(CqlTypeContext t) {
    return TypeText.of(t);
  }

  static String[] table(TableNameContext t) {
    if (t.ident().size() == 2) return new String[] {ident(t.ident(0)), ident(t.ident(1))};
    return new String[] {null, ident(t.ident(0))};
  }

  /** Unquoted names fold to lower case; "Quoted" names keep their case. */
  static String ident(IdentContext i) {
    if (i.QUOTED_NAME() != null) {
      String s = i.QUOTED_NAME().getText();
      return s.substring(1, s.length() - 1).replace("\"\"", "\"");
    }
    return i.getText().toLowerCase(Locale.ROOT);
  }
}
