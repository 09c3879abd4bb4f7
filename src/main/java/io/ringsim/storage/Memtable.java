package io.ringsim.storage;

import io.ringsim.ring.LongToken;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * The in-memory, mutable write buffer of one table. Lost on a crash; rebuilt from the commit log.
 *
 * <p>Partitions are found by hashing their key, and put in token order only when something needs that order (a
 * flush, a merge over the SSTables). A sorted tree would order them on every write instead: with tens of thousands
 * of partitions per memtable, the walk down it (a cold tree node and key at every level) was the largest single cost
 * of a replica's write (about 29% of the simulation thread in ClusterWriteBench's QUORUM writes, async-profiler).
 * Reads of a key never needed the order, and range scans filter every held key by token anyway.
 *
 * <p>The table is open addressing over two arrays: each slot's hash (a Murmur3 token's value itself, else the key
 * bytes' hash) beside its partition, so a probe compares longs and reaches a partition's key only on a match, and a
 * write allocates nothing for the table (a {@code HashMap} allocated an entry per partition, and rehashed them all
 * each time it doubled on its way to tens of thousands: together 10% of the ten-million scenario's simulation
 * thread). A Murmur3 memtable sorts its tokens as primitives for a flush.
 */
public final class Memtable {
  private long[] hashes;
  private Partition[] slots;
  private int size;
  private int shift; // 64 - log2(slots.length)
  private boolean murmur3 = true; // every key held has a LongToken
  /** The partitions in token order, kept until a new partition arrives (updates merge into the same objects). */
  private List<Partition> sorted;
  private long liveBytes;
  private long operations;

  public Memtable() {
    this(0);
  }

  /** @param expected partitions it will probably hold (the last memtable's count): sized once instead of doubling */
  public Memtable(int expected) {
    int capacity = Integer.highestOneBit(Math.max(16, Math.min(1 << 29, expected * 2)) - 1) << 1;
    hashes = new long[capacity];
    slots = new Partition[capacity];
    shift = 64 - Integer.numberOfTrailingZeros(capacity);
  }

  public void apply(Partition update) {
    DecoratedKey key = update.key();
    long h = hash(key);
    int i = find(key, h);
    Partition p = slots[i];
    if (p == null) {
      // Copied: in simulation one mutation object reaches several replicas.
      slots[i] = update.copy();
      hashes[i] = h;
      murmur3 &= key.token() instanceof LongToken;
      sorted = null;
      if (++size * 2 > slots.length) grow();
    } else {
      p.apply(update);
    }
    liveBytes += update.dataSize();
    operations++;
  }

  public Partition get(DecoratedKey key) {
    return slots[find(key, hash(key))];
  }

  private static long hash(DecoratedKey key) {
    return key.token() instanceof LongToken t ? t.value() : Arrays.hashCode(key.key());
  }

  /** The slot holding {@code key}, or the empty slot where it would go (linear probing). */
  private int find(DecoratedKey key, long h) {
    int mask = slots.length - 1;
    int i = (int) ((h * 0x9E3779B97F4A7C15L) >>> shift);
    while (true) {
      Partition p = slots[i];
      if (p == null || (hashes[i] == h && Arrays.equals(p.key().key(), key.key()))) return i;
      i = (i + 1) & mask;
    }
  }

  private void grow() {
    long[] oldHashes = hashes;
    Partition[] oldSlots = slots;
    hashes = new long[oldSlots.length * 2];
    slots = new Partition[oldSlots.length * 2];
    shift--;
    int mask = slots.length - 1;
    for (int j = 0; j < oldSlots.length; j++) {
      if (oldSlots[j] == null) continue;
      int i = (int) ((oldHashes[j] * 0x9E3779B97F4A7C15L) >>> shift);
      while (slots[i] != null) i = (i + 1) & mask;
      slots[i] = oldSlots[j];
      hashes[i] = oldHashes[j];
    }
  }

  /** The keys held, in no particular order. */
  public Collection<DecoratedKey> keys() {
    Partition[] all = held();
    return new AbstractList<>() {
      @Override
      public DecoratedKey get(int i) {
        return all[i].key();
      }

      @Override
      public int size() {
        return all.length;
      }
    };
  }

  /** The partitions held, in slot order. */
  private Partition[] held() {
    Partition[] all = new Partition[size];
    int n = 0;
    for (Partition p : slots) if (p != null) all[n++] = p;
    return all;
  }

  public int partitionCount() {
    return size;
  }

  /** The partitions in token order (then key bytes, as Cassandra orders them). */
  public List<Partition> sortedPartitions() {
    if (sorted == null) {
      Partition[] all;
      if (murmur3) {
        all = sortedByLongToken();
      } else {
        all = held();
        Arrays.sort(all, (a, b) -> a.key().compareTo(b.key()));
      }
      sorted = Collections.unmodifiableList(Arrays.asList(all)); // List.of would copy the array again
    }
    return sorted;
  }

  /**
   * Murmur3 tokens sort as the longs the table already holds: a merge sort of the tokens carrying their partitions
   * along, so no comparison reaches a partition; a run of equal tokens (two keys, one token) is then put in key
   * order.
   */
  private Partition[] sortedByLongToken() {
    long[] tokens = new long[size];
    Partition[] all = new Partition[size];
    int n = 0;
    for (int i = 0; i < slots.length; i++) {
      if (slots[i] == null) continue;
      tokens[n] = hashes[i];
      all[n++] = slots[i];
    }
    mergeSort(tokens, all, tokens.clone(), all.clone(), 0, n);
    for (int start = 0, end; start < n; start = end) {
      end = start + 1;
      while (end < n && tokens[end] == tokens[start]) end++;
      if (end - start > 1) Arrays.sort(all, start, end, (a, b) -> a.key().compareTo(b.key()));
    }
    return all;
  }

  /** Sorts {@code t[from, to)} (and {@code p} alongside) using {@code ts}/{@code ps}, copies of them, as scratch. */
  private static void mergeSort(long[] t, Partition[] p, long[] ts, Partition[] ps, int from, int to) {
    if (to - from < 24) {
      for (int i = from + 1; i < to; i++) {
        long k = t[i];
        Partition v = p[i];
        int j = i - 1;
        for (; j >= from && t[j] > k; j--) {
          t[j + 1] = t[j];
          p[j + 1] = p[j];
        }
        t[j + 1] = k;
        p[j + 1] = v;
      }
      return;
    }
    int mid = (from + to) >>> 1;
    // Sort each half of the scratch copy, then merge them back into t/p.
    mergeSort(ts, ps, t, p, from, mid);
    mergeSort(ts, ps, t, p, mid, to);
    for (int i = from, a = from, b = mid; i < to; i++) {
      if (b >= to || (a < mid && ts[a] <= ts[b])) {
        t[i] = ts[a];
        p[i] = ps[a++];
      } else {
        t[i] = ts[b];
        p[i] = ps[b++];
      }
    }
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /** Bytes written into this memtable (what the flush threshold is compared against). */
  public long liveBytes() {
    return liveBytes;
  }

  public long operations() {
    return operations;
  }
}
