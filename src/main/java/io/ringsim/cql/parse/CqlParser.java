package io.ringsim.cql.parse;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.InputMismatchException;
import org.antlr.v4.runtime.LexerNoViableAltException;
import org.antlr.v4.runtime.NoViableAltException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.IntervalSet;
import org.antlr.v4.runtime.misc.ParseCancellationException;

/**
 * Parses CQL text into statements. Every failure is a {@link CqlException}: SyntaxError with Cassandra's
 * "line L:C ..." message for bad syntax, InvalidRequest for what parses but cannot be a statement.
 */
public final class CqlParser {
  private CqlParser() {}

  /** One statement (a trailing ';' is allowed). */
  public static Statement parse(String cql) {
    CqlGrammarParser.SingleContext ctx = parseWith(cql, CqlGrammarParser::single);
    try {
      return AstBuilder.statement(ctx.statement());
    } catch (IllegalStateException e) {
      throw new CqlException(CqlErrorClass.InvalidRequest, e.getMessage());
    } catch (FloatLiteralOverflow e) {
      throw floatOverflow(cql);
    }
  }

  /** Cassandra 4.1's answer to a statement with a float literal beyond a double's range, word for word. */
  private static CqlException floatOverflow(String statement) {
    return new CqlException(CqlErrorClass.SyntaxError, "Failed parsing statement: [" + statement + "] reason: "
        + "NumberFormatException Character I is neither a decimal digit number, decimal point, nor \"e\" notation "
        + "exponential mark.");
  }

  /** Several statements separated by ';'. */
  public static List<Statement> parseScript(String text) {
    CqlGrammarParser.ScriptContext s = parseWith(text, CqlGrammarParser::script);
    List<Statement> out = new ArrayList<>();
    for (CqlGrammarParser.StatementContext c : s.statement()) {
      try {
        out.add(AstBuilder.statement(c));
      } catch (IllegalStateException e) {
        throw new CqlException(CqlErrorClass.InvalidRequest, e.getMessage());
      } catch (FloatLiteralOverflow e) {
        throw floatOverflow(text.substring(c.start.getStartIndex(), c.stop.getStopIndex() + 1));
      }
    }
    return out;
  }

  private static CqlGrammarParser parser(String text) {
    CqlGrammarLexer lexer = new CqlGrammarLexer(CharStreams.fromString(text));
    lexer.removeErrorListeners();
    lexer.addErrorListener(new BaseErrorListener() {
      @Override
      public void syntaxError(Recognizer<?, ?> r, Object sym, int line, int col, String msg, RecognitionException e) {
        String bad = "?";
        if (e instanceof LexerNoViableAltException lx) {
          int i = lx.getStartIndex();
          if (i >= 0 && i < text.length()) bad = text.substring(i, text.offsetByCodePoints(i, 1));
        }
        // A quote that starts no token opens a string that never ends: Cassandra's lexer reads on to the end.
        if (bad.equals("'") || bad.equals("\""))
          throw LiteralLexing.error(text, text.length(), "mismatched character '<EOF>' expecting '" + bad + "'");
        throw new CqlException(CqlErrorClass.SyntaxError,
            "line " + line + ":" + col + " no viable alternative at character '" + bad + "'");
      }
    });
    CqlGrammarParser p = new CqlGrammarParser(new CommonTokenStream(lexer));
    p.removeErrorListeners();
    p.setInterpreter(new DeferredNoViableAlt(p, p.getInterpreter()));
    return p;
  }

  /** Runs {@code rule} on a fresh parser with SLL, then LL, turning the failure into Cassandra's message. */
  static <T> T parseWith(String text, java.util.function.Function<CqlGrammarParser, T> rule) {
    checkNesting(text);
    checkNegativeWords(text);
    LiteralLexing.check(text);
    CqlGrammarParser sll = parser(text);
    sll.setErrorHandler(new BailErrorStrategy());
    sll.getInterpreter().setPredictionMode(PredictionMode.SLL);
    try {
      return rule.apply(sll);
    } catch (ParseCancellationException first) {
      CqlGrammarParser ll = parser(text);
      ll.setErrorHandler(new BailErrorStrategy());
      ll.getInterpreter().setPredictionMode(PredictionMode.LL);
      try {
        return rule.apply(ll);
      } catch (ParseCancellationException e) {
        try {
          throw syntaxError(ll, e.getCause() instanceof RecognitionException re ? re : null);
        } catch (StringIndexOutOfBoundsException snippetFailed) {
          // Cassandra's snippet code fails so on some statements spanning lines; its parser answers with that.
          throw new CqlException(CqlErrorClass.SyntaxError, "Failed parsing statement: [" + text + "] reason: "
              + "StringIndexOutOfBoundsException " + snippetFailed.getMessage());
        }
      }
    } catch (StackOverflowError e) {
      throw new CqlException(CqlErrorClass.SyntaxError, "line 1:0 statement nested too deeply");
    }
  }

  private static final java.util.regex.Pattern NEGATIVE_WORD =
      java.util.regex.Pattern.compile("-[iInN]");

  /** -i, -n...: Cassandra's lexer fails at the first character that does not continue -infinity or -nan. */
  static void checkNegativeWords(String text) {
    if (!NEGATIVE_WORD.matcher(text).find()) return;
    CqlGrammarLexer lexer = new CqlGrammarLexer(CharStreams.fromString(text));
    lexer.removeErrorListeners();
    for (Token t : lexer.getAllTokens()) {
      if (t.getType() != CqlGrammarLexer.NEGATIVE_WORD) continue;
      String w = t.getText().toLowerCase(java.util.Locale.ROOT);
      String want = w.charAt(1) == 'i' ? "-infinity" : "-nan";
      if (w.equals(want)) continue;
      int j = 0;
      while (j < w.length() && j < want.length() && w.charAt(j) == want.charAt(j)) j++;
      int at = t.getStartIndex() + j;
      String bad = at < text.length() ? text.substring(at, at + 1) : "<EOF>";
      throw new CqlException(CqlErrorClass.SyntaxError, "line " + t.getLine() + ":" + (t.getCharPositionInLine() + j)
          + " mismatched character '" + bad + "' expecting set null");
    }
  }

  /** Deeper than any real statement; far below what the parser's recursion could take. */
  static final int MAX_NESTING = 500;

  /**
   * Refuses a statement nested deeper than {@link #MAX_NESTING} brackets, braces or parentheses before parsing it:
   * the parser would find out only by overflowing its stack, after tens of seconds for 50,000 levels. Quoted text
   * ('...', "...", $$...$$) does not count.
   */
  static void checkNesting(String text) {
    int depth = 0;
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c == '\'' || c == '"') {
        int j = i + 1;
        while (j < n && !(text.charAt(j) == c && (j + 1 >= n || text.charAt(j + 1) != c))) j += text.charAt(j) == c ? 2 : 1;
        i = j;
      } else if (c == '$' && i + 1 < n && text.charAt(i + 1) == '$') {
        int end = text.indexOf("$$", i + 2);
        i = end < 0 ? n : end + 1;
      } else if (c == '(' || c == '[' || c == '{') {
        if (++depth > MAX_NESTING)
          throw new CqlException(CqlErrorClass.SyntaxError, "line 1:0 statement nested too deeply");
      } else if (c == ')' || c == ']' || c == '}') {
        depth = Math.max(0, depth - 1);
      }
    }
  }

  private static CqlException syntaxError(Parser p, RecognitionException e) {
    Token t = e != null && e.getOffendingToken() != null ? e.getOffendingToken() : p.getCurrentToken();
    String where = "line " + t.getLine() + ":" + t.getCharPositionInLine() + " ";
    String tokenText = t.getType() == Token.EOF ? "<EOF>" : t.getText();
    if (!(e instanceof NoViableAltException) && p.getInterpreter() instanceof DeferredNoViableAlt sim) {
      DeferredNoViableAlt.Failure f = sim.failedAt(t, CqlParser::predictsAsCassandra);
      if (f != null) {
        if (t.getType() == Token.EOF)
          return new CqlException(CqlErrorClass.SyntaxError, "line 0:-1 no viable alternative at input '<EOF>'");
        return new CqlException(CqlErrorClass.SyntaxError, where + "no viable alternative at input '"
            + Antlr3Snippet.cassandraText(t) + "'" + snippetAt(p, decisionStart(p, f.start())));
      }
    }
    if (t.getType() == CqlGrammarLexer.STRING) return mismatchedString(t, e, p);
    String msg;
    if (e instanceof NoViableAltException && t.getType() == Token.EOF) {
      return new CqlException(CqlErrorClass.SyntaxError, "line 0:-1 no viable alternative at input '<EOF>'");
    }
    if (e instanceof NoViableAltException n && afterCommaInColumns(p, n, t)) {
      // Cassandra's grammar takes an optional column definition after each comma: what cannot start one is
      // reported where the closing parenthesis was expected.
      return new CqlException(CqlErrorClass.SyntaxError, where + "mismatched input '" + tokenText
          + "' expecting ')'" + snippet(p, t));
    }
    if (e instanceof NoViableAltException n && n.getCtx() instanceof CqlGrammarParser.StatementContext
        && n.getStartToken().getTokenIndex() < t.getTokenIndex()) {
      // Cassandra's parser predicts the statement from its first words and, failing, reports the word it could not
      // take but quotes the text from the statement's first word (bracketed) on to that word.
      return new CqlException(CqlErrorClass.SyntaxError, where + "no viable alternative at input '" + tokenText
          + "'" + snippetFrom(p, n.getStartToken(), t));
    }
    if (e instanceof NoViableAltException n && n.getStartToken().getType() == CqlGrammarLexer.K_CAST
        && t.getType() != CqlGrammarLexer.K_AS && castOpenedAt(p, n.getStartToken())) {
      // Cassandra's parser takes CAST( as the start of a cast whatever follows, and fails where AS should stand.
      return new CqlException(CqlErrorClass.SyntaxError, where + "mismatched input '" + tokenText
          + "' expecting K_AS" + snippet(p, t));
    }
    if (e instanceof NoViableAltException n && n.getStartToken().getTokenIndex() < t.getTokenIndex()
        && !(n.getCtx() instanceof CqlGrammarParser.AssignmentContext)) {
      // A prediction that read past its first token: Cassandra's stream rewinds to where the decision began (an
      // assignment's `column =` excepted, which Cassandra's grammar reads before predicting).
      return new CqlException(CqlErrorClass.SyntaxError, where + "no viable alternative at input '" + tokenText + "'"
          + snippetAt(p, n.getStartToken()));
    }
    if (e instanceof NoViableAltException) {
      msg = where + "no viable alternative at input '" + tokenText + "'";
    } else if (t.getType() == Token.EOF) {
      // Cassandra's parser reports the end of input at line 0:-1 and quotes no snippet.
      return new CqlException(CqlErrorClass.SyntaxError, "line 0:-1 mismatched input '<EOF>' expecting "
          + expected(p, e));
    } else {
      msg = where + (e instanceof InputMismatchException || e == null ? "mismatched input '" : "extraneous input '")
          + tokenText + "' expecting " + expected(p, e);
    }
    boolean negativeNumber = (t.getType() == CqlGrammarLexer.INTEGER || t.getType() == CqlGrammarLexer.FLOAT)
        && t.getText().startsWith("-");
    // A name where a value belongs (`'rows_per_partition' : ALL}`, `SET v = foo WHERE`): Cassandra's parser looks
    // past the name for the '(' of a function call, finds none and brackets the name, as for a negative number.
    boolean nameWithoutCall = t.getType() != Token.EOF && (e instanceof InputMismatchException
        && e.getCtx() instanceof CqlGrammarParser.FunctionTermContext && e.getExpectedTokens() != null
        && e.getExpectedTokens().toList().equals(List.of(CqlGrammarLexer.LPAREN))
        || e instanceof NoViableAltException && e.getCtx() instanceof CqlGrammarParser.AssignmentContext
        && isName(p, previous(p, t, 1)) && previousIs(p, t, 2, CqlGrammarLexer.EQ));
    if (negativeNumber || nameWithoutCall) {
      // `SELECT i -1`: Cassandra's parser reads -1 as one number and gives up at it, bracketing the name before.
      msg = where + "no viable alternative at input '" + tokenText + "'";
    }
    if (e instanceof NoViableAltException && t.getType() == CqlGrammarLexer.DOT || negativeNumber || nameWithoutCall) {
      // A field where the grammar takes a column (WHERE addr.city = ...): Cassandra's parser brackets the name
      // before the dot, then shows the dot.
      Token name = null;
      for (int i = t.getTokenIndex() - 1; i >= 0 && name == null; i--) {
        Token x = p.getTokenStream().get(i);
        if (x.getChannel() == Token.DEFAULT_CHANNEL) name = x;
      }
      if (name != null && isName(p, name)) {
        return new CqlException(CqlErrorClass.SyntaxError, msg + snippetAt(p, name));
      }
    }
    org.antlr.v4.runtime.ParserRuleContext at =
        e != null && e.getCtx() instanceof org.antlr.v4.runtime.ParserRuleContext c ? c : null;
    return new CqlException(CqlErrorClass.SyntaxError, msg + snippetAt(p, t, at));
  }

  /**
   * Whether Cassandra's grammar makes the same prediction as the rescued one. It does not where it takes a single
   * token and no term (USING TTL/TIMESTAMP, LIMIT: an integer or a marker; a property's value: a constant or a
   * map), nor in an assignment, whose `column =` it reads before predicting. A prediction that failed at its first
   * token fails in Cassandra's parser only after a term: its decision there checks the token against everything
   * that may follow a term anywhere, where its other one-token decisions (a selector's, a clause's) simply end.
   */
  private static boolean predictsAsCassandra(DeferredNoViableAlt.Failure f) {
    org.antlr.v4.runtime.ParserRuleContext c = f.ctx();
    if (c instanceof CqlGrammarParser.AssignmentContext) return false;
    if (f.start().getTokenIndex() == f.bad().getTokenIndex() && !(c instanceof CqlGrammarParser.TermContext))
      return false;
    if (c instanceof CqlGrammarParser.TermContext) {
      org.antlr.v4.runtime.ParserRuleContext up = c.getParent();
      return !(up instanceof CqlGrammarParser.UsingOptionContext || up instanceof CqlGrammarParser.KeyspaceOptionContext
          || up instanceof CqlGrammarParser.PropertyOptionContext || up instanceof CqlGrammarParser.SelectStatementContext
          || up instanceof CqlGrammarParser.DeleteStatementContext);
    }
    return true;
  }

  /** Cassandra predicts a bind marker's term from the marker and the token after it: its stream rewinds to the ?. */
  private static Token decisionStart(Parser p, Token start) {
    Token before = previous(p, start, 1);
    return before != null && before.getType() == CqlGrammarLexer.QMARK ? before : start;
  }

  /** A column definition that cannot start after a comma of CREATE TABLE's column list. */
  private static boolean afterCommaInColumns(Parser p, NoViableAltException e, Token t) {
    return (e.getCtx() instanceof CqlGrammarParser.CreateTableContext
        || e.getCtx() instanceof CqlGrammarParser.TableElementContext)
        && previousIs(p, t, 1, CqlGrammarLexer.COMMA);
  }

  /**
   * A string constant where Cassandra's grammar takes something else: its lexer keeps the text without the quotes,
   * and its snippet brackets that many characters from the token's start.
   */
  private static CqlException mismatchedString(Token t, RecognitionException e, Parser p) {
    String shown = t.getText();
    if (shown.length() >= 2 && shown.startsWith("'") && shown.endsWith("'"))
      shown = shown.substring(1, shown.length() - 1).replace("''", "'");
    String what = e instanceof NoViableAltException ? "no viable alternative at input '" + shown + "'"
        : (e instanceof InputMismatchException || e == null ? "mismatched input '" : "extraneous input '") + shown
            + "' expecting " + expected(p, e);
    return syntaxAt(t, what, shown.length());
  }

  /**
   * Cassandra's snippet for a statement it could not predict: its stream stands at {@code start}, which it brackets,
   * and the text runs on to the token the prediction failed at (two tokens at most, whitespace counting).
   */
  private static String snippetFrom(Parser p, Token start, Token bad) {
    return snippetAt(p, start);
  }

  /** Cassandra's snippet with its parser's stream standing at {@code at}, as far read as this parser's. */
  private static String snippetAt(Parser p, Token at) {
    return snippetAt(p, at, null);
  }

  /**
   * As {@link #snippetAt(Parser, Token)}, {@code ctx} being where the parser failed: a bracket before '..' ends a
   * term only if a term of the tree built so far ends with it (a function call's, not a parameter list's).
   */
  private static String snippetAt(Parser p, Token at, org.antlr.v4.runtime.ParserRuleContext ctx) {
    TokenStream ts = p.getTokenStream();
    int fetched = ts.size() - 1;
    Token before = previous(p, at, 1);
    if (at.getType() == CqlGrammarLexer.DOTDOT && before != null && (TERM_ENDS.contains(before.getType())
        || CLOSERS.contains(before.getType()) && termEndsAt(ctx, before))) {
      // After a term, '..' may open the second bound of a slice: Cassandra's parser reads the token after it.
      int i = at.getTokenIndex() + 1;
      while (i < fetched + 1 && ts.get(i).getChannel() != Token.DEFAULT_CHANNEL) i++;
      if (i >= fetched + 1) {
        ts.LT(2);
        i = at.getTokenIndex() + 1;
        while (i < ts.size() && ts.get(i).getChannel() != Token.DEFAULT_CHANNEL) i++;
      }
      fetched = Math.max(fetched, Math.min(i, ts.size() - 1));
    }
    return Antlr3Snippet.of(ts.getTokenSource().getInputStream().toString(), ts, at.getTokenIndex(), fetched);
  }

  /** Tokens a term ends with. */
  private static final java.util.Set<Integer> TERM_ENDS = java.util.Set.of(CqlGrammarLexer.INTEGER,
      CqlGrammarLexer.FLOAT, CqlGrammarLexer.STRING, CqlGrammarLexer.UUID, CqlGrammarLexer.HEX, CqlGrammarLexer.BOOLEAN,
      CqlGrammarLexer.DURATION, CqlGrammarLexer.QMARK, CqlGrammarLexer.K_NULL);
  private static final java.util.Set<Integer> CLOSERS = java.util.Set.of(CqlGrammarLexer.RPAREN,
      CqlGrammarLexer.RBRACKET, CqlGrammarLexer.RBRACE);

  /** Whether, going down the last children from {@code ctx}, a term ends with {@code last}. */
  private static boolean termEndsAt(org.antlr.v4.runtime.ParserRuleContext ctx, Token last) {
    for (org.antlr.v4.runtime.tree.ParseTree c = ctx; c instanceof org.antlr.v4.runtime.ParserRuleContext r;
        c = r.getChildCount() == 0 ? null : r.getChild(r.getChildCount() - 1)) {
      if (r instanceof CqlGrammarParser.TermContext && r.getStop() != null
          && r.getStop().getTokenIndex() == last.getTokenIndex()) return true;
    }
    return false;
  }

  /** Whether the {@code back}-th token before {@code t} on the default channel is of {@code type}. */
  /** Whether {@code cast} (a CAST keyword) is followed by '(' on the default channel. */
  private static boolean castOpenedAt(Parser p, Token cast) {
    for (int i = cast.getTokenIndex() + 1; i < p.getTokenStream().size(); i++) {
      Token x = p.getTokenStream().get(i);
      if (x.getChannel() == Token.DEFAULT_CHANNEL) return x.getType() == CqlGrammarLexer.LPAREN;
    }
    return false;
  }

  private static boolean previousIs(Parser p, Token t, int back, int type) {
    Token x = previous(p, t, back);
    return x != null && x.getType() == type;
  }

  /** The {@code back}-th token before {@code t} on the default channel, or null. */
  private static Token previous(Parser p, Token t, int back) {
    for (int i = t.getTokenIndex() - 1; i >= 0; i--) {
      Token x = p.getTokenStream().get(i);
      if (x.getChannel() == Token.DEFAULT_CHANNEL && --back == 0) return x;
    }
    return null;
  }

  /** A name: an identifier, a "quoted" one, or a keyword Cassandra leaves unreserved (ALL, ROLE, KEYS...). */
  private static boolean isName(Parser p, Token t) {
    if (t == null) return false;
    if (t.getType() == CqlGrammarLexer.IDENT || t.getType() == CqlGrammarLexer.QUOTED_NAME) return true;
    org.antlr.v4.runtime.atn.ATN atn = p.getATN();
    return atn.nextTokens(atn.ruleToStartState[CqlGrammarParser.RULE_unreservedKeyword]).contains(t.getType());
  }

  /**
   * "mismatched input" for a token that parsed here but that Cassandra's grammar does not take, with the same
   * snippet as a parser error (the text is lexed again for the ten tokens before it).
   */
  static CqlException mismatched(Token bad, String expecting) {
    return syntaxAt(bad, "mismatched input '" + bad.getText() + "' expecting " + expecting);
  }

  /**
   * "no viable alternative" at a token Cassandra's grammar does not take there. Cassandra's lexer keeps a string
   * constant's text without its quotes, and its snippet brackets that many characters from the token's start.
   */
  static CqlException noViableAlternative(Token bad) {
    String shown = bad.getText();
    if (shown.length() >= 2 && shown.startsWith("'") && shown.endsWith("'"))
      shown = shown.substring(1, shown.length() - 1).replace("''", "'");
    return syntaxAt(bad, "no viable alternative at input '" + shown + "'", shown.length());
  }

  /**
   * "no viable alternative" at {@code bad}, as Cassandra's parser words it when it had taken {@code prev} as the
   * start of something it cannot finish: the snippet brackets {@code prev} and runs on to {@code bad}.
   */
  static CqlException noViableAfter(Token prev, Token bad) {
    String text = bad.getInputStream().toString();
    StringBuilder sb = new StringBuilder(" (");
    sb.append(text, 0, prev.getStartIndex()).append('[').append(prev.getText()).append(']')
        .append(text, prev.getStopIndex() + 1, bad.getStopIndex() + 1);
    if (bad.getStopIndex() + 1 < text.length()) sb.append("...");
    return new CqlException(CqlErrorClass.SyntaxError, "line " + bad.getLine() + ":" + bad.getCharPositionInLine()
        + " no viable alternative at input '" + bad.getText() + "'" + sb.append(')'));
  }

  /** A syntax error at {@code bad} with Cassandra's snippet of the text around it. */
  static CqlException syntaxAt(Token bad, String what) {
    return syntaxAt(bad, what, bad.getText().length());
  }

  private static CqlException syntaxAt(Token bad, String what, int bracketed) {
    String text = bad.getInputStream().toString();
    CqlGrammarLexer lexer = new CqlGrammarLexer(CharStreams.fromString(text));
    lexer.removeErrorListeners();
    List<? extends Token> all = lexer.getAllTokens();
    int at = 0;
    while (at < all.size() - 1 && all.get(at).getStartIndex() < bad.getStartIndex()) at++;
    Token from = all.get(Math.max(0, at - 10));
    StringBuilder sb = new StringBuilder(" (");
    if (from.getStartIndex() > 0) sb.append("...");
    int end = Math.min(text.length(), bad.getStartIndex() + bracketed);
    sb.append(text, from.getStartIndex(), bad.getStartIndex()).append('[')
        .append(text, bad.getStartIndex(), end).append(']');
    if (end < text.length()) sb.append("...");
    return new CqlException(CqlErrorClass.SyntaxError, "line " + bad.getLine() + ":" + bad.getCharPositionInLine()
        + " " + what + sb.append(')'));
  }

  private static String expected(Parser p, RecognitionException e) {
    IntervalSet set = e != null && e.getExpectedTokens() != null ? e.getExpectedTokens() : p.getExpectedTokens();
    List<String> names = new ArrayList<>();
    for (int type : set.toList()) {
      // Keywords by their symbolic name (K_FROM), punctuation by its literal (')'), as Cassandra's parser names them.
      String n = p.getVocabulary().getSymbolicName(type);
      String literal = p.getVocabulary().getLiteralName(type);
      // A string constant is Cassandra's STRING_LITERAL.
      if (type == CqlGrammarLexer.STRING) n = "STRING_LITERAL";
      names.add(n == null || (!n.startsWith("K_") && literal != null) ? p.getVocabulary().getDisplayName(type) : n);
    }
    if (names.size() == 1) return names.get(0);
    return "{" + String.join(", ", names) + "}";
  }

  /**
   * Cassandra's query snippet: the statement's own text from ten tokens (whitespace counts as a token, as in
   * Cassandra's lexer) before the offending one up to it, that one in brackets, "..." on a side that is cut.
   */
  private static String snippet(Parser p, Token bad) {
    return snippetAt(p, bad);
  }
}
