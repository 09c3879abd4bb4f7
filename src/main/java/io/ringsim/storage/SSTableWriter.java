package io.ringsim.storage;

import io.ringsim.ring.LongToken;
import io.ringsim.ring.Token;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes partitions, in key order, into a new {@link SSTable}: each is serialized as it arrives (a flush or a
 * compaction never needs its whole output as objects); the bloom filter is built at the end, sized for the exact
 * partition count as before, from the keys already written.
 */
final class SSTableWriter {
  private final double bloomFpChance;
  private final SSTableFormat.Columns columns = new SSTableFormat.Columns();
  private final ByteSink partition = new ByteSink(256);
  private final ByteSink row = new ByteSink(64);
  private final List<byte[]> blocks = new ArrayList<>();
  /** The inputs whose partitions can be copied as bytes: they number their columns as this output does. */
  private final Map<SSTable, Boolean> copyable = new IdentityHashMap<>();
  private boolean based;
  private long baseTimestamp;
  private byte[] block;
  private int blockLength;
  private long[] offsets;
  private long[] longTokens;
  private Token[] tokens; // once a token that is not a Murmur3 LongToken arrives
  private int count;
  private ClusteringComparator comparator;
  private DecoratedKey last;
  private long minTimestamp = Long.MAX_VALUE, maxTimestamp = Long.MIN_VALUE, bytes, rows, cells;

  SSTableWriter(double bloomFpChance) {
    this(bloomFpChance, 1024);
  }

  /** @param expected partitions it will probably hold (a flush knows them): its index is sized once */
  SSTableWriter(double bloomFpChance, int expected) {
    this.bloomFpChance = bloomFpChance;
    int n = Math.max(16, expected);
    offsets = new long[n];
    longTokens = new long[n];
  }

  void add(Partition p) {
    order(p.key());
    if (comparator == null) comparator = p.comparator();
    long min = p.minTimestamp(), max = p.maxTimestamp(), size = p.dataSize(), cellCount = p.cellCount();
    base(min);
    partition.reset();
    SSTableFormat.encode(p, baseTimestamp, size, cellCount, min, max, Purger.isPlainLive(p), columns, partition, row);
    place(p.key().token(), min, max, size, p.rowCount(), cellCount);
  }

  /**
   * Copies partition {@code i} of {@code source} (its header read into {@code h}) as bytes, without decoding it:
   * what a compaction does with a partition only one input holds and that purging would not change. False when the
   * source numbers its columns differently from this output (the caller then decodes and {@link #add}s it).
   */
  boolean copy(SSTable source, int i, SSTableFormat.Header h) {
    if (!copyable.computeIfAbsent(source, s -> columns.adopt(s.columnTable()))) return false;
    // Murmur3: checked by token only (the merge put keys sharing a token in key order), no key read.
    if (source.hasLongTokens()) orderToken(source.longTokenAt(i));
    else order(source.keyAt(i));
    if (comparator == null) comparator = source.comparator();
    base(h.minTimestamp);
    partition.reset();
    SSTableFormat.rebase(source.block(i), source.offset(i), source.end(i), h, baseTimestamp, partition);
    boolean murmur3 = source.hasLongTokens();
    place(murmur3 ? source.longTokenAt(i) : 0, murmur3 ? null : source.tokenAt(i), h.minTimestamp, h.maxTimestamp,
        h.dataSize, h.rowCount, h.cellCount, partition.buf, 0, partition.len);
    return true;
  }

  /**
   * Numbers columns as {@code t} does (called first, on an empty writer, so it always can): partitions encoded
   * against {@code t} are then copied as they are.
   */
  void adopt(SSTableFormat.ColumnTable t, ClusteringComparator cmp) {
    if (count > 0 || !columns.adopt(t)) throw new IllegalStateException("columns are adopted before any partition");
    if (comparator == null) comparator = cmp;
  }

  /**
   * Like {@link #adopt(SSTableFormat.ColumnTable, ClusteringComparator)}, and timestamps are stored relative to
   * {@code base} (a memtable arena's): partitions encoded against both are then copied byte for byte, with no
   * timestamp to encode again (any base decodes to the same partitions; a near one keeps them short).
   */
  void adopt(SSTableFormat.ColumnTable t, ClusteringComparator cmp, long base) {
    adopt(t, cmp);
    baseTimestamp = base;
    based = true;
  }

  /**
   * Copies the encoded partition in {@code buf[offset, end)}, numbered as the table {@link #adopt}ed and with
   * timestamps relative to {@code sourceBase}, whose key has the Murmur3 token {@code token}: a memtable's partition
   * held as bytes. Keys with equal tokens come in key order (the caller sorted them).
   */
  void copy(byte[] buf, int offset, int end, long sourceBase, long token) {
    orderToken(token);
    header.read(buf, offset, sourceBase);
    base(header.minTimestamp);
    if (sourceBase == baseTimestamp) {
      place(token, null, header.minTimestamp, header.maxTimestamp, header.dataSize, header.rowCount,
          header.cellCount, buf, offset, end - offset);
      return;
    }
    partition.reset();
    SSTableFormat.rebase(buf, offset, end, header, baseTimestamp, partition);
    place(token, null, header.minTimestamp, header.maxTimestamp, header.dataSize, header.rowCount,
        header.cellCount, partition.buf, 0, partition.len);
  }

  private final SSTableFormat.Header header = new SSTableFormat.Header();

  private void orderToken(long token) {
    if (count > 0 && (tokens != null || longTokens[count - 1] > token))
      throw new IllegalArgumentException("partitions out of order at token " + token);
    last = null;
  }

  /** Checks the keys come in order: by the Murmur3 tokens already in the index when it can (no cold token object). */
  private void order(DecoratedKey key) {
    if (count > 0) {
      int c = tokens == null && key.token() instanceof LongToken t ? Long.compare(longTokens[count - 1], t.value())
          : last == null ? 0 : last.token().compareTo(key.token());
      if (c > 0 || (c == 0 && last != null && last.compareTo(key) >= 0))
        throw new IllegalArgumentException("partitions out of order at " + key);
    }
    last = key;
  }

  /** Timestamps are stored as deltas from the first partition's smallest (any base works; a near one is short). */
  private void base(long min) {
    if (!based) {
      baseTimestamp = min == Long.MAX_VALUE ? 0 : min;
      based = true;
    }
  }

  /** Puts the partition just encoded into the current block and the index, and counts it. */
  private void place(Token token, long min, long max, long size, long rowCount, long cellCount) {
    boolean murmur3 = token instanceof LongToken;
    place(murmur3 ? ((LongToken) token).value() : 0, murmur3 ? null : token, min, max, size, rowCount, cellCount,
        partition.buf, 0, partition.len);
  }

  /**
   * Puts the encoded partition in {@code src[from, from + length)} into the current block and the index, under
   * Murmur3 token {@code longToken} ({@code token} null), else under {@code token}.
   */
  private void place(long longToken, Token token, long min, long max, long size, long rowCount, long cellCount,
      byte[] src, int from, int length) {
    if (block == null || blockLength + length > block.length) {
      closeBlock();
      block = new byte[Math.max(SSTable.BLOCK_BYTES, length)];
      blockLength = 0;
    }
    if (count == offsets.length) {
      offsets = Arrays.copyOf(offsets, count * 2);
      if (tokens == null) longTokens = Arrays.copyOf(longTokens, count * 2);
      else tokens = Arrays.copyOf(tokens, count * 2);
    }
    offsets[count] = (long) blocks.size() << 32 | blockLength;
    if (token == null && tokens == null) longTokens[count] = longToken; // no token object to make
    else tokenObject(count, token != null ? token : new LongToken(longToken));
    count++;
    System.arraycopy(src, from, block, blockLength, length);
    blockLength += length;
    minTimestamp = Math.min(minTimestamp, min);
    maxTimestamp = Math.max(maxTimestamp, max);
    bytes += size;
    rows += rowCount;
    cells += cellCount;
  }

  /** Index entry {@code i}'s token as an object: the index keeps token objects from the first non-Murmur3 one on. */
  private void tokenObject(int i, Token t) {
    if (tokens == null) {
      tokens = new Token[offsets.length];
      for (int j = 0; j < i; j++) tokens[j] = new LongToken(longTokens[j]);
      longTokens = null;
    }
    tokens[i] = t;
  }

  private void closeBlock() {
    if (block != null) blocks.add(blockLength == block.length ? block : Arrays.copyOf(block, blockLength));
    block = null;
  }

  boolean isEmpty() {
    return count == 0;
  }

  /** Data size written so far (what compaction splits its outputs on). */
  long bytes() {
    return bytes;
  }

  SSTable finish(long generation, int level) {
    closeBlock();
    byte[][] data = blocks.toArray(new byte[0][]);
    long[] offs = Arrays.copyOf(offsets, count);
    BloomFilter bf = BloomFilter.create(count, bloomFpChance);
    SSTableFormat.Header h = new SSTableFormat.Header();
    for (int i = 0; i < count; i++) {
      if (tokens == null && BloomFilter.tokenIsHash(longTokens[i])) {
        bf.addHash(longTokens[i]); // the key's hash, as BloomFilter.hash gives it: no need to read the key
        continue;
      }
      byte[] b = data[(int) (offs[i] >>> 32)];
      h.read(b, (int) offs[i], baseTimestamp);
      bf.add(b, h.keyOffset, h.keyLength);
    }
    return new SSTable(generation, level, data, offs, tokens == null ? Arrays.copyOf(longTokens, count) : null,
        tokens == null ? null : Arrays.copyOf(tokens, count), bf, comparator, columns.freeze(), baseTimestamp,
        minTimestamp, maxTimestamp, bytes, rows, cells);
  }
}
