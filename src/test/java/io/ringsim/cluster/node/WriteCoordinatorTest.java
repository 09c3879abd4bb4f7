package io.ringsim.cluster.node;

import static io.ringsim.cluster.ConsistencyLevel.ALL;
import static io.ringsim.cluster.ConsistencyLevel.ANY;
import static io.ringsim.cluster.ConsistencyLevel.EACH_QUORUM;
import static io.ringsim.cluster.ConsistencyLevel.LOCAL_QUORUM;
import static io.ringsim.cluster.ConsistencyLevel.ONE;
import static io.ringsim.cluster.ConsistencyLevel.QUORUM;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cql.CqlErrorClass;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What a client of one coordinated write sees (n1 coordinates; the replicas answer only when the test delivers): when
 * the answer comes for each consistency level, which acknowledgements count, Unavailable before anything is sent,
 * the timeout's error and the hints it leaves, and ANY met by a hint.
 */
class WriteCoordinatorTest extends CoordinatorTestBase {
  @Test
  void oneIsAnsweredByTheCoordinatorsOwnReplicaBeforeAnyPeerAnswers() {
    CoordinatorBench b = oneDc(3, 3);
    b.write("a", 1, ONE);
    assertThat(b.reply()).isInstanceOfSatisfying(ClientResponse.WriteDone.class,
        d -> assertThat(d.acked()).containsExactly("n1"));
    // The mutation still goes to every replica.
    assertThat(b.sentTo("n2", NodeMessage.Mutation.class)).hasSize(1);
    assertThat(b.sentTo("n3", NodeMessage.Mutation.class)).hasSize(1);
  }

  @Test
  void quorumOfThreeWaitsForASecondAcknowledgementAndAnswersOnce() {
    CoordinatorBench b = oneDc(3, 3);
    b.silence("n3");
    b.write("a", 1, QUORUM);
    assertThat(b.replies).as("only the coordinator's own acknowledgement so far").isEmpty();
    b.deliver();
    assertThat(b.reply()).isInstanceOfSatisfying(ClientResponse.WriteDone.class,
        d -> assertThat(d.acked()).containsExactly("n1", "n2"));
    // A late acknowledgement after the answer changes nothing the client sees.
    b.acknowledges("n3");
    assertThat(b.replies).hasSize(1);
    assertThat(b.stored("n2", "a")).isEqualTo(1);
  }

  @Test
  void allCountsAReplicaOnceHoweverOftenItAnswers() {
    CoordinatorBench b = oneDc(3, 3);
    b.silence("n2");
    b.silence("n3");
    b.write("a", 1, ALL);
    b.acknowledges("n2");
    b.acknowledges("n2");
    assertThat(b.replies).as("n1 and n2 (twice) are two of three").isEmpty();
    b.acknowledges("n3");
    assertThat(b.reply()).isInstanceOf(ClientResponse.WriteDone.class);
  }

  @Test
  void tooFewLiveReplicasIsUnavailableAndNothingIsSent() {
    CoordinatorBench b = oneDc(3, 3);
    b.down("n2");
    b.down("n3");
    b.write("a", 1, QUORUM);
    ClientResponse.Failed f = b.failure(CqlErrorClass.Unavailable);
    assertThat(f.message()).isEqualTo("Cannot achieve consistency level QUORUM (required 2, alive 1)");
    assertThat(b.sent).isEmpty();
    assertThat(b.stored("n1", "a")).as("not applied anywhere").isNull();
    assertThat(b.coordinator().hints.stored()).isZero();
  }

  @Test
  void oneDownReplicaLeavesQuorumAvailableAndGetsAHint() {
    CoordinatorBench b = oneDc(3, 3);
    b.down("n3");
    b.write("a", 1, QUORUM);
    assertThat(b.sentTo("n3", NodeMessage.Mutation.class)).isEmpty();
    assertThat(b.coordinator().hints.pending()).containsEntry("n3", 1);
    b.deliver();
    assertThat(b.reply()).isInstanceOf(ClientResponse.WriteDone.class);
  }

  @Test
  void silentReplicasTimeOutAtTheWriteTimeoutWithWhatWasReceivedAndAreHinted() {
    CoordinatorBench b = oneDc(3, 3);
    b.silence("n2");
    b.silence("n3");
    b.write("a", 1, QUORUM);
    b.timePasses(Duration.ofMillis(1999));
    assertThat(b.replies).as("write_request_timeout is 2 s").isEmpty();
    b.timePasses(Duration.ofMillis(1));
    ClientResponse.Failed f = b.failure(CqlErrorClass.WriteTimeout);
    assertThat(f.message()).isEqualTo("Operation timed out - received only 1 responses.");
    assertThat(f.received()).isEqualTo(1);
    assertThat(f.required()).isEqualTo(2);
    // Cassandra writes a hint for each replica that never answered.
    assertThat(b.coordinator().hints.pending()).containsEntry("n2", 1).containsEntry("n3", 1);
  }

  @Test
  void aWriteWhoseTableIsDroppedBeforeItTimesOutStillAnswersAndLeavesNoHint() {
    CoordinatorBench b = oneDc(3, 3);
    b.silence("n2");
    b.silence("n3");
    b.write("a", 1, QUORUM);
    b.dropTable();
    b.timePasses(Duration.ofSeconds(2));
    assertThat(b.failure(CqlErrorClass.WriteTimeout).message())
        .isEqualTo("Operation timed out - received only 1 responses.");
    assertThat(b.coordinator().hints.stored()).as("nothing to replay into a dropped table").isZero();
  }

  @Test
  void aTimeoutAfterTheAnswerHintsTheSilentReplicaWithoutASecondAnswer() {
    CoordinatorBench b = oneDc(3, 3);
    b.silence("n3");
    b.write("a", 1, QUORUM);
    b.deliver();
    b.timePasses(Duration.ofSeconds(2));
    assertThat(b.reply()).isInstanceOf(ClientResponse.WriteDone.class);
    assertThat(b.coordinator().hints.pending()).containsOnlyKeys("n3");
  }

  @Test
  void anyIsMetByAHintWhenEveryReplicaIsDown() {
    CoordinatorBench b = oneDc(4, 1);
    String key = b.keyReplicatedOn(Set.of("n2"));
    b.down("n2");
    b.write(key, 1, ONE);
    assertThat(b.failure(CqlErrorClass.Unavailable).message())
        .isEqualTo("Cannot achieve consistency level ONE (required 1, alive 0)");
    b.replies.clear();
    b.write(key, 1, ANY);
    assertThat(b.reply()).isInstanceOfSatisfying(ClientResponse.WriteDone.class,
        d -> assertThat(d.acked()).as("no replica acknowledged: the hint did").isEmpty());
    assertThat(b.coordinator().hints.pending()).containsEntry("n2", 1);
  }

  @Test
  void localQuorumCountsOnlyTheCoordinatorsDataCentre() {
    CoordinatorBench b = twoDcs();
    b.silence("n2");
    b.silence("n3");
    b.write("a", 1, LOCAL_QUORUM);
    b.deliver();
    assertThat(b.replies).as("n1 and all of dc2 answered: one of the two dc1 acknowledgements").isEmpty();
    b.acknowledges("n2");
    assertThat(b.reply()).isInstanceOfSatisfying(ClientResponse.WriteDone.class,
        d -> assertThat(d.acked()).containsExactlyInAnyOrder("n1", "n2", "n4", "n5", "n6"));
  }

  @Test
  void eachQuorumWaitsForAQuorumInEveryDataCentre() {
    CoordinatorBench b = twoDcs();
    b.silence("n5");
    b.silence("n6");
    b.write("a", 1, EACH_QUORUM);
    b.deliver();
    assertThat(b.replies).as("dc1 complete, dc2 only one of two").isEmpty();
    b.acknowledges("n5");
    assertThat(b.reply()).isInstanceOf(ClientResponse.WriteDone.class);
  }
}
