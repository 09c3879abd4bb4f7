package io.ringsim.cluster.node;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.ManualTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * What the coordinator tests share: an actor system whose clock only a test moves ({@link ManualTime}), started once
 * per test class, and the benches built on it.
 */
abstract class CoordinatorTestBase {
  private static ActorTestKit kit;

  @BeforeAll
  static void startKit() {
    kit = ActorTestKit.create(ManualTime.config());
  }

  @AfterAll
  static void stopKit() {
    kit.shutdownTestKit();
  }

  /** {@code nodes} nodes in one data centre, the keyspace at replication factor {@code rf}. */
  static CoordinatorBench oneDc(int nodes, int rf) {
    return new CoordinatorBench(kit, List.of(nodes), Map.of("class", "SimpleStrategy", "replication_factor",
        String.valueOf(rf)));
  }

  /** Two data centres of three nodes (n1-n3, n4-n6), the keyspace at RF 3 in each. */
  static CoordinatorBench twoDcs() {
    return new CoordinatorBench(kit, List.of(3, 3), Map.of("class", "NetworkTopologyStrategy", "dc1", "3", "dc2",
        "3"));
  }
}
