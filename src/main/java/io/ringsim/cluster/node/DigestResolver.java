package io.ringsim.cluster.node;

import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reconciles the replicas' answers to one read (Cassandra's digest and data resolvers): the merged partition, whether
 * any two answers differed, and which replicas need the merged data to converge. Pure: the read repair itself is
 * {@link ReadCoordinator}'s.
 *
 * @param merged the answers merged (null when no replica holds the partition)
 * @param mismatch whether the answers differed (a digest mismatch)
 * @param stale the replicas whose data the merge would change, in the order of the answers
 */
record DigestResolver(Partition merged, boolean mismatch, List<String> stale) {

  /**
   * {@code answers}: each replica's encoded answer (empty for none) in replica-name order, with the answers already
   * decoded (replicas in this JVM attach theirs), so only the others are decoded here.
   */
  static DigestResolver resolve(ReplicaAnswers answers, TableSchema schema) {
    List<Partition> versions = new ArrayList<>(answers.size());
    boolean mismatch = false;
    byte[] first = null;
    Partition firstDecoded = null;
    for (int i = 0; i < answers.size(); i++) {
      byte[] d = answers.data(i);
      if (first == null) first = d;
      else if (!Arrays.equals(first, d)) mismatch = true;
      if (d.length == 0) continue;
      // An answer equal to the first decodes to an equal partition, and merging never changes its inputs: the first
      // one's decoding serves for it (the usual case, replicas that agree).
      if (firstDecoded != null && Arrays.equals(first, d)) {
        versions.add(firstDecoded);
        continue;
      }
      Partition p = answers.decoded(i, b -> PartitionCodec.decode(b, schema));
      if (d == first) firstDecoded = p;
      versions.add(p);
    }
    // Answers that agree are one partition, decoded once: it is the answer as it stands (merging it with itself would
    // only copy it, and list each of its range tombstones once per replica).
    if (!mismatch) return new DigestResolver(versions.isEmpty() ? null : versions.get(0), false, List.of());
    Partition merged = Partition.merge(versions);
    List<String> stale = new ArrayList<>();
    for (int i = 0; i < answers.size(); i++) {
      byte[] d = answers.data(i);
      Partition theirs = d.length == 0 ? null : answers.decoded(i, b -> PartitionCodec.decode(b, schema));
      Partition after = theirs == null ? merged : Partition.merge(List.of(theirs, merged));
      // A replica already holding everything the merge has would get the same bytes back: no repair for it.
      if (theirs != null && Arrays.equals(PartitionCodec.encode(after), d)) continue;
      stale.add(answers.name(i));
    }
    return new DigestResolver(merged, true, List.copyOf(stale));
  }
}
