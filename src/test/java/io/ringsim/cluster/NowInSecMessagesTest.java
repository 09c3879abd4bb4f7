package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import io.ringsim.cluster.node.FilterSpec;
import io.ringsim.cluster.node.NodeMessage;
import io.ringsim.storage.ReadFilter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A read's now travels to the replicas in ReadData and RangeRead: it must cross the wire (cluster mode, and the
 * tests' serialize-messages), a now of 0 (a scenario's first second) is a real now, and a message without one
 * decodes back to NodeMessage.NO_NOW, which a replica takes as "use your own clock".
 */
class NowInSecMessagesTest {
  static final ActorTestKit kit = ActorTestKit.create(com.typesafe.config.ConfigFactory.load("application-test"));

  @AfterAll
  static void stop() {
    kit.shutdownTestKit();
  }

  @Test
  void theReadsNowCrossesTheWireAndIsLeftOutWhenThereIsNone() {
    var serialization = akka.serialization.SerializationExtension.get(kit.system().classicSystem());
    FilterSpec plain = FilterSpec.of(ReadFilter.ALL);
    int now = 1_795_000_000;
    NodeMessage.ReadData read = new NodeMessage.ReadData(2, "ks.t", new byte[] {1}, plain, now);
    NodeMessage.ReadData readCopy = (NodeMessage.ReadData) serialization.deserialize(
        serialization.serialize(read).get(), NodeMessage.ReadData.class).get();
    assertThat(readCopy.nowInSec()).isEqualTo(now);
    NodeMessage.RangeRead range = new NodeMessage.RangeRead(3, "ks.t", "-5", "7", plain, 100, 0, now);
    NodeMessage.RangeRead rangeCopy = (NodeMessage.RangeRead) serialization.deserialize(
        serialization.serialize(range).get(), NodeMessage.RangeRead.class).get();
    assertThat(rangeCopy.nowInSec()).isEqualTo(now);
    assertThat(rangeCopy.rowLimit()).isZero();

    // Second 0 is a real now: left out on the wire and read back as 0, which a replica judges by.
    NodeMessage.ReadData zero = new NodeMessage.ReadData(2, "ks.t", new byte[] {1}, plain, 0);
    byte[] zeroBytes = serialization.serialize(zero).get();
    assertThat(new String(zeroBytes, StandardCharsets.ISO_8859_1)).doesNotContain("nowInSec");
    assertThat(((NodeMessage.ReadData) serialization.deserialize(zeroBytes, NodeMessage.ReadData.class).get())
        .nowInSec()).isZero();
    // No now given crosses as NO_NOW, which a replica takes as "use your own clock".
    NodeMessage.ReadData none = new NodeMessage.ReadData(2, "ks.t", new byte[] {1}, plain);
    assertThat(((NodeMessage.ReadData) serialization.deserialize(serialization.serialize(none).get(),
        NodeMessage.ReadData.class).get()).nowInSec()).isEqualTo(NodeMessage.NO_NOW);
    assertThat(((NodeMessage.RangeRead) serialization.deserialize(serialization.serialize(new NodeMessage.RangeRead(
        3, "ks.t", "-5", "7", plain, 100)).get(), NodeMessage.RangeRead.class).get()).nowInSec())
        .isEqualTo(NodeMessage.NO_NOW);
  }
}
