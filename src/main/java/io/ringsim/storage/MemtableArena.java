package io.ringsim.storage;

import java.util.Arrays;
import java.util.Set;

/**
 * The bytes of a memtable's small partitions, each encoded as an SSTable encodes it (against this arena's own
 * column numbering and base timestamp) into 64 KiB chunks. A partition held this way is one short run of bytes
 * instead of a dozen objects: the garbage collector copies far less while the memtable lives, and a flush copies the
 * bytes into the SSTable (re-encoding one timestamp) instead of walking cold objects and encoding them. A partition
 * is decoded when it is read or updated, then encoded again.
 *
 * <p>A handle packs where a partition is: its chunk (plus one, so that 0 means none), offset and length.
 */
final class MemtableArena {
  private static final int CHUNK = 64 << 10;
  /** Larger partitions stay objects: re-encoding them on every update would cost more than the objects do. */
  private static final int MAX_BYTES = 2048;

  private final SSTableFormat.Columns columns = new SSTableFormat.Columns();
  private SSTableFormat.ColumnTable frozen;
  private int frozenCount = -1;
  private final ByteSink scratch = new ByteSink(256);
  private final ByteSink rowScratch = new ByteSink(64);
  private byte[][] chunks = new byte[8][];
  private int chunkCount;
  private int used;
  private long baseTimestamp;
  private boolean based;

  /** Encodes {@code p} and returns its handle, or 0 when it is not kept as bytes (too large, or no timestamp). */
  long store(Partition p) {
    long min = p.minTimestamp();
    if (min == Long.MAX_VALUE) return 0;
    if (!based) {
      baseTimestamp = min;
      based = true;
    }
    scratch.reset();
    SSTableFormat.encode(p, baseTimestamp, p.dataSize(), p.cellCount(), min, p.maxTimestamp(), Purger.isPlainLive(p),
        columns, scratch, rowScratch);
    int n = scratch.len;
    if (n > MAX_BYTES) return 0;
    if (chunkCount == 0 || used + n > CHUNK) {
      if (chunkCount == chunks.length) chunks = Arrays.copyOf(chunks, chunkCount * 2);
      chunks[chunkCount++] = new byte[CHUNK];
      used = 0;
    }
    System.arraycopy(scratch.buf, 0, chunks[chunkCount - 1], used, n);
    long handle = (long) chunkCount << 40 | (long) used << 20 | n;
    used += n;
    return handle;
  }

  /** Bytes written so far, the superseded versions of updated partitions included. */
  long bytes() {
    return chunkCount == 0 ? 0 : (long) (chunkCount - 1) * CHUNK + used;
  }

  byte[] chunk(long handle) {
    return chunks[(int) (handle >>> 40) - 1];
  }

  int offset(long handle) {
    return (int) (handle >>> 20) & 0xFFFFF;
  }

  int end(long handle) {
    return offset(handle) + (int) (handle & 0xFFFFF);
  }

  /** Whether the partition at {@code handle} has {@code key}: compared in place (the key leads the encoding). */
  boolean keyEquals(long handle, byte[] key) {
    ByteSource in = new ByteSource(chunk(handle), offset(handle));
    int n = in.uvarint32();
    return n == key.length && Arrays.equals(in.buf, in.pos, in.pos + n, key, 0, n);
  }

  byte[] key(long handle) {
    ByteSource in = new ByteSource(chunk(handle), offset(handle));
    int n = in.uvarint32();
    return Arrays.copyOfRange(in.buf, in.pos, in.pos + n);
  }

  Partition decode(long handle, DecoratedKey key, ClusteringComparator comparator) {
    return SSTableFormat.decode(chunk(handle), offset(handle), key, baseTimestamp, comparator, columnTable(), null);
  }

  /** Whether every column the partitions held name is in {@code names} (checked again only when a column is added). */
  boolean namesOnly(Set<String> names) {
    if (checkedNames != names || checkedChanges != columns.changes()) {
      namesOnly = columnTable().namesOnly(names);
      checkedNames = names;
      checkedChanges = columns.changes();
    }
    return namesOnly;
  }

  private Set<String> checkedNames;
  private int checkedChanges = -1;
  private boolean namesOnly;

  long baseTimestamp() {
    return baseTimestamp;
  }

  /** The column numbering the encoded partitions use (frozen again only when a column was added since). */
  SSTableFormat.ColumnTable columnTable() {
    if (frozenCount != columns.changes()) {
      frozen = columns.freeze();
      frozenCount = columns.changes();
    }
    return frozen;
  }
}
