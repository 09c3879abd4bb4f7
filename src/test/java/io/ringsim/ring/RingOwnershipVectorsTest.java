package io.ringsim.ring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Whole rings from real Cassandra 4.1 (vectors/ring_ownership.tsv) with the ownership Cassandra computed for each node
 * at RF 1, SimpleStrategy RF 3 and rack-aware NetworkTopologyStrategy RF 3: ours must agree within 1e-9.
 */
class RingOwnershipVectorsTest {

  record NodeRow(int node, String rack, double rf1, double simple3, double nts3, List<Token> tokens) {}

  record Case(String name, List<NodeRow> nodes) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() throws Exception {
    Map<String, List<NodeRow>> byRing = new LinkedHashMap<>();
    try (var in = RingOwnershipVectorsTest.class.getResourceAsStream("/vectors/ring_ownership.tsv");
        var r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      r.readLine();
      for (String line; (line = r.readLine()) != null; ) {
        if (line.isBlank()) continue;
        String[] f = line.split("\t");
        String ring = f[0] + " racks=" + f[1] + " nodes=" + f[2] + " vnodes=" + f[3] + " seed=" + f[4];
        List<Token> tokens = new ArrayList<>();
        for (String t : f[10].split(",")) tokens.add(new LongToken(Long.parseLong(t.trim())));
        byRing.computeIfAbsent(ring, k -> new ArrayList<>())
            .add(new NodeRow(Integer.parseInt(f[5]), f[6], Double.parseDouble(f[7]), Double.parseDouble(f[8]),
                Double.parseDouble(f[9]), tokens));
      }
    }
    assertThat(byRing).hasSize(3);
    return byRing.entrySet().stream().map(e -> new Case(e.getKey(), e.getValue()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void ownershipMatchesCassandra(Case c) {
    List<Node> nodes = new ArrayList<>();
    for (NodeRow n : c.nodes()) nodes.add(new Node("n" + n.node(), "dc1", "rack" + n.rack(), n.tokens()));
    Ring ring = new Ring(Murmur3Partitioner.INSTANCE, nodes);
    double[] rf1 = Ownership.primary(ring);
    double[] simple = Ownership.effective(ring, new SimpleStrategy(3));
    double[] nts = Ownership.effective(ring, new NetworkTopologyStrategy(Map.of("dc1", 3)));
    for (int i = 0; i < nodes.size(); i++) {
      NodeRow n = c.nodes().get(i);
      assertThat(rf1[i]).as("rf1 of node %d", n.node()).isCloseTo(n.rf1(), within(1e-9));
      assertThat(simple[i]).as("simple rf3 of node %d", n.node()).isCloseTo(n.simple3(), within(1e-9));
      assertThat(nts[i]).as("nts rf3 of node %d", n.node()).isCloseTo(n.nts3(), within(1e-9));
    }
  }
}
