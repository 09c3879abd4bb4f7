package io.ringsim.cql.parse;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Assignment;
import io.ringsim.cql.ast.Condition;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.cql.parse.CqlGrammarParser.*;
import java.util.ArrayList;
import java.util.List;

/**
 * The AST of the statements that write (Cassandra's modification statements): INSERT, UPDATE, DELETE and BATCH,
 * with their USING options, SET assignments and IF conditions.
 */
final class ModificationAst {
  private ModificationAst() {}

  /** USING TTL and USING TIMESTAMP of an INSERT or UPDATE, null where not written. */
  private record Using(Term ttl, Term timestamp) {}

  private static Using using(UsingClauseContext c) {
    Term ttl = null, ts = null;
    if (c != null) {
      for (UsingOptionContext u : c.usingOption()) {
        if (u.K_TTL() != null) ttl = TermAst.term(u.term());
        else ts = TermAst.term(u.term());
      }
    }
    return new Using(ttl, ts);
  }

  static Statement insert(InsertStatementContext c) {
    QualifiedName t = QualifiedName.of(c.tableName());
    ArithmeticAst.checkUsing(c.usingClause(), "EOF");
    Using u = using(c.usingClause());
    if (c.K_JSON() != null) {
      return new Statement.Insert(t.keyspace(), t.name(), List.of(), List.of(), c.K_NOT() != null, u.ttl(),
          u.timestamp(), TermAst.term(c.term(0)), c.K_UNSET() != null);
    }
    List<String> cols = new ArrayList<>();
    for (IdentContext i : c.ident()) cols.add(AstBuilder.ident(i));
    return new Statement.Insert(t.keyspace(), t.name(), cols, TermAst.terms(c.term()), c.K_NOT() != null, u.ttl(),
        u.timestamp(), null, false);
  }

  static Statement update(UpdateStatementContext c) {
    QualifiedName t = QualifiedName.of(c.tableName());
    ArithmeticAst.checkUsing(c.usingClause(), "K_SET");
    Using u = using(c.usingClause());
    List<Assignment> as = new ArrayList<>();
    for (AssignmentContext a : c.assignment()) {
      Assignment x = assignment(a);
      // Cassandra's parser refuses a column set whole and also changed in the same statement
      // (RawUpdate.isCompatibleWith).
      for (Assignment before : as) {
        if (before.column().equals(x.column()) && (before instanceof Assignment.Set || x instanceof Assignment.Set))
          throw new CqlException(CqlErrorClass.SyntaxError, "Multiple incompatible setting of column " + x.column());
      }
      as.add(x);
    }
    boolean ifExists = c.ifClause() != null && c.ifClause().K_EXISTS() != null;
    return new Statement.Update(t.keyspace(), t.name(), as, RelationAst.where(c.whereClause()), ifExists,
        conditions(c.ifClause()), u.ttl(), u.timestamp());
  }

  private static Assignment assignment(AssignmentContext a) {
    if (a instanceof SetColumnContext s) return new Assignment.Set(AstBuilder.ident(s.ident()), TermAst.term(s.term()));
    if (a instanceof AddToColumnContext s) {
      String col = AstBuilder.ident(s.ident(0));
      String other = AstBuilder.ident(s.ident(1));
      if (!col.equals(other)) throw recognitionError("Only expressions of the form X = X " + s.getChild(3).getText()
          + "<value> are supported.");
      return new Assignment.Add(col, TermAst.term(s.term()), s.MINUS() != null);
    }
    if (a instanceof AddIntegerToColumnContext s) {
      String col = AstBuilder.ident(s.ident(0));
      String number = s.INTEGER().getText();
      if (!col.equals(AstBuilder.ident(s.ident(1)))) throw recognitionError("Only expressions of the form X = X "
          + (number.startsWith("-") ? '-' : '+') + " <value> are supported.");
      return new Assignment.Add(col, new Term.Literal(Term.Kind.INTEGER, number), false);
    }
    if (a instanceof PrependToColumnContext s) {
      String col = AstBuilder.ident(s.ident(0));
      if (!col.equals(AstBuilder.ident(s.ident(1))))
        throw recognitionError("Only expressions of the form X = <value> + X are supported.");
      return new Assignment.Prepend(col, TermAst.term(s.term()));
    }
    if (a instanceof ShortAddToColumnContext s) {
      return new Assignment.Add(AstBuilder.ident(s.ident()), TermAst.term(s.term()), s.MINUS_EQ() != null);
    }
    if (a instanceof SetFieldContext f) {
      return new Assignment.SetField(AstBuilder.ident(f.ident(0)), AstBuilder.ident(f.ident(1)),
          TermAst.term(f.term()));
    }
    SetElementContext s = (SetElementContext) a;
    return new Assignment.SetElement(AstBuilder.ident(s.ident()), TermAst.term(s.term(0)), TermAst.term(s.term(1)));
  }

  /** What Cassandra's parser reports with addRecognitionError: a SyntaxError with no line or snippet. */
  private static CqlException recognitionError(String message) {
    return new CqlException(CqlErrorClass.SyntaxError, message);
  }

  private static List<Condition> conditions(IfClauseContext c) {
    List<Condition> out = new ArrayList<>();
    if (c == null) return out;
    for (ConditionContext cc : c.condition()) {
      if (cc instanceof SimpleConditionContext s) {
        out.add(new Condition.Compare(AstBuilder.ident(s.ident()), RelationAst.op(s.operator()),
            TermAst.term(s.term())));
      } else if (cc instanceof InConditionContext s) {
        out.add(s.marker() != null ? new Condition.InMarker(AstBuilder.ident(s.ident()), TermAst.marker(s.marker()))
            : new Condition.In(AstBuilder.ident(s.ident()), TermAst.terms(s.term())));
      } else if (cc instanceof ElementConditionContext s) {
        out.add(new Condition.Element(AstBuilder.ident(s.ident()), TermAst.term(s.term(0)),
            RelationAst.op(s.operator()), TermAst.term(s.term(1))));
      } else if (cc instanceof ContainsConditionContext s) {
        out.add(new Condition.Contains(AstBuilder.ident(s.ident()), s.K_KEY() != null, TermAst.term(s.term())));
      } else if (cc instanceof ElementInConditionContext s) {
        out.add(new Condition.ElementIn(AstBuilder.ident(s.ident()), TermAst.term(s.term(0)),
            TermAst.terms(s.term().subList(1, s.term().size()))));
      } else if (cc instanceof FieldConditionContext s) {
        String column = AstBuilder.ident(s.ident(0)), field = AstBuilder.ident(s.ident(1));
        if (s.operator() != null) {
          out.add(new Condition.Field(column, field, RelationAst.op(s.operator()), TermAst.term(s.term(0))));
        } else if (s.marker() != null) {
          out.add(new Condition.FieldInMarker(column, field, TermAst.marker(s.marker())));
        } else {
          out.add(new Condition.FieldIn(column, field, TermAst.terms(s.term())));
        }
      }
    }
    return out;
  }

  static Statement delete(DeleteStatementContext c) {
    QualifiedName t = QualifiedName.of(c.tableName());
    List<Statement.DeleteTarget> targets = new ArrayList<>();
    for (DeleteSelectionContext d : c.deleteSelection()) {
      targets.add(new Statement.DeleteTarget(AstBuilder.ident(d.ident(0)),
          d.term() == null ? null : TermAst.term(d.term()), d.field == null ? null : AstBuilder.ident(d.field)));
    }
    boolean ifExists = c.ifClause() != null && c.ifClause().K_EXISTS() != null;
    return new Statement.Delete(t.keyspace(), t.name(), targets, RelationAst.where(c.whereClause()), ifExists,
        conditions(c.ifClause()), c.term() == null ? null : TermAst.term(c.term()));
  }

  static Statement batch(BatchStatementContext c) {
    String type = c.K_UNLOGGED() != null ? "UNLOGGED" : c.K_COUNTER() != null ? "COUNTER" : "LOGGED";
    Term ts = null;
    if (c.usingClause() != null) {
      for (UsingOptionContext u : c.usingClause().usingOption()) {
        if (u.K_TIMESTAMP() != null) ts = TermAst.term(u.term());
        else throw new CqlException(CqlErrorClass.InvalidRequest,
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
}
