package io.ringsim.storage;

import io.ringsim.ring.LongToken;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;

/**
 * The in-memory, mutable write buffer of one table. Lost on a crash; rebuilt from the commit log.
 *
 * <p>Partitions are found by hashing their key, and put in token order only when something needs that order (a
 * flush, a merge over the SSTables). A sorted tree would order them on every write instead: with tens of thousands
 * of partitions per memtable, the walk down it (a cold tree node and key at every level) was the largest single cost
 * of a replica's write (about 29% of the simulation thread in ClusterWriteBench's QUORUM writes, async-profiler).
 * Reads of a key never needed the order, and range scans filter every held key by token anyway.
 */
public final class Memtable {
  private final HashMap<DecoratedKey, Partition> partitions = new HashMap<>();
  /** The partitions in token order, kept until a new partition arrives (updates merge into the same objects). */
  private List<Partition> sorted;
  private long liveBytes;
  private long operations;

  public void apply(Partition update) {
    Partition p = partitions.get(update.key());
    if (p == null) {
      // Copied: in simulation one mutation object reaches several replicas.
      partitions.put(update.key(), update.copy());
      sorted = null;
    } else {
      p.apply(update);
    }
    liveBytes += update.dataSize();
    operations++;
  }

  public Partition get(DecoratedKey key) {
    return partitions.get(key);
  }

  /** The keys held, in no particular order. */
  public Collection<DecoratedKey> keys() {
    return partitions.keySet();
  }

  public int partitionCount() {
    return partitions.size();
  }

  /** The partitions in token order (then key bytes, as Cassandra orders them). */
  public List<Partition> sortedPartitions() {
    if (sorted == null) {
      Partition[] all = partitions.values().toArray(new Partition[0]);
      if (all.length > 0 && all[0].key().token() instanceof LongToken) sortByLongToken(all);
      else Arrays.sort(all, (a, b) -> a.key().compareTo(b.key()));
      sorted = Collections.unmodifiableList(Arrays.asList(all)); // List.of would copy the array again
    }
    return sorted;
  }

  /**
   * Murmur3 tokens sort as the longs beside them, in one array of small records allocated together, so the sort
   * does not reach a cold key and token object at each comparison (a tie, two keys with one token, falls back to
   * the keys' order).
   */
  private static void sortByLongToken(Partition[] all) {
    record Keyed(long token, Partition partition) {}
    Keyed[] keyed = new Keyed[all.length];
    for (int i = 0; i < all.length; i++) keyed[i] = new Keyed(((LongToken) all[i].key().token()).value(), all[i]);
    Arrays.sort(keyed, (a, b) -> a.token != b.token ? Long.compare(a.token, b.token)
        : a.partition.key().compareTo(b.partition.key()));
    for (int i = 0; i < all.length; i++) all[i] = keyed[i].partition;
  }

  public boolean isEmpty() {
    return partitions.isEmpty();
  }

  /** Bytes written into this memtable (what the flush threshold is compared against). */
  public long liveBytes() {
    return liveBytes;
  }

  public long operations() {
    return operations;
  }
}
