package io.ringsim.sim.script;

import io.ringsim.sim.ValueGen;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;

/**
 * A generator written as in a workload's {@code key}/{@code column} line ({@code uniform(100)},
 * {@code values('a', 'b')}, ...), read by the scenario language's own grammar and {@link GeneratorReader}, for other
 * files that describe generated data (assignments). Errors are {@link ScenarioException}s at FILE:LINE:COL, where
 * LINE and COL place the text in that file.
 */
public final class Generators {
  private Generators() {}

  /** The names the scenario language knows, for error messages. */
  public static final String KNOWN = GeneratorReader.KNOWN;

  public static ValueGen parse(String text, String file, int line, int col) {
    BaseErrorListener errors = new BaseErrorListener() {
      @Override
      public void syntaxError(Recognizer<?, ?> r, Object sym, int l, int c, String msg, RecognitionException e) {
        throw new ScenarioException(file + ":" + line + ":" + (col + c) + ": " + ScenarioReader.visible(msg));
      }
    };
    ScenarioLexer lexer = new ScenarioLexer(CharStreams.fromString(text));
    lexer.removeErrorListeners();
    lexer.addErrorListener(errors);
    ScenarioParser parser = new ScenarioParser(new CommonTokenStream(lexer));
    parser.removeErrorListeners();
    parser.addErrorListener(errors);
    ScenarioParser.GeneratorContext g = parser.generator();
    Token next = parser.getCurrentToken();
    if (next.getType() != Token.EOF) {
      throw new ScenarioException(file + ":" + line + ":" + (col + next.getCharPositionInLine())
          + ": unexpected '" + ScenarioReader.visible(next.getText()) + "' after the generator");
    }
    return GeneratorReader.read(g, (ctx, message) -> new ScenarioException(file + ":" + line + ":"
        + (col + ctx.getStart().getCharPositionInLine()) + ": " + message));
  }
}
