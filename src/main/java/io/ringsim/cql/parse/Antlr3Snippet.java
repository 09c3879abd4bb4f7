package io.ringsim.cql.parse;

import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;

/**
 * The query snippet Cassandra's ErrorCollector appends to a syntax error, computed as it computes it. Its window is
 * read from where the parser's token stream stands when the error is reported ({@code index}: the offending token
 * for a mismatch, the start of the decision for a prediction that failed, since ANTLR 3 rewinds there) and from how
 * far the parser has pulled tokens ({@code fetched}, the index of the last token read, lookahead included): from ten
 * tokens before {@code index} to two after it, but no further than what was read. Whitespace and comments are tokens
 * too. The token at {@code index} is bracketed, by the length of the text Cassandra's lexer keeps for it (a string
 * without its quotes). Lines are joined without their line breaks, and a snippet spanning lines can fail in
 * Cassandra's own code, which this reproduces by throwing the same exception.
 */
final class Antlr3Snippet {
  private Antlr3Snippet() {}

  static final int FIRST_TOKEN_OFFSET = 10;
  static final int LAST_TOKEN_OFFSET = 2;

  /** The snippet, " (...)", or "" when Cassandra shows none (its end-of-input token has no position). */
  static String of(String query, TokenStream ts, int index, int fetched) {
    int size = fetched + 1;
    Token from = ts.get(Math.max(0, index - FIRST_TOKEN_OFFSET));
    Token to = ts.get(Math.min(size - 1, index + LAST_TOKEN_OFFSET));
    Token offending = ts.get(Math.min(index, size - 1));
    if (!valid(from) || !valid(to) || !valid(offending)) return "";
    String[] lines = query.split("\n");
    boolean includeQueryStart = from.getLine() == 1 && from.getCharPositionInLine() == 0;
    boolean includeQueryEnd = to.getLine() == lines.length && lastChar(to) == lines[lines.length - 1].length();
    StringBuilder b = new StringBuilder(" (");
    if (!includeQueryStart) b.append("...");
    String toLine = lines[to.getLine() - 1];
    int toEnd = lastChar(to);
    lines[to.getLine() - 1] = toEnd >= toLine.length() ? toLine : toLine.substring(0, toEnd);
    lines[offending.getLine() - 1] = highlight(lines[offending.getLine() - 1], offending);
    lines[from.getLine() - 1] = lines[from.getLine() - 1].substring(from.getCharPositionInLine());
    for (int i = from.getLine() - 1; i <= to.getLine() - 1; i++) b.append(lines[i]);
    if (!includeQueryEnd) b.append("...");
    return b.append(')').toString();
  }

  private static boolean valid(Token t) {
    return t.getType() != Token.EOF && t.getLine() > 0 && t.getCharPositionInLine() >= 0;
  }

  private static String highlight(String line, Token t) {
    String s = insert(line, lastChar(t), ']');
    return insert(s, t.getCharPositionInLine(), '[');
  }

  private static String insert(String s, int at, char c) {
    return s.substring(0, at) + c + s.substring(at);
  }

  private static int lastChar(Token t) {
    return t.getCharPositionInLine() + cassandraText(t).length();
  }

  /** The text Cassandra's lexer keeps for a token: a string or quoted name without its quotes, unescaped. */
  static String cassandraText(Token t) {
    String s = t.getText();
    if (t.getType() == CqlGrammarLexer.STRING) {
      if (s.startsWith("$$")) return s.substring(2, s.length() - 2);
      return s.substring(1, s.length() - 1).replace("''", "'");
    }
    if (t.getType() == CqlGrammarLexer.QUOTED_NAME) return s.substring(1, s.length() - 1).replace("\"\"", "\"");
    return s;
  }
}
