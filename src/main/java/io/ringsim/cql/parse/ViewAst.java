package io.ringsim.cql.parse;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;

import io.ringsim.cql.CqlNames;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.cql.parse.CqlGrammarParser.*;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.misc.Interval;

/** CREATE, ALTER and DROP MATERIALIZED VIEW as {@link Statement}s. */
final class ViewAst {
  private ViewAst() {}

  static Statement createView(CreateViewContext c) {
    QualifiedName view = QualifiedName.of(c.tableName(0));
    QualifiedName base = QualifiedName.of(c.tableName(1));
    List<String> columns = new ArrayList<>();
    String problem = null;
    SelectClauseContext sc = c.selectClause();
    if (sc.STAR() == null) {
      for (SelectorContext sel : sc.selector()) {
        if (sel.K_AS() != null) {
          if (problem == null) problem = "Cannot use aliases when defining a materialized view (got " + text(sel)
              + ")";
        } else if (sel.unaliasedSelector() instanceof AtomSelectorContext a
            && a.selectorAtom() instanceof ColumnSelectorContext col) {
          columns.add(AstBuilder.ident(col.ident()));
        } else if (problem == null) {
          problem = "Can only select columns by name when defining a materialized view (got " + text(sel) + ")";
        }
      }
    }
    List<String> notNull = new ArrayList<>();
    List<Relation> restrictions = new ArrayList<>();
    List<String> where = new ArrayList<>();
    // The WHERE clause is a SELECT's (Cassandra parses both with one rule), IS NOT NULL being taken only here.
    for (RelationContext rc : c.relation()) {
      if (rc instanceof IsNotNullWhereRelationContext n) {
        String col = AstBuilder.ident(n.ident());
        notNull.add(col);
        where.add(CqlNames.quote(col) + " IS NOT NULL");
      } else {
        restrictions.add(RelationAst.relation(rc));
        where.add(relationText(rc));
      }
    }
    List<String> pk = new ArrayList<>();
    for (IdentContext i : c.partitionKey().ident()) pk.add(AstBuilder.ident(i));
    List<String> ck = new ArrayList<>();
    for (IdentContext i : c.ident()) ck.add(AstBuilder.ident(i));
    Map<String, Boolean> order = new LinkedHashMap<>();
    Map<String, Term> options = new LinkedHashMap<>();
    String orderProblem = null;
    for (TableOptionContext o : c.tableOption()) {
      if (o instanceof ClusteringOrderOptionContext co) {
        for (ClusteringOrderContext x : co.clusteringOrder()) {
          String col = AstBuilder.ident(x.ident());
          if (order.put(col, x.K_DESC() == null) != null && orderProblem == null) {
            orderProblem = "Duplicate column '" + col + "' in CLUSTERING ORDER BY clause for view '" + view.name()
                + "'";
          }
        }
      } else if (o instanceof PropertyOptionContext po) {
        options.put(AstBuilder.ident(po.ident()), TermAst.property(po.term()));
      } else {
        // Cassandra 4's grammar throws as it reads the words, before any other check of the view.
        throw new CqlException(CqlErrorClass.SyntaxError,
            "COMPACT STORAGE tables are not allowed starting with version 4.0");
      }
    }
    return new Statement.CreateView(view.keyspace(), view.name(), c.K_NOT() != null, base.keyspace(), base.name(),
        columns, problem, notNull, restrictions, where, pk, ck, order, orderProblem, options);
  }

  static Statement alterView(AlterViewContext c) {
    QualifiedName view = QualifiedName.of(c.tableName());
    Map<String, Term> options = new LinkedHashMap<>();
    for (TableOptionContext o : c.tableOption()) {
      if (o instanceof PropertyOptionContext po) options.put(AstBuilder.ident(po.ident()), TermAst.property(po.term()));
    }
    return new Statement.AlterView(view.keyspace(), view.name(), c.K_EXISTS() != null, options);
  }

  static Statement dropView(DropViewContext c) {
    QualifiedName view = QualifiedName.of(c.tableName());
    return new Statement.DropView(view.keyspace(), view.name(), c.K_EXISTS() != null);
  }

  /** The statement's own text of a parse node, spaces as written. */
  private static String text(ParserRuleContext ctx) {
    return ctx.start.getInputStream().getText(Interval.of(ctx.start.getStartIndex(), ctx.stop.getStopIndex()));
  }

  /**
   * A restriction as Cassandra writes it back in system_schema.views' where_clause: the column (quoted if need be),
   * the operator and the value as written, one space apart.
   */
  private static String relationText(RelationContext rc) {
    if (rc instanceof SingleRelationContext s) {
      return CqlNames.quote(AstBuilder.ident(s.ident())) + " " + s.operator().getText() + " "
          + termText(s.term());
    }
    return text(rc);
  }

  /** A value as written, but a CAST as the call Cassandra writes back: {@code system."castAsInt"(3.14)}. */
  private static String termText(TermContext t) {
    if (t instanceof CastTermContext c) {
      String name = ((Term.FunctionCall) TermAst.term(c)).name();
      return "system.\"" + name.substring(name.indexOf('.') + 1) + "\"(" + termText(c.term()) + ")";
    }
    return text(t);
  }
}
