package io.ringsim.cluster;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import io.ringsim.cluster.node.FilterSpec;
import io.ringsim.cluster.node.NodeMessage;
import io.ringsim.storage.ReadFilter;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * serialize-messages skips what goes through message adapters (all node traffic does), so every inter-node message
 * type is checked here: one instance of each must survive Jackson CBOR serialization.
 */
class NodeMessageSerializationTest {
  static final ActorTestKit kit = ActorTestKit.create(com.typesafe.config.ConfigFactory.load("application-test"));

  @AfterAll
  static void stop() {
    kit.shutdownTestKit();
  }

  @Test
  void everyNodeMessageRoundTrips() {
    byte[] data = {1, 2, 3};
    FilterSpec f = FilterSpec.of(ReadFilter.ALL);
    List<NodeMessage> all = List.of(
        new NodeMessage.Mutation(1, "ks.t", data, false),
        new NodeMessage.MutationAck(1),
        new NodeMessage.ReadData(2, "ks.t", data, f),
        new NodeMessage.ReadDataReply(2, data, 3, 4, List.of("warn"), null),
        new NodeMessage.RangeRead(3, "ks.t", "-5", "7", f, 100),
        new NodeMessage.RangeReadReply(3, List.of(data), 1, 0, null),
        new NodeMessage.PaxosPrepare(4, "ks.t", data, 99L << 16, f),
        new NodeMessage.PaxosPromise(4, true, 99L << 16, 0, data, 0, data),
        new NodeMessage.PaxosPropose(5, "ks.t", data, 99L << 16, data),
        new NodeMessage.PaxosAccepted(5, true),
        new NodeMessage.PaxosCommit(6, "ks.t", data, 99L << 16, data),
        new NodeMessage.TreeRequest(7, "ks.t", null, "12", 0),
        new NodeMessage.TreeReply(7, "n1", List.of(data)),
        new NodeMessage.Stream(8, "ks.t", List.of(data)),
        new NodeMessage.StreamAck(8, 1));
    for (NodeMessage m : all) kit.serializationTestKit().verifySerialization(m, false);
  }
}
