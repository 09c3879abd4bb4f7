package io.ringsim.cql.parse;

import io.ringsim.cql.ast.Selector;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.cql.parse.CqlGrammarParser.*;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The AST of SELECT: its selection (built by SelectorAst), WHERE (RelationAst), GROUP BY, ORDER BY and the two
 * limits.
 */
final class SelectAst {
  private SelectAst() {}

  static Statement select(SelectStatementContext c) {
    QualifiedName t = QualifiedName.of(c.tableName());
    List<Selector> sel = new ArrayList<>();
    if (c.selectClause().STAR() == null) {
      for (SelectorContext s : c.selectClause().selector()) {
        Selector x = SelectorAst.selector(s.unaliasedSelector());
        sel.add(s.K_AS() != null ? new Selector.Aliased(x, AstBuilder.ident(s.ident())) : x);
      }
    }
    List<String> groupBy = new ArrayList<>();
    for (IdentContext i : c.ident()) groupBy.add(AstBuilder.ident(i));
    // Cassandra's parser puts the orderings in a map keyed by column: a column named twice keeps its first place
    // and its last direction (ORDER BY a ASC, a DESC orders by a DESC, as the object mappers send it).
    Map<String, Boolean> descending = new LinkedHashMap<>();
    for (OrderingContext o : c.ordering()) descending.put(AstBuilder.ident(o.ident()), o.K_DESC() != null);
    List<Statement.Ordering> order = new ArrayList<>();
    descending.forEach((column, desc) -> order.add(new Statement.Ordering(column, desc)));
    Term perPartition = null, limit = null;
    for (TermContext tc : c.term()) ArithmeticAst.checkPlainValue(tc);
    int ti = 0;
    if (c.K_PER() != null) perPartition = TermAst.term(c.term(ti++));
    if (c.K_LIMIT().size() > (c.K_PER() != null ? 1 : 0)) limit = TermAst.term(c.term(ti));
    return new Statement.Select(t.keyspace(), t.name(), c.K_JSON() != null, c.K_DISTINCT() != null, sel,
        c.whereClause() == null ? List.of() : RelationAst.where(c.whereClause()), groupBy, order, perPartition, limit,
        c.K_ALLOW() != null);
  }
}
