package io.ringsim.cql;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The generated conformance corpus (src/test/resources/cql/11_generated_seed2_n2000.cql, answered by real Cassandra
 * 4.1 and checked by CqlConformanceTest) is exactly what the generator writes for its seed and count, so a new
 * corpus can be generated and answered the same way (docs/cql.md, "Conformance").
 */
class CorpusGeneratorTest {
  @Test
  void theCommittedCorpusIsTheGeneratorsOutput() throws IOException {
    String committed;
    try (InputStream in = getClass().getResourceAsStream("/cql/11_generated_seed2_n2000.cql")) {
      committed = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(new CorpusGenerator(2).script(2000)).isEqualTo(committed);
  }

  @Test
  void differentSeedsGiveDifferentStatements() {
    assertThat(new CorpusGenerator(3).script(200)).isNotEqualTo(new CorpusGenerator(4).script(200));
  }
}
