package io.ringsim.storage;

import io.ringsim.ring.LongToken;
import io.ringsim.ring.Token;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * An immutable sorted run of partitions, held serialized as an SSTable file would hold them: the partitions'
 * bytes ({@link SSTableFormat}) in blocks of 256 KiB, a partition index of primitive arrays (tokens and
 * offsets, searched by binary search), a bloom filter on the partition keys, and the metadata Cassandra keeps
 * (token and timestamp bounds, size, level). Reads decode only the partition they find, and only the rows their
 * slices select; compaction decodes one partition at a time. A node holding millions of small partitions thus
 * keeps tens of bytes per partition instead of a graph of objects.
 */
public final class SSTable {
  /**
   * Well under half of G1's smallest region (1 MiB): a block of half a region or more would be a humongous object,
   * given whole regions of its own, and the unused tail of the last one wasted. (Blocks of exactly one region were
   * tried, to be allocated in the old generation at once instead of copied by young collections: G1 then started a
   * concurrent cycle at every few humongous allocations, and the ten-million scenario took 197 s instead of 173 s.)
   */
  static final int BLOCK_BYTES = 1 << 18;

  private final long generation;
  private final int level;
  private final byte[][] blocks;
  private final long[] offsets; // block index << 32 | offset inside the block
  private final long[] longTokens; // Murmur3 tokens as plain longs; null when the table uses another partitioner
  private final Token[] tokens; // other partitioners' tokens; null when longTokens is used
  private final BloomFilter bloom;
  private final ClusteringComparator comparator;
  private final SSTableFormat.ColumnTable columns;
  private final long baseTimestamp;
  private final DecoratedKey firstKey;
  private final DecoratedKey lastKey;
  private final long minTimestamp;
  private final long maxTimestamp;
  private final long bytes;
  private final long rows;
  private final long cells;
  /**
   * Every {@code 1 << SUMMARY_SHIFT}-th Murmur3 token of the index (null: another partitioner, or a small SSTable),
   * as Cassandra's index summary samples its index: a search looks here first (a few kilobytes, which stay in cache)
   * and then only within the one stretch of the index its key can be in.
   */
  private final long[] summary;
  private static final int SUMMARY_SHIFT = 6;

  SSTable(long generation, int level, byte[][] blocks, long[] offsets, long[] longTokens, Token[] tokens,
      BloomFilter bloom, ClusteringComparator comparator, SSTableFormat.ColumnTable columns, long baseTimestamp,
      long minTimestamp, long maxTimestamp, long bytes, long rows, long cells) {
    this.generation = generation;
    this.level = level;
    this.blocks = blocks;
    this.offsets = offsets;
    this.longTokens = longTokens;
    this.tokens = tokens;
    this.bloom = bloom;
    this.comparator = comparator;
    this.columns = columns;
    this.baseTimestamp = baseTimestamp;
    this.minTimestamp = minTimestamp;
    this.maxTimestamp = maxTimestamp;
    this.bytes = bytes;
    this.rows = rows;
    this.cells = cells;
    this.summary = longTokens == null || longTokens.length < 1024 ? null : sample(longTokens);
    this.firstKey = offsets.length == 0 ? null : keyAt(0);
    this.lastKey = offsets.length == 0 ? null : keyAt(offsets.length - 1);
  }

  /** Builds an SSTable from partitions already in key order. */
  public static SSTable build(long generation, int level, Collection<Partition> sorted, double bloomFpChance) {
    SSTableWriter w = new SSTableWriter(bloomFpChance);
    for (Partition p : sorted) w.add(p);
    return w.finish(generation, level);
  }

  public long generation() {
    return generation;
  }

  public int level() {
    return level;
  }

  public SSTable withLevel(int l) {
    return new SSTable(generation, l, blocks, offsets, longTokens, tokens, bloom, comparator, columns, baseTimestamp,
        minTimestamp, maxTimestamp, bytes, rows, cells);
  }

  public Token minToken() {
    return firstKey.token();
  }

  public Token maxToken() {
    return lastKey.token();
  }

  public DecoratedKey firstKey() {
    return firstKey;
  }

  public DecoratedKey lastKey() {
    return lastKey;
  }

  public long minTimestamp() {
    return minTimestamp;
  }

  public long maxTimestamp() {
    return maxTimestamp;
  }

  /** The data size of the partitions held (the sum of {@link Partition#dataSize()}), as before serialization. */
  public long bytes() {
    return bytes;
  }

  /** Heap this SSTable takes: its serialized partitions, index arrays and bloom filter. */
  public long heapBytes() {
    long n = 16L * 8 + bloom.sizeInBytes() + 16 + offsets.length * 8L;
    for (byte[] b : blocks) n += 16 + b.length;
    n += longTokens != null ? 16 + longTokens.length * 8L : 16 + tokens.length * 4L;
    return n;
  }

  /** Bytes of the partitions in their serialized form. */
  public long serializedBytes() {
    long n = 0;
    for (byte[] b : blocks) n += b.length;
    return n;
  }

  public int partitionCount() {
    return offsets.length;
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
    if (offsets.length == 0) return false;
    if (longTokens != null && k.token() instanceof LongToken t) {
      // Keys are ordered by token first: a token strictly inside (or outside) the first and last decides without
      // reaching the first and last keys' objects (a read asks every SSTable in turn, each a cold object).
      long v = t.value(), first = longTokens[0], last = longTokens[longTokens.length - 1];
      if (v > first && v < last) return true;
      if (v < first || v > last) return false;
    }
    return k.compareTo(firstKey) >= 0 && k.compareTo(lastKey) <= 0;
  }

  public boolean mightContain(DecoratedKey k) {
    return coversKey(k) && bloom.mightContainHash(BloomFilter.hash(k));
  }

  /** The partition for {@code k} via the index, or null. */
  public Partition get(DecoratedKey k) {
    int i = search(k);
    return i >= 0 ? decode(i, k, null) : null;
  }

  /** The part of {@code k}'s partition inside {@code slices} (as {@link Partition#slice} gives it), or null. */
  public Partition get(DecoratedKey k, List<Slice> slices) {
    int i = search(k);
    return i >= 0 ? decode(i, k, slices) : null;
  }

  /** At most {@code cap} rows of {@code k}'s partition inside {@code slices}, in query order, or null. */
  BoundedSlice get(DecoratedKey k, List<Slice> slices, boolean reversed, int cap) {
    int i = search(k);
    if (i < 0) return null;
    return SSTableFormat.decodeBounded(blocks[(int) (offsets[i] >>> 32)], (int) offsets[i], k, baseTimestamp,
        comparator, columns, slices, reversed, cap);
  }

  /** The smallest timestamp in {@code k}'s partition (read from its header), or Long.MAX_VALUE when absent. */
  long minTimestampOf(DecoratedKey k) {
    int i = search(k);
    return i >= 0 ? header(i, new SSTableFormat.Header()).minTimestamp : Long.MAX_VALUE;
  }

  /** The partitions in key order, each decoded when it is asked for. */
  public List<Partition> partitions() {
    return new AbstractList<>() {
      @Override
      public Partition get(int i) {
        return partitionAt(i);
      }

      @Override
      public int size() {
        return offsets.length;
      }
    };
  }

  /** Index of the first partition whose key is &gt;= k. */
  int ceilingIndex(DecoratedKey k) {
    int i = search(k);
    return i >= 0 ? i : -i - 1;
  }

  /** Index of the first partition whose token is &gt; {@code t}. */
  int indexAfterToken(Token t) {
    int lo = 0, hi = offsets.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (compareToken(mid, t) <= 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return lo;
  }

  Partition partitionAt(int i) {
    return decode(i, keyAt(i), null);
  }

  DecoratedKey keyAt(int i) {
    return keyAt(i, new SSTableFormat.Header());
  }

  /** Partition {@code i}'s key, leaving its header in {@code h}. */
  DecoratedKey keyAt(int i, SSTableFormat.Header h) {
    header(i, h);
    byte[] block = blocks[(int) (offsets[i] >>> 32)];
    return new DecoratedKey(tokenAt(i), Arrays.copyOfRange(block, h.keyOffset, h.keyOffset + h.keyLength));
  }

  /** Whether the index holds Murmur3 token values ({@link #longTokenAt}) rather than token objects. */
  boolean hasLongTokens() {
    return longTokens != null;
  }

  /** Partition {@code i}'s Murmur3 token value, or 0 when the table uses another partitioner. */
  long longTokenAt(int i) {
    return longTokens != null ? longTokens[i] : 0;
  }

  Token tokenAt(int i) {
    return longTokens != null ? new LongToken(longTokens[i]) : tokens[i];
  }

  ClusteringComparator comparator() {
    return comparator;
  }

  SSTableFormat.ColumnTable columnTable() {
    return columns;
  }

  /** The block holding partition {@code i}'s bytes, where they start in it, and where they end. */
  byte[] block(int i) {
    return blocks[(int) (offsets[i] >>> 32)];
  }

  int offset(int i) {
    return (int) offsets[i];
  }

  int end(int i) {
    boolean lastInBlock = i + 1 == offsets.length || offsets[i + 1] >>> 32 != offsets[i] >>> 32;
    return lastInBlock ? block(i).length : (int) offsets[i + 1];
  }

  /** Reads partition {@code i}'s header (sizes, counts, smallest timestamp) into {@code h}. */
  SSTableFormat.Header header(int i, SSTableFormat.Header h) {
    return h.read(blocks[(int) (offsets[i] >>> 32)], (int) offsets[i], baseTimestamp);
  }

  private Partition decode(int i, DecoratedKey key, List<Slice> slices) {
    return SSTableFormat.decode(blocks[(int) (offsets[i] >>> 32)], (int) offsets[i], key, baseTimestamp, comparator,
        columns, slices);
  }

  private int compareToken(int i, Token t) {
    return longTokens != null ? Long.compare(longTokens[i], ((LongToken) t).value()) : tokens[i].compareTo(t);
  }

  /**
   * Binary search of the index, within the stretch the summary leaves (see {@link #summary}; reads 4-5% faster in
   * ClusterWriteBench, two A/B runs: its last levels, a cache miss each, are fewer): the position of {@code k}, or
   * (-(insertion point) - 1). Two others read slower in
   * ClusterWriteBench: an interpolation of Murmur3 tokens first (5%: a few random probes instead of the binary
   * search's first levels, which are the same few entries for every search, kept in cache), and a halving without a
   * branch on the comparison (3-10%: each level's load then waits for the last, where a predicted branch had the
   * next one under way).
   */
  private int search(DecoratedKey k) {
    int lo = 0, hi = offsets.length - 1;
    if (summary != null) {
      // Entries before the last sample below the token are below it, entries from the first sample above it are
      // above it: the key, or where it would go, is between.
      long t = ((LongToken) k.token()).value();
      int below = firstAtLeast(summary, t, false) - 1;
      int above = firstAtLeast(summary, t, true);
      if (below > 0) lo = below << SUMMARY_SHIFT;
      if (above < summary.length) hi = (above << SUMMARY_SHIFT) - 1;
    }
    SSTableFormat.Header h = new SSTableFormat.Header();
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = compareToken(mid, k.token());
      if (c == 0) {
        header(mid, h);
        byte[] block = blocks[(int) (offsets[mid] >>> 32)];
        c = Arrays.compareUnsigned(block, h.keyOffset, h.keyOffset + h.keyLength, k.key(), 0, k.key().length);
      }
      if (c < 0) lo = mid + 1;
      else if (c > 0) hi = mid - 1;
      else return mid;
    }
    return -(lo + 1);
  }

  /** The first index of {@code a} (sorted) whose value is at least {@code t} ({@code strictly}: above it). */
  private static int firstAtLeast(long[] a, long t, boolean strictly) {
    int lo = 0, hi = a.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (a[mid] < t || (strictly && a[mid] == t)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private static long[] sample(long[] tokens) {
    long[] s = new long[((tokens.length - 1) >> SUMMARY_SHIFT) + 1];
    for (int i = 0; i < s.length; i++) s[i] = tokens[i << SUMMARY_SHIFT];
    return s;
  }

  @Override
  public String toString() {
    return "SSTable#" + generation + "(L" + level + ", " + offsets.length + " partitions, " + bytes + " B)";
  }
}
