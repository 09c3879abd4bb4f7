package io.ringsim.sim.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringsim.sim.Action;
import io.ringsim.sim.RunSpec;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Timeline partition sides name data centres, racks and fractions, and so scale with the cluster. */
class PartitionGroupsTest {
  static final String SIM = String.join("\n",
      "scenario groups \"partition sides that scale\"",
      "duration 1m",
      "cluster {",
      "  nodes 5",
      "  racks 2",
      "}",
      "timeline {",
      "  at 10s partition {half} {rest}",
      "  at 20s heal",
      "  at 30s partition {rack1} {rack2}",
      "}", "");

  static Action.Partition partition(RunSpec s, int index) {
    return (Action.Partition) s.timeline().stream().filter(t -> t.action() instanceof Action.Partition)
        .toList().get(index).action();
  }

  static Set<String> nodes(int from, int to) {
    return IntStream.rangeClosed(from, to).mapToObj(i -> "n" + i).collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void halfAndRestScaleWithTheNumberOfNodes() {
    Action.Partition five = partition(ScenarioReader.parse(SIM, "g.sim", Map.of()), 0);
    assertThat(five.side1()).isEqualTo(nodes(1, 2));
    assertThat(five.side2()).isEqualTo(nodes(3, 5));
    Action.Partition big = partition(ScenarioReader.parse(SIM, "g.sim", Map.of("cluster.nodes", "24")), 0);
    assertThat(big.side1()).isEqualTo(nodes(1, 12));
    assertThat(big.side2()).isEqualTo(nodes(13, 24));
  }

  @Test
  void racksAndDataCentresNameTheirNodes() {
    Action.Partition racks = partition(ScenarioReader.parse(SIM, "g.sim", Map.of("cluster.nodes", "24")), 1);
    assertThat(racks.side1()).hasSize(12).contains("n1", "n3", "n23");
    assertThat(racks.side2()).hasSize(12).contains("n2", "n24");
    String dcs = SIM.replace("  nodes 5\n  racks 2\n", "  dc east nodes 3 racks 1\n  dc west nodes 4 racks 1\n")
        .replace("{half} {rest}", "{east} {west}").replace("{rack1} {rack2}", "{west} {rest}");
    Action.Partition split = partition(ScenarioReader.parse(dcs, "g.sim", Map.of()), 0);
    assertThat(split.side1()).isEqualTo(nodes(1, 3));
    assertThat(split.side2()).isEqualTo(nodes(4, 7));
  }

  @Test
  void anUnknownWordIsRefusedAtItsLineWithWhatExists() {
    String bad = SIM.replace("{rack1} {rack2}", "{rack9} {rest}");
    assertThatThrownBy(() -> ScenarioReader.parse(bad, "g.sim", Map.of()))
        .hasMessageContaining("g.sim:10:")
        .hasMessageContaining("no node, data centre or rack named 'rack9'")
        .hasMessageContaining("racks rack1, rack2");
  }
}
