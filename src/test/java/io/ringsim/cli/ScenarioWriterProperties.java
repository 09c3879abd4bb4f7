package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.sim.RunSpec;
import io.ringsim.sim.script.ScenarioReader;
import io.ringsim.sim.script.ScenarioWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The shrinker's writer against the generated scenarios of {@link GeneratedInputProperties} (extreme numbers,
 * unicode names, odd durations): every one the reader accepts, written and read again, is the same spec.
 */
class ScenarioWriterProperties {
  @Provide
  Arbitrary<byte[]> scenarios() {
    return new GeneratedInputProperties().mutatedScenarios();
  }

  @Property(tries = 300)
  void whatReadsWritesBackToTheSameSpec(@ForAll("scenarios") byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    RunSpec spec;
    try {
      spec = ScenarioReader.parse(text, "gen.sim", Map.of());
    } catch (IllegalArgumentException e) {
      return; // refused: nothing to write
    }
    String written = ScenarioWriter.write(spec, List.of("a comment"));
    assertThat(ScenarioReader.parse(written, "written.sim", Map.of())).as(text + "\n---- written as:\n" + written)
        .isEqualTo(spec);
  }
}
