package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.sim.RunSpec;
import io.ringsim.sim.script.ScenarioReader;
import io.ringsim.sim.script.ScenarioWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
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

  /** Mixes of every operation a workload has, the shares in tenths of a percent adding up to 100%. */
  @Provide
  Arbitrary<String> cellMixes() {
    List<String> ops = List.of("write", "read", "delete", "lwt", "update", "delete cell", "delete range",
        "delete partition");
    Arbitrary<List<Integer>> weights = Arbitraries.integers().between(0, 40).list().ofSize(ops.size())
        .filter(l -> l.stream().mapToInt(Integer::intValue).sum() > 0);
    return Combinators.combine(weights, Arbitraries.of(true, false)).as((ws, client) -> {
      int total = ws.stream().mapToInt(Integer::intValue).sum();
      int[] tenths = new int[ws.size()];
      int left = 1000;
      int last = -1;
      for (int i = 0; i < ws.size(); i++) {
        tenths[i] = ws.get(i) * 1000 / total;
        left -= tenths[i];
        if (ws.get(i) > 0) last = i;
      }
      tenths[last] += left;
      StringBuilder mix = new StringBuilder("  mix");
      for (int i = 0; i < ops.size(); i++) {
        if (tenths[i] > 0) mix.append(' ').append(ops.get(i)).append(' ').append(tenths[i] / 10).append('.')
            .append(tenths[i] % 10).append('%');
      }
      return CellWorkloadInputTest.BASE.replaceAll("  mix [^\n]*", mix.toString())
          .replace("  timestamps client", client ? "  timestamps client" : "  timestamps coordinator");
    });
  }

  @Property(tries = 200)
  void cellWorkloadsWriteBackToTheSameSpec(@ForAll("cellMixes") String text) {
    RunSpec spec = ScenarioReader.parse(text, "gen.sim", Map.of());
    String written = ScenarioWriter.write(spec, List.of("a comment"));
    assertThat(ScenarioReader.parse(written, "written.sim", Map.of())).as(text + "\n---- written as:\n" + written)
        .isEqualTo(spec);
  }
}
