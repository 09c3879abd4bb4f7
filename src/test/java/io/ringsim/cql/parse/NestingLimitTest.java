package io.ringsim.cql.parse;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import org.junit.jupiter.api.Test;

/** Deep nesting is refused before parsing (the parser would take tens of seconds to overflow its stack). */
class NestingLimitTest {
  static String nested(int depth, char open, char close) {
    return "INSERT INTO t (k, v) VALUES (1, " + String.valueOf(open).repeat(depth) + String.valueOf(close).repeat(depth)
        + ")";
  }

  @Test
  void fiftyThousandNestedBracesAreASyntaxErrorFoundBeforeParsing() {
    for (char[] pair : new char[][] {{'{', '}'}, {'[', ']'}, {'(', ')'}}) {
      String cql = nested(50_000, pair[0], pair[1]);
      assertThatThrownBy(() -> CqlParser.checkNesting(cql)).isInstanceOf(CqlException.class)
          .hasMessage("line 1:0 statement nested too deeply");
      assertThatThrownBy(() -> CqlParser.parse(cql)).isInstanceOf(CqlException.class)
          .satisfies(e -> org.assertj.core.api.Assertions.assertThat(((CqlException) e).errorClass())
              .isEqualTo(CqlErrorClass.SyntaxError));
    }
  }

  @Test
  void quotedTextAndReasonableNestingAreNotCounted() {
    assertThatCode(() -> CqlParser.checkNesting(nested(CqlParser.MAX_NESTING - 1, '[', ']'))).doesNotThrowAnyException();
    assertThatCode(() -> CqlParser.checkNesting("INSERT INTO t (k, v) VALUES (1, '" + "[".repeat(10_000) + "''')"))
        .doesNotThrowAnyException();
    assertThatCode(() -> CqlParser.checkNesting("SELECT \"" + "(".repeat(10_000) + "\" FROM t"))
        .doesNotThrowAnyException();
  }
}
