package io.ringsim.cql.parse;

import io.ringsim.cql.CqlNames;
import java.util.Locale;
import java.util.Set;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;

/**
 * A materialized view's WHERE clause as system_schema.views keeps it, with a column renamed: Cassandra renames a
 * base key column in its views' WHERE clauses too (WhereClause.renameIdentifier) and writes the clause back with the
 * new name, quoted if need be. Names are found as the lexer finds them, so a string or a number is never touched.
 */
public final class WhereClauseText {
  private WhereClauseText() {}

  /** The keywords that structure a view's WHERE clause, never a column's unquoted name there. */
  private static final Set<String> STRUCTURE = Set.of("is", "not", "null", "and", "in", "contains", "key", "token",
      "like");

  public static String renameColumn(String where, String from, String to) {
    CqlGrammarLexer lexer = new CqlGrammarLexer(CharStreams.fromString(where));
    lexer.removeErrorListeners();
    StringBuilder out = new StringBuilder();
    int at = 0;
    for (Token t : lexer.getAllTokens()) {
      if (!from.equals(name(t))) continue;
      out.append(where, at, t.getStartIndex()).append(CqlNames.quote(to));
      at = t.getStopIndex() + 1;
    }
    return out.append(where.substring(at)).toString();
  }

  /** The column name {@code t} spells, or null when it is no name. */
  private static String name(Token t) {
    String text = t.getText();
    if (t.getType() == CqlGrammarLexer.QUOTED_NAME) return text.substring(1, text.length() - 1).replace("\"\"", "\"");
    String lower = text.toLowerCase(Locale.ROOT);
    if (t.getType() == CqlGrammarLexer.IDENT) return lower;
    String symbol = CqlGrammarLexer.VOCABULARY.getSymbolicName(t.getType());
    return symbol != null && symbol.startsWith("K_") && !STRUCTURE.contains(lower) ? lower : null;
  }
}
