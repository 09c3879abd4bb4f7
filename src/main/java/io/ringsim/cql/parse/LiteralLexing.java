package io.ringsim.cql.parse;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;

/**
 * Where Cassandra's ANTLR 3 lexer fails inside a literal that starts with a digit. It does not take the longest
 * match as ringsim's lexer does: it commits to the one token rule still able to go on as soon as only one is, and
 * then fails at the first character that rule cannot take. So `550e8400-e29b)` is a uuid cut short ("mismatched
 * character ')' expecting '-'"), `12abc)` one too (a hex letter after digits: only a uuid goes on), `1h1x` a duration
 * whose second number lacks its unit ("no viable alternative at character 'x'"), `1e+)` an exponent without digits.
 */
final class LiteralLexing {
  private LiteralLexing() {}

  private static final String UUID_SHAPE = "HHHHHHHH-HHHH-HHHH-HHHH-HHHHHHHHHHHH";

  static void check(String text) {
    CqlGrammarLexer lexer = new CqlGrammarLexer(CharStreams.fromString(text));
    lexer.removeErrorListeners();
    for (Token t : lexer.getAllTokens()) {
      int s = t.getStartIndex();
      if (t.getChannel() != Token.DEFAULT_CHANNEL || t.getType() == CqlGrammarLexer.STRING
          || t.getType() == CqlGrammarLexer.QUOTED_NAME || t.getType() == CqlGrammarLexer.HEX) continue;
      char c0 = text.charAt(s);
      if (hex(c0) && uuid(text, s)) continue;
      if (Character.isDigit(c0) || c0 == '-' && s + 1 < text.length() && Character.isDigit(text.charAt(s + 1)))
        number(text, c0 == '-' ? s + 1 : s);
    }
  }

  /** Eight hex digits and a dash: only a uuid goes on. */
  private static boolean uuid(String text, int s) {
    int n = text.length();
    for (int i = 0; i < 8; i++) if (s + i >= n || !hex(text.charAt(s + i))) return false;
    if (s + 8 >= n || text.charAt(s + 8) != '-') return false;
    for (int i = 9; i < UUID_SHAPE.length(); i++) {
      int at = s + i;
      char want = UUID_SHAPE.charAt(i);
      if (at < n && (want == '-' ? text.charAt(at) == '-' : hex(text.charAt(at)))) continue;
      throw error(text, at, "mismatched character " + display(text, at) + " expecting "
          + (want == '-' ? "'-'" : "set null"));
    }
    return true;
  }

  /** Digits, then what only one rule can take: a uuid's hex letters, an exponent, a duration's next number. */
  private static void number(String text, int s) {
    int n = text.length();
    int i = s;
    while (i < n && Character.isDigit(text.charAt(i))) i++;
    if (i >= n) return;
    char c = Character.toLowerCase(text.charAt(i));
    if (c == 'e') {
      int j = i + 1;
      if (j < n && (text.charAt(j) == '+' || text.charAt(j) == '-')) {
        if (j + 1 >= n || !Character.isDigit(text.charAt(j + 1)))
          throw error(text, j + 1, "required (...)+ loop did not match anything at character " + display(text, j + 1));
        return;
      }
      if (j >= n || !Character.isDigit(text.charAt(j)) && !hex(text.charAt(j)))
        throw error(text, j, "no viable alternative at character " + display(text, j));
      if (Character.isDigit(text.charAt(j))) return;
    }
    if (unitStart(c) && c != 'e') {
      try {
        duration(text, i);
      } catch (io.ringsim.cql.CqlException e) {
        // While every character so far is hex, a uuid goes on too: the lexer fails where that one stops.
        int j = s;
        while (j < n && j - s < 8 && hex(text.charAt(j))) j++;
        if (s > 0 && text.charAt(s - 1) == '-' || j <= i || j - s >= 8 && j < n && text.charAt(j) == '-') throw e;
        if (j - s < 8) throw error(text, j, "mismatched character " + display(text, j) + " expecting set null");
        throw e;
      }
      return;
    }
    if (hex(c) && !(s > 0 && text.charAt(s - 1) == '-') && i - s < 8) {
      // Digits then a hex letter that is neither an exponent nor a unit: a uuid, which needs hex up to its dash.
      int j = i;
      while (j < n && j - s < 8 && hex(text.charAt(j))) j++;
      if (j - s < 8) throw error(text, j, "mismatched character " + display(text, j) + " expecting set null");
    }
  }

  /** From a duration's first unit on: every further number needs a unit. */
  private static void duration(String text, int i) {
    int n = text.length();
    while (true) {
      i = unit(text, i);
      if (i >= n || !Character.isDigit(text.charAt(i))) return;
      while (i < n && Character.isDigit(text.charAt(i))) i++;
      if (i >= n || !unitStart(Character.toLowerCase(text.charAt(i))))
        throw error(text, i, "no viable alternative at character " + display(text, i));
    }
  }

  /** Past the unit at {@code i} (a unit start), failing as Cassandra does on u, µ or n without their s. */
  private static int unit(String text, int i) {
    int n = text.length();
    char c = Character.toLowerCase(text.charAt(i));
    if (c == 'u' || c == 'µ' || c == 'n') {
      if (i + 1 < n && Character.toLowerCase(text.charAt(i + 1)) == 's') return i + 2;
      throw error(text, i + 1, "mismatched character " + display(text, i + 1) + " expecting set null");
    }
    if (c == 'm' && i + 1 < n && "os".indexOf(Character.toLowerCase(text.charAt(i + 1))) >= 0) return i + 2;
    return i + 1;
  }

  private static boolean unitStart(char c) {
    return "ymwdhsuµn".indexOf(c) >= 0;
  }

  private static boolean hex(char c) {
    return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
  }

  private static String display(String text, int at) {
    if (at >= text.length()) return "<EOF>";
    char c = text.charAt(at);
    return switch (c) {
      case '\n' -> "'\\n'";
      case '\r' -> "'\\r'";
      case '\t' -> "'\\t'";
      default -> "'" + c + "'";
    };
  }

  /** Cassandra's lexer reports where it stands: line and column of that character (of the end, for <EOF>). */
  static CqlException error(String text, int at, String what) {
    int line = 1;
    int col = 0;
    for (int i = 0; i < at && i < text.length(); i++) {
      if (text.charAt(i) == '\n') { line++; col = 0; } else col++;
    }
    return new CqlException(CqlErrorClass.SyntaxError, "line " + line + ":" + col + " " + what);
  }
}
