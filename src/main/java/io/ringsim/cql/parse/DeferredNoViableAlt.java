package io.ringsim.cql.parse;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.NoViableAltException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.atn.ATNConfigSet;
import org.antlr.v4.runtime.atn.ParserATNSimulator;

/**
 * Records the predictions that ANTLR 4 rescued and ANTLR 3 would not. When a decision that looked past its first
 * token finds a token no alternative takes, ANTLR 4 picks an alternative that had already finished its rule and
 * reports the mismatch later, at the same token ("mismatched input 'AND' expecting EOF"); Cassandra's ANTLR 3 parser
 * fails in the decision itself ("no viable alternative at input 'AND'"), its stream rewound to where the decision
 * began. {@link CqlParser} uses the record when the parse then fails at that token.
 */
final class DeferredNoViableAlt extends ParserATNSimulator {
  /** A prediction that started at {@code start} and found no alternative at {@code bad}. */
  record Failure(Token start, Token bad, ParserRuleContext ctx) {}

  private final List<Failure> failures = new ArrayList<>();
  private NoViableAltException last;

  DeferredNoViableAlt(Parser parser, ParserATNSimulator base) {
    super(parser, parser.getATN(), base.decisionToDFA, base.getSharedContextCache());
  }

  @Override
  protected NoViableAltException noViableAlt(TokenStream input, ParserRuleContext outerContext, ATNConfigSet configs,
      int startIndex) {
    last = super.noViableAlt(input, outerContext, configs, startIndex);
    return last;
  }

  @Override
  protected int getSynValidOrSemInvalidAltThatFinishedDecisionEntryRule(ATNConfigSet configs,
      ParserRuleContext outerContext) {
    int alt = super.getSynValidOrSemInvalidAltThatFinishedDecisionEntryRule(configs, outerContext);
    if (alt != org.antlr.v4.runtime.atn.ATN.INVALID_ALT_NUMBER && last != null) {
      failures.add(new Failure(last.getStartToken(), last.getOffendingToken(), outerContext));
    }
    last = null;
    return alt;
  }

  /** The latest rescued prediction that failed at {@code bad} and that {@code counts}, or null. */
  Failure failedAt(Token bad, java.util.function.Predicate<Failure> counts) {
    for (int i = failures.size() - 1; i >= 0; i--) {
      Failure f = failures.get(i);
      if (f.bad().getTokenIndex() == bad.getTokenIndex() && counts.test(f)) return f;
    }
    return null;
  }
}
