package io.ringsim.storage;

import java.util.Collection;
import java.util.NavigableMap;
import java.util.TreeMap;

/** The in-memory, mutable, sorted write buffer of one table. Lost on a crash; rebuilt from the commit log. */
public final class Memtable {
  private final TreeMap<DecoratedKey, Partition> partitions = new TreeMap<>();
  private long liveBytes;
  private long operations;

  public void apply(Partition update) {
    Partition p = partitions.get(update.key());
    if (p == null) {
      // Copied: in simulation one mutation object reaches several replicas.
      partitions.put(update.key(), update.copy());
    } else {
      p.apply(update);
    }
    liveBytes += update.dataSize();
    operations++;
  }

  public Partition get(DecoratedKey key) {
    return partitions.get(key);
  }

  public NavigableMap<DecoratedKey, Partition> partitions() {
    return partitions;
  }

  public Collection<Partition> sortedPartitions() {
    return partitions.values();
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
