package io.ringsim.cluster.node;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.TableParams;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.LivenessInfo;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.Row;
import io.ringsim.storage.TableSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A coordinator's reconciliation of the replicas' answers to a read: answers are taken in replica-name order whatever
 * order they arrive in; answers that agree are the answer as it is (no repair); answers that differ merge, and only
 * the replicas the merge would change are repaired.
 */
class DigestResolverTest {
  private final TableSchema schema = TableSchema.of(new TableMetadata("ks", "kv", List.of(
      ColumnDef.partitionKey("k", CqlTypes.INT, 0), ColumnDef.regular("v", CqlTypes.INT)), TableParams.DEFAULTS),
      Murmur3Partitioner.INSTANCE);

  private Partition row(long ts, int v) {
    Partition p = schema.newPartition(CqlTypes.INT.serialize(1));
    p.add(Row.builder(Clustering.EMPTY).marker(LivenessInfo.of(ts, 0, 10)).cell("v",
        Cell.live(ts, CqlTypes.INT.serialize(v))).build());
    return p;
  }

  @Test
  void answersAreKeptInReplicaNameOrder() {
    ReplicaAnswers a = new ReplicaAnswers();
    for (String n : List.of("n5", "n1", "n3", "n2", "n4")) a.add(n, new byte[] {(byte) n.charAt(1)}, null);
    assertThat(a.names()).containsExactly("n1", "n2", "n3", "n4", "n5");
    for (int i = 0; i < a.size(); i++) assertThat(a.data(i)).containsExactly((byte) a.name(i).charAt(1));
    assertThat(a.contains("n3")).isTrue();
    assertThat(a.contains("n6")).isFalse();
  }

  @Test
  void agreeingAnswersNeedNoRepair() {
    Partition p = row(5, 7);
    ReplicaAnswers a = new ReplicaAnswers();
    a.add("n2", PartitionCodec.encode(p), null);
    a.add("n1", PartitionCodec.encode(p), p);
    DigestResolver r = DigestResolver.resolve(a, schema);
    assertThat(r.mismatch()).isFalse();
    assertThat(r.stale()).isEmpty();
    assertThat(PartitionCodec.encode(r.merged())).isEqualTo(PartitionCodec.encode(p));
  }

  @Test
  void differingAnswersMergeAndRepairOnlyTheStaleReplicas() {
    Partition older = row(5, 7), newer = row(9, 8);
    ReplicaAnswers a = new ReplicaAnswers();
    a.add("n3", PartitionCodec.encode(newer), null);
    a.add("n1", PartitionCodec.encode(older), null);
    a.add("n2", new byte[0], null);
    DigestResolver r = DigestResolver.resolve(a, schema);
    assertThat(r.mismatch()).isTrue();
    assertThat(PartitionCodec.encode(r.merged())).isEqualTo(PartitionCodec.encode(newer));
    assertThat(r.stale()).containsExactly("n1", "n2");
  }
}
