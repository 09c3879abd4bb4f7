package io.ringsim.cluster.node;

import static io.ringsim.cluster.ConsistencyLevel.ALL;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cluster.KvTable;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.LivenessInfo;
import io.ringsim.storage.Partition;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Row;
import org.junit.jupiter.api.Test;

/**
 * Second 0 is a now like any other: a scenario's first second, where the bench's clocks start. A coordinator whose
 * now is 0 sends 0 to its replicas, and they judge expiry by it, not by their own clocks; a client's now of 0 is the
 * request's now. (With 0 meaning "no now given", both fell back to the nodes' clocks.)
 */
class CoordinatorNowTest extends CoordinatorTestBase {
  /** {@code key = value} with a 5 s TTL, written through n1 at ALL. */
  private static void writeWithTtl(CoordinatorBench b, String key, int value) {
    ClientRequest.Write w = new ClientRequest.Write(KvTable.TABLE, KvTable.key(key), (ts, now) -> {
      Partition p = KvTable.SCHEMA.newPartition(KvTable.key(key));
      p.add(Row.builder(Clustering.EMPTY).marker(LivenessInfo.of(ts, 5, now))
          .cell("v", Cell.expiring(ts, 5, now, CqlTypes.INT.serialize(value))).build());
      return p;
    }, ALL, false);
    WriteCoordinator.coordinate(b.coordinator(), w, b.replies::add);
    b.deliver();
  }

  @Test
  void aReplicaAheadJudgesExpiryAtTheCoordinatorsNowOfSecondZero() {
    CoordinatorBench b = oneDc(3, 3);
    writeWithTtl(b, "a", 1);
    assertThat(((ClientResponse.WriteDone) b.reply()).nowInSec()).as("the write's now").isZero();
    b.replies.clear();
    b.node("n2").setSkewMicros(10_000_000L); // n2's clock reads second 10: the row has expired by it

    b.read("a", ALL);
    b.deliver();
    ClientResponse.ReadDone d = (ClientResponse.ReadDone) b.reply();
    assertThat(d.nowInSec()).isZero();
    assertThat(CoordinatorBench.value(d)).isEqualTo(1);
    assertThat(b.last("n2", NodeMessage.ReadData.class).nowInSec()).isZero();
    // n2 counts the row live, as a Cassandra replica judging the ReadCommand's nowInSec does.
    assertThat(b.answerOf("n2").rows()).as("live rows n2 read").isEqualTo(1);
  }

  @Test
  void aClientsNowOfSecondZeroIsTheRequestsNow() {
    CoordinatorBench b = oneDc(3, 3);
    writeWithTtl(b, "a", 1);
    b.replies.clear();
    b.node("n1").setSkewMicros(10_000_000L); // the coordinator's own clock reads second 10
    ReadCoordinator.coordinate(b.coordinator(), new ClientRequest.Read(KvTable.TABLE, KvTable.key("a"),
        ReadFilter.ALL, ALL, false, 0), b.replies::add);
    b.deliver();
    ClientResponse.ReadDone d = (ClientResponse.ReadDone) b.reply();
    assertThat(d.nowInSec()).isZero();
    assertThat(CoordinatorBench.value(d)).as("live at the client's now").isEqualTo(1);

    b.replies.clear();
    b.read("a", ALL); // no now given: n1's clock, second 10, by which the row has expired
    b.deliver();
    assertThat(((ClientResponse.ReadDone) b.reply()).nowInSec()).isEqualTo(10);
    assertThat(CoordinatorBench.value(b.reply())).isNull();
  }
}
