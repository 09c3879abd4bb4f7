package io.ringsim.cluster.node;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.NodeSpec;
import io.ringsim.ring.RandomAllocator;
import io.ringsim.ring.Ring;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeSettingsTest {

  @Test
  void defaultsAreCassandrasFromReferenceConf() {
    NodeSettings s = NodeSettings.defaults();
    assertThat(s.writeTimeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(s.readTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(s.hintedHandoff()).isTrue();
    assertThat(s.maxHintWindow()).isEqualTo(Duration.ofHours(3));
  }

  @Test
  void aConfigFileOverridesOneSettingAndKeepsTheOtherDefaults() {
    NodeSettings s = NodeSettings.from(ConfigFactory.parseString("ringsim.node.write-request-timeout = 500ms")
        .withFallback(ConfigFactory.defaultReference()));
    assertThat(s.writeTimeout()).isEqualTo(Duration.ofMillis(500));
    assertThat(s.readTimeout()).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void everyNodeOfARingGossipsWithTheOthersAndTheFirstThreeAreSeeds() {
    List<NodeSpec> specs = List.of(new NodeSpec("n1", "dc1", "r1", 4), new NodeSpec("n2", "dc1", "r1", 4),
        new NodeSpec("n3", "dc1", "r1", 4), new NodeSpec("n4", "dc1", "r1", 4));
    Ring ring = new Ring(Murmur3Partitioner.INSTANCE, new RandomAllocator(1).allocate(Murmur3Partitioner.INSTANCE,
        List.of(), specs));
    List<NodeConfig> configs = NodeSettings.defaults().forRing(ring, 7);
    assertThat(configs).extracting(NodeConfig::name).containsExactly("n1", "n2", "n3", "n4");
    assertThat(configs.get(3).peers()).containsExactly("n1", "n2", "n3");
    assertThat(configs.get(3).seeds()).containsExactly("n1", "n2", "n3");
    assertThat(configs).extracting(NodeConfig::index).containsExactly(0, 1, 2, 3);
    assertThat(NodeSettings.defaults().forRing(ring, 7)).isEqualTo(configs);
  }
}
