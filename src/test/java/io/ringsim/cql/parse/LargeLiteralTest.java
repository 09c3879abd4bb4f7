package io.ringsim.cql.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import java.time.Duration;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;

/**
 * A collection literal of 65535 entries (the most a collection may hold, which the Python driver's object mapper
 * writes inline) parses in seconds. Reading each map entry through the generated context's term(i) walked all the
 * children each time: such an INSERT took minutes and the driver's request timed out. The bound is generous.
 */
class LargeLiteralTest {
  @Test
  void aMapLiteralOf65535EntriesKeepsEveryEntryInOrder() {
    StringJoiner entries = new StringJoiner(", ", "{", "}");
    for (int i = 0; i < 65_535; i++) entries.add("'k" + i + "': " + i);
    String cql = "INSERT INTO t (k, m) VALUES (1, " + entries + ")";
    Statement s = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CqlParser.parse(cql));
    Term.MapLiteral m = (Term.MapLiteral) ((Statement.Insert) s).values().get(1);
    assertThat(m.keys()).hasSize(65_535);
    assertThat(m.values()).hasSize(65_535);
    assertThat(((Term.Literal) m.keys().get(65_534)).text()).isEqualTo("k65534");
    assertThat(((Term.Literal) m.values().get(65_534)).text()).isEqualTo("65534");
  }
}
