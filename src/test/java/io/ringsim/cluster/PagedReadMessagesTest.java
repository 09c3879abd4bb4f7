package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import io.ringsim.cluster.node.FilterSpec;
import io.ringsim.cluster.node.NodeMessage;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Slice;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A page's reads carry two things other reads do not (the replica stops at the limit; a range page's row limit).
 * They must cross the wire, and reads that do not page must serialize without them, to the bytes they always had:
 * the scenarios' runs stay byte for byte the same.
 */
class PagedReadMessagesTest {
  static final ActorTestKit kit = ActorTestKit.create(com.typesafe.config.ConfigFactory.load("application-test"));

  @AfterAll
  static void stop() {
    kit.shutdownTestKit();
  }

  @Test
  void pagedReadsRoundTripAndOthersLeaveTheNewFieldsOut() {
    var serialization = akka.serialization.SerializationExtension.get(kit.system().classicSystem());
    FilterSpec plain = FilterSpec.of(ReadFilter.ALL);
    FilterSpec paged = FilterSpec.of(ReadFilter.ALL.page(List.of(Slice.ALL), 101));
    NodeMessage.RangeRead page = new NodeMessage.RangeRead(3, "ks.t", "-5", "7", paged, 100, 101);
    NodeMessage.RangeRead copy = (NodeMessage.RangeRead) serialization.deserialize(
        serialization.serialize(page).get(), NodeMessage.RangeRead.class).get();
    assertThat(copy.rowLimit()).isEqualTo(101);
    assertThat(copy.filter().paged()).isTrue();
    assertThat(copy.filter().toFilter().limit()).isEqualTo(101);
    for (NodeMessage m : List.of(new NodeMessage.RangeRead(3, "ks.t", "-5", "7", plain, 100),
        new NodeMessage.ReadData(2, "ks.t", new byte[] {1}, plain))) {
      String bytes = new String(serialization.serialize(m).get(), StandardCharsets.ISO_8859_1);
      assertThat(bytes).doesNotContain("paged").doesNotContain("rowLimit");
    }
  }
}
