package io.ringsim.cql.parse;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.CqlNames;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Term;
import io.ringsim.cql.parse.CqlGrammarParser.*;
import java.util.ArrayList;
import java.util.List;

/**
 * The grammar's {@code whereClause} and {@code relation} as {@link Relation}s, shared by SELECT, UPDATE, DELETE and
 * a materialized view's WHERE; each relation keeps its line and column for Cassandra's messages.
 */
final class RelationAst {
  private RelationAst() {}

  static List<Relation> where(WhereClauseContext w) {
    List<Relation> out = new ArrayList<>();
    for (RelationContext r : w.relation()) out.add(relation(r));
    return out;
  }

  static Relation relation(RelationContext r) {
    int line = r.start.getLine(), col = r.start.getCharPositionInLine();
    // Only a materialized view's WHERE clause takes IS NOT NULL (StatementRestrictions).
    if (r instanceof IsNotNullWhereRelationContext n) throw new CqlException(CqlErrorClass.InvalidRequest,
        "Unsupported restriction: " + CqlNames.quote(AstBuilder.ident(n.ident())) + " IS NOT NULL");
    if (r instanceof SingleRelationContext s) return new Relation.Single(AstBuilder.ident(s.ident()), op(s.operator()),
        TermAst.term(s.term()), line, col);
    if (r instanceof InRelationContext s) {
      return new Relation.In(AstBuilder.ident(s.ident()), TermAst.terms(s.term()), line, col);
    }
    if (r instanceof InMarkerRelationContext s) return new Relation.InMarker(AstBuilder.ident(s.ident()),
        TermAst.marker(s.marker()), line, col);
    if (r instanceof MultiColumnMarkerRelationContext s) return new Relation.MultiColumnMarker(idents(s.ident()),
        op(s.operator()), TermAst.marker(s.marker()), line, col);
    if (r instanceof MultiColumnInMarkerRelationContext s) return new Relation.MultiColumnInMarker(idents(s.ident()),
        TermAst.marker(s.marker()), line, col);
    if (r instanceof MultiColumnInMarkersRelationContext s) return new Relation.MultiColumnInMarkers(
        idents(s.ident()), s.marker().stream().map(TermAst::marker).toList(), line, col);
    if (r instanceof ContainsRelationContext s) return new Relation.Contains(AstBuilder.ident(s.ident()),
        s.K_KEY() != null, TermAst.term(s.term()), line, col);
    if (r instanceof ElementRelationContext s) return new Relation.Element(AstBuilder.ident(s.ident()),
        TermAst.term(s.term(0)), op(s.operator()), TermAst.term(s.term(1)), line, col);
    if (r instanceof LikeRelationContext s) return new Relation.Like(AstBuilder.ident(s.ident()),
        TermAst.term(s.term()), line, col);
    if (r instanceof TokenRelationContext s) {
      return new Relation.Token(idents(s.ident()), op(s.operator()), TermAst.term(s.term()), line, col);
    }
    if (r instanceof MultiColumnRelationContext s) {
      return new Relation.MultiColumn(idents(s.ident()), op(s.operator()), TermAst.terms(s.tupleLiteral().term()),
          line, col);
    }
    MultiColumnInRelationContext s = (MultiColumnInRelationContext) r;
    List<List<Term>> tuples = new ArrayList<>();
    for (TupleLiteralContext tl : s.tupleLiteral()) tuples.add(TermAst.terms(tl.term()));
    return new Relation.MultiColumnIn(idents(s.ident()), tuples, line, col);
  }

  static Relation.Op op(OperatorContext o) {
    if (o.EQ() != null) return Relation.Op.EQ;
    if (o.LT() != null) return Relation.Op.LT;
    if (o.LTE() != null) return Relation.Op.LTE;
    if (o.GT() != null) return Relation.Op.GT;
    if (o.GTE() != null) return Relation.Op.GTE;
    return Relation.Op.NEQ;
  }

  private static List<String> idents(List<IdentContext> is) {
    List<String> out = new ArrayList<>();
    for (IdentContext i : is) out.add(AstBuilder.ident(i));
    return out;
  }
}
