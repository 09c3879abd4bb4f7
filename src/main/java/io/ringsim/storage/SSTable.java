package io.ringsim.storage;

import io.ringsim.ring.Token;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * An immutable sorted run of partitions: the data, a partition index (binary search over the sorted keys), a bloom
 * filter on the partition keys, and the metadata Cassandra keeps (token and timestamp bounds, size, level).
 */
public final class SSTable {
  private final long generation;
  private final int level;
  private final DecoratedKey[] keys;
  private final Partition[] partitions;
  private final BloomFilter bloom;
  private final long minTimestamp;
  private final long maxTimestamp;
  private final long bytes;
  private final long rows;
  private final long cells;

  private SSTable(long generation, int level, DecoratedKey[] keys, Partition[] partitions, BloomFilter bloom) {
    this.generation = generation;
    this.level = level;
    this.keys = keys;
    this.partitions = partitions;
    this.bloom = bloom;
    long min = Long.MAX_VALUE, max = Long.MIN_VALUE, size = 0, r = 0, c = 0;
    for (Partition p : partitions) {
      min = Math.min(min, p.minTimestamp());
      max = Math.max(max, p.maxTimestamp());
      size += p.dataSize();
      r += p.rowCount();
      c += p.cellCount();
    }
    this.minTimestamp = min;
    this.maxTimestamp = max;
    this.bytes = size;
    this.rows = r;
    this.cells = c;
  }

  /** Builds an SSTable from partitions already in key order. */
  public static SSTable build(long generation, int level, Collection<Partition> sorted, double bloomFpChance) {
    DecoratedKey[] keys = new DecoratedKey[sorted.size()];
    Partition[] parts = sorted.toArray(new Partition[0]);
    BloomFilter bf = BloomFilter.create(parts.length, bloomFpChance);
    for (int i = 0; i < parts.length; i++) {
      keys[i] = parts[i].key();
      bf.add(keys[i].key());
      if (i > 0 && keys[i - 1].compareTo(keys[i]) >= 0)
        throw new IllegalArgumentException("partitions out of order at " + keys[i]);
    }
    return new SSTable(generation, level, keys, parts, bf);
  }

  public long generation() {
    return generation;
  }

  public int level() {
    return level;
  }

  public SSTable withLevel(int l) {
    return new SSTable(generation, l, keys, partitions, bloom);
  }

  public Token minToken() {
    return keys[0].token();
  }

  public Token maxToken() {
    return keys[keys.length - 1].token();
  }

  public DecoratedKey firstKey() {
    return keys[0];
  }

  public DecoratedKey lastKey() {
    return keys[keys.length - 1];
  }

  public long minTimestamp() {
    return minTimestamp;
  }

  public long maxTimestamp() {
    return maxTimestamp;
  }

  public long bytes() {
    return bytes;
  }

  public int partitionCount() {
    return keys.length;
  }

  public long rowCount() {
    return rows;
  }

  public long cellCount() {
    return cells;
  }

  public BloomFilter bloomFilter() {
    return bloom;
  }

  public boolean coversKey(DecoratedKey k) {
    return keys.length > 0 && k.compareTo(keys[0]) >= 0 && k.compareTo(keys[keys.length - 1]) <= 0;
  }

  public boolean mightContain(DecoratedKey k) {
    return coversKey(k) && bloom.mightContain(k.key());
  }

  /** The partition for {@code k} via the index, or null. */
  public Partition get(DecoratedKey k) {
    int i = Arrays.binarySearch(keys, k);
    return i >= 0 ? partitions[i] : null;
  }

  public List<Partition> partitions() {
    return Arrays.asList(partitions);
  }

  /** Index of the first partition whose key is &gt;= k. */
  int ceilingIndex(DecoratedKey k) {
    int i = Arrays.binarySearch(keys, k);
    return i >= 0 ? i : -i - 1;
  }

  Partition partitionAt(int i) {
    return partitions[i];
  }

  @Override
  public String toString() {
    return "SSTable#" + generation + "(L" + level + ", " + keys.length + " partitions, " + bytes + " B)";
  }
}
