package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.sim.RunSpec;
import io.ringsim.sim.script.QuerySpec;
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

  /** A scenario with a queries section and a model section of generated settings. */
  @Provide
  Arbitrary<String> modelledScenarios() {
    Arbitrary<String> query = Arbitraries.of("SELECT * FROM shop.orders WHERE id = ?",
        "SELECT v FROM shop.orders WHERE id IN (1, 2) -- two of them",
        "SELECT * FROM shop.orders WHERE v = 'a;b' ALLOW FILTERING",
        "SELECT * FROM shop.orders\n    WHERE id = :id", "SELECT * FROM \"shop\".\"orders\" WHERE id = 3",
        "SELECT * FROM shop.orders WHERE v = '東京 😀'", "SELECT * FROM shop.orders WHERE v = '#'");
    Arbitrary<String> value = Arbitraries.oneOf(Arbitraries.of("0", "1", "1.5", "0.001", "50%", "100%",
        "99999999999999999999", "9223372036854775807", "9007199254740993", "1000B", "64KB", "100MB", "3GB",
        "2.5", "10"), Arbitraries.longs().between(1, Long.MAX_VALUE).map(String::valueOf));
    Arbitrary<String> item = Combinators.combine(Arbitraries.of("partition_size_warn", "rows_per_partition",
        "tombstone_warn", "hot_ratio", "skew"), value).as((k, v) -> "  " + k + " " + v + "\n");
    return Combinators.combine(query.list().ofMaxSize(4), item.list().ofMaxSize(6)).as((qs, items) -> {
      StringBuilder sb = new StringBuilder(BadInputTest.BASE);
      if (!qs.isEmpty()) sb.append("queries {\n").append(String.join(";\n", qs)).append(";\n}\n");
      if (!items.isEmpty()) sb.append("model {\n").append(String.join("", items)).append("}\n");
      return sb.toString();
    });
  }

  @Property(tries = 200)
  void queriesAndModelLimitsWriteBackTheSame(@ForAll("modelledScenarios") String text) {
    ScenarioReader.Model m;
    try {
      m = ScenarioReader.parseModel(text, "gen.sim", Map.of());
    } catch (IllegalArgumentException e) {
      return; // refused: nothing to write
    }
    String written = ScenarioWriter.write(m, List.of());
    ScenarioReader.Model back = ScenarioReader.parseModel(written, "written.sim", Map.of());
    assertThat(back.spec()).as(text + "\n---- written as:\n" + written).isEqualTo(m.spec());
    assertThat(back.limits()).as(text + "\n---- written as:\n" + written).isEqualTo(m.limits());
    assertThat(back.queries().stream().map(QuerySpec::cql).toList()).as(text + "\n---- written as:\n" + written)
        .isEqualTo(m.queries().stream().map(QuerySpec::cql).toList());
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
