package io.ringsim.cql.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Whatever is typed, the parser answers with a statement or a one-line SyntaxError that names a position. */
class CqlParserFuzzProperties {
  static final List<String> TOKENS = List.of("SELECT", "*", "FROM", "t", "ks.t", "WHERE", "k", "=", "1", "'a'",
      "AND", "(", ")", ",", ";", "INSERT", "INTO", "VALUES", "UPDATE", "SET", "DELETE", "IN", "<", ">=", "LIMIT",
      "ORDER", "BY", "DESC", "ALLOW", "FILTERING", "token", "CREATE", "TABLE", "PRIMARY", "KEY", "int", "text",
      "{", "}", "[", "]", ":", "IF", "NOT", "EXISTS", "BEGIN", "BATCH", "APPLY", "'", "\"", "$$", "--", "/*", "?",
      "0x", "1.5e3", "-", "+", "USING", "TTL", "map<text,int>", "frozen<", "‘", "\u0000");

  static final List<String> VALID = List.of(
      "SELECT * FROM ks.t WHERE k = 1 AND c > 2 ORDER BY c DESC LIMIT 3",
      "INSERT INTO t (k, v) VALUES (1, 'x') IF NOT EXISTS USING TTL 5",
      "UPDATE t SET m = m + {'a': 1} WHERE k IN (1, 2) IF v = 3",
      "CREATE TABLE t (k int, c text, v map<text, frozen<list<int>>>, PRIMARY KEY ((k), c))",
      "BEGIN BATCH INSERT INTO t (k) VALUES (1); DELETE v FROM t WHERE k = 1; APPLY BATCH");

  @Property(tries = 1000)
  void randomTokenStreams(@ForAll("streams") String cql) {
    check(cql);
  }

  @Property(tries = 1000)
  void mutatedValidStatements(@ForAll("mutations") String cql) {
    check(cql);
  }

  private static void check(String cql) {
    try {
      CqlParser.parse(cql);
    } catch (CqlException e) {
      assertThat(e.errorClass()).isIn(CqlErrorClass.SyntaxError, CqlErrorClass.InvalidRequest);
      // Cassandra's parser words a few refusals without a position (its addRecognitionError), as the oracle shows.
      if (e.errorClass() == CqlErrorClass.SyntaxError) assertThat(e.getMessage()).matches("(?s)line \\d+:-?\\d+ .*"
          + "|Only expressions of the form X = (X [-+] ?<value>|<value> \\+ X) are supported\\."
          + "|Multiple incompatible setting of column \\S+");
      assertThat(e.getMessage()).doesNotContain("\n\tat ");
    }
  }

  @Provide
  Arbitrary<String> streams() {
    return Arbitraries.of(TOKENS).list().ofMaxSize(25).map(l -> String.join(" ", l));
  }

  @Provide
  Arbitrary<String> mutations() {
    return Arbitraries.of(VALID).flatMap(s -> Arbitraries.integers().between(0, s.length()).flatMap(pos ->
        Arbitraries.integers().between(0, 3).flatMap(kind -> Arbitraries.of(TOKENS).map(tok -> switch (kind) {
          case 0 -> s.substring(0, pos);
          case 1 -> s.substring(0, pos) + tok + s.substring(pos);
          case 2 -> s.substring(0, pos) + s.substring(Math.min(s.length(), pos + 3));
          default -> s.substring(0, pos) + " " + tok + " " + tok + s.substring(pos);
        }))));
  }
}
