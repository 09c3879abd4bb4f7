package io.ringsim.cluster.node;

import io.ringsim.storage.Partition;
import java.util.Arrays;
import java.util.List;

/**
 * The replicas' answers to one read, in replica-name order (the fixed order {@link DigestResolver} compares and
 * merges them in): each one's encoded partition (empty for none) and, from a replica in this JVM, the same partition
 * decoded. A handful of entries (the replicas contacted), so three small arrays rather than a sorted map and a hash
 * map with an entry object per answer.
 */
final class ReplicaAnswers {
  private String[] names = new String[4];
  private byte[][] data = new byte[4][];
  private Partition[] decoded = new Partition[4];
  private int size;

  int size() {
    return size;
  }

  boolean contains(String replica) {
    for (int i = 0; i < size; i++) if (names[i].equals(replica)) return true;
    return false;
  }

  /** Adds {@code replica}'s answer ({@code decodedData}: null when it came only as bytes), kept in name order. */
  void add(String replica, byte[] bytes, Partition decodedData) {
    if (size == names.length) {
      names = Arrays.copyOf(names, size * 2);
      data = Arrays.copyOf(data, size * 2);
      decoded = Arrays.copyOf(decoded, size * 2);
    }
    int i = size++;
    for (; i > 0 && names[i - 1].compareTo(replica) > 0; i--) {
      names[i] = names[i - 1];
      data[i] = data[i - 1];
      decoded[i] = decoded[i - 1];
    }
    names[i] = replica;
    data[i] = bytes;
    decoded[i] = decodedData;
  }

  String name(int i) {
    return names[i];
  }

  byte[] data(int i) {
    return data[i];
  }

  /** Answer {@code i} decoded: the partition its replica attached, else decoded from its bytes by {@code decode}. */
  Partition decoded(int i, java.util.function.Function<byte[], Partition> decode) {
    Partition p = decoded[i];
    return p != null ? p : decode.apply(data[i]);
  }

  /** The replicas that answered, in name order. */
  List<String> names() {
    return List.of(Arrays.copyOf(names, size));
  }
}
