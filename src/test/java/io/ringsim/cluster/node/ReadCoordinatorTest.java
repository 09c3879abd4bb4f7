package io.ringsim.cluster.node;

import static io.ringsim.cluster.ConsistencyLevel.ALL;
import static io.ringsim.cluster.ConsistencyLevel.ONE;
import static io.ringsim.cluster.ConsistencyLevel.QUORUM;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cql.CqlErrorClass;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a client of one coordinated single-partition read sees (n1 coordinates, RF 3 on three nodes): how many
 * replicas each level asks, the newest value winning a disagreement and the stale replica repaired before the
 * answer, the speculative retry to a spare replica, Unavailable, the read timeout and a replica's failure.
 */
class ReadCoordinatorTest extends CoordinatorTestBase {
  /** Three nodes, RF 3, with {@code a = 1} on every replica. */
  private static CoordinatorBench written() {
    CoordinatorBench b = oneDc(3, 3);
    b.write("a", 1, ALL);
    b.deliver();
    assertThat(b.reply()).isInstanceOf(ClientResponse.WriteDone.class);
    b.replies.clear();
    b.sent.clear();
    return b;
  }

  /** The peers a read asked for data, in the order it asked them. */
  private static List<String> asked(CoordinatorBench b) {
    List<String> out = new ArrayList<>();
    for (CoordinatorBench.Sent s : b.sent) if (s.message() instanceof NodeMessage.ReadData) out.add(s.to());
    return out;
  }

  @Test
  void oneReadsTheCoordinatorsOwnReplicaAndAsksNoPeer() {
    CoordinatorBench b = written();
    b.read("a", ONE);
    assertThat(CoordinatorBench.value(b.reply())).isEqualTo(1);
    assertThat(((ClientResponse.ReadDone) b.reply()).replicas()).containsExactly("n1");
    assertThat(asked(b)).isEmpty();
  }

  @Test
  void quorumAsksOnePeerBesideItselfAndAnswersWhenItReplies() {
    CoordinatorBench b = written();
    b.read("a", QUORUM);
    assertThat(b.replies).as("one answer of the two").isEmpty();
    assertThat(asked(b)).hasSize(1);
    b.deliver();
    ClientResponse.ReadDone d = (ClientResponse.ReadDone) b.reply();
    assertThat(CoordinatorBench.value(d)).isEqualTo(1);
    assertThat(d.replicas()).containsExactlyInAnyOrder("n1", asked(b).get(0));
    assertThat(d.repaired()).isFalse();
  }

  @Test
  void theNewestValueWinsAndTheStaleReplicaIsRepairedBeforeTheAnswer() {
    CoordinatorBench b = written();
    b.silence("n3");
    b.write("a", 2, QUORUM); // n1 and n2 take it; n3 misses it
    b.deliver();
    b.unsilence("n3");
    b.replies.clear();
    assertThat(b.stored("n3", "a")).isEqualTo(1);

    b.silence("n3");
    b.read("a", ALL);
    b.deliver();
    assertThat(b.replies).as("n3 has not answered").isEmpty();
    b.unsilence("n3");
    long id = b.last("n3", NodeMessage.ReadData.class).requestId();
    b.receive("n3", b.answerOf("n3")); // its stale value
    assertThat(b.sentTo("n3", NodeMessage.Mutation.class)).as("the read repair")
        .filteredOn(m -> m.requestId() == id).hasSize(1);
    assertThat(b.sentTo("n2", NodeMessage.Mutation.class)).as("n2 agreed: no repair")
        .filteredOn(m -> m.requestId() == id).isEmpty();
    ClientResponse.ReadDone d = (ClientResponse.ReadDone) b.reply();
    assertThat(CoordinatorBench.value(d)).isEqualTo(2);
    assertThat(d.repaired()).isTrue();
    assertThat(b.stored("n3", "a")).isEqualTo(2);
  }

  @Test
  void theAnswerWaitsForTheRepairsAcknowledgement() {
    CoordinatorBench b = written();
    b.silence("n3");
    b.write("a", 2, QUORUM);
    b.deliver();
    b.replies.clear();
    b.read("a", ALL);
    b.deliver(); // n2 answers; n3's copy of the request is lost
    b.receive("n3", b.answerOf("n3")); // the repair to n3 is lost too
    assertThat(b.replies).as("blocking read repair: no answer before n3 acknowledges").isEmpty();
    b.acknowledges("n3");
    assertThat(CoordinatorBench.value(b.reply())).isEqualTo(2);
  }

  @Test
  void aLateReplicaMakesTheCoordinatorAskTheSpareOne() {
    CoordinatorBench b = written();
    b.read("a", QUORUM);
    String first = asked(b).get(0);
    String spare = first.equals("n2") ? "n3" : "n2";
    b.silence(first);
    b.deliver();
    assertThat(b.replies).isEmpty();
    b.timePasses(Duration.ofMillis(49));
    assertThat(asked(b)).containsExactly(first);
    b.timePasses(Duration.ofMillis(1));
    assertThat(asked(b)).as("speculative retry after 50 ms").containsExactly(first, spare);
    b.deliver();
    ClientResponse.ReadDone d = (ClientResponse.ReadDone) b.reply();
    assertThat(d.replicas()).containsExactlyInAnyOrder("n1", spare);
    assertThat(CoordinatorBench.value(d)).isEqualTo(1);
  }

  @Test
  void tooFewLiveReplicasIsUnavailable() {
    CoordinatorBench b = written();
    b.down("n2");
    b.down("n3");
    b.read("a", QUORUM);
    ClientResponse.Failed f = b.failure(CqlErrorClass.Unavailable);
    assertThat(f.message()).isEqualTo("Cannot achieve consistency level QUORUM (required 2, alive 1)");
    assertThat(asked(b)).isEmpty();
  }

  @Test
  void silentReplicasTimeOutAtTheReadTimeout() {
    CoordinatorBench b = written();
    b.silence("n2");
    b.silence("n3");
    b.read("a", QUORUM);
    b.timePasses(Duration.ofMillis(4999));
    assertThat(b.replies).as("read_request_timeout is 5 s").isEmpty();
    b.timePasses(Duration.ofMillis(1));
    ClientResponse.Failed f = b.failure(CqlErrorClass.ReadTimeout);
    assertThat(f.message()).isEqualTo("Operation timed out - received only 1 responses.");
    assertThat(f.received()).isEqualTo(1);
    assertThat(f.required()).isEqualTo(2);
  }

  @Test
  void aReplicasFailureIsAReadFailureNamingIt() {
    CoordinatorBench b = written();
    b.read("a", QUORUM);
    String peer = asked(b).get(0);
    long id = b.last(peer, NodeMessage.ReadData.class).requestId();
    b.receive(peer, new NodeMessage.ReadDataReply(id, new byte[0], 0, 0, 100_001, List.of(),
        "Scanned over 100001 tombstones"));
    ClientResponse.Failed f = b.failure(CqlErrorClass.ReadFailure);
    assertThat(f.message())
        .isEqualTo("Operation failed - received 1 responses and 1 failures: Scanned over 100001 tombstones");
    b.deliver();
    assertThat(b.replies).as("nothing more after the failure").hasSize(1);
  }

  @Test
  void aReplicasWarningReachesTheClient() {
    CoordinatorBench b = written();
    b.read("a", QUORUM);
    String peer = asked(b).get(0);
    NodeMessage.ReadDataReply real = b.answerOf(peer);
    b.receive(peer, new NodeMessage.ReadDataReply(real.requestId(), real.data(), 0, 1, 1_001,
        List.of("Read 1 live rows and 1001 tombstone cells"), null));
    ClientResponse.ReadDone d = (ClientResponse.ReadDone) b.reply();
    assertThat(d.warnings()).containsExactly("Read 1 live rows and 1001 tombstone cells");
    assertThat(CoordinatorBench.value(d)).isEqualTo(1);
  }
}
