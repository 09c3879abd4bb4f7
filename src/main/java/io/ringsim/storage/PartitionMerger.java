package io.ringsim.storage;

import io.ringsim.ring.LongToken;
import io.ringsim.ring.Token;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;

/**
 * A k-way merge over sorted partition sources (the memtable, SSTables) by key: {@link #next} gathers one key's
 * versions from every source that holds it, in token order. An SSTable's partition is decoded only when its key is
 * the current one, so compaction and full scans never hold a table's partitions as objects.
 */
final class PartitionMerger {
  /**
   * The sources not yet exhausted, and beside them each one's current token (a Murmur3 key's token value, else 0:
   * the keys then decide). The next key is found by a scan of the tokens rather than a priority queue: a compaction
   * merges a handful of SSTables (four at a time by default), and a queue's sift through its comparator and the
   * sources' objects, on every key, was about 3% of a simulated write's time (flushes and compactions run on it).
   */
  private final Source[] sources;
  private final long[] tokens;
  private int live;
  private final List<Partition> versions;
  // The current key's versions as where they are (a memtable partition, or an SSTable and index), decoded only
  // when versions() is asked for: a compaction copies a partition only one SSTable holds without decoding it.
  private Partition[] held = new Partition[4];
  private SSTable[] tables = new SSTable[4];
  private int[] indexes = new int[4];
  private int count;
  private boolean decoded;
  // The current key: read from keyTable at keyIndex when first asked for (null until then).
  private DecoratedKey key;
  private SSTable keyTable;
  private int keyIndex;
  private long tokenValue;

  /** {@code memtable}: the memtable's partitions in key order, or null; then the SSTables. */
  PartitionMerger(Iterator<Partition> memtable, List<SSTable> sstables) {
    versions = new ArrayList<>(Math.max(4, sstables.size()));
    sources = new Source[sstables.size() + 1];
    tokens = new long[sources.length];
    if (memtable != null) add(new Source(memtable, null));
    for (SSTable s : sstables) add(new Source(null, s));
  }

  private void add(Source c) {
    if (!c.advance()) return;
    sources[live] = c;
    tokens[live++] = c.token;
  }

  /**
   * Moves to the next key; false once every source is exhausted. An SSTable's key is read from its block only when
   * it is asked for or two sources' tokens tie: a compaction copying a partition, or a size scan, needs none. The
   * versions of one key are taken in the sources' order (the memtable first, then the SSTables as given).
   */
  boolean next() {
    if (live == 0) return false;
    count = 0;
    decoded = false;
    int first = 0;
    long min = tokens[0];
    for (int i = 1; i < live; i++) {
      long t = tokens[i];
      if (t < min || (t == min && sources[i].key().compareTo(sources[first].key()) < 0)) {
        first = i;
        min = t;
      }
    }
    Source f = sources[first];
    key = f.key;
    keyTable = f.sstable;
    keyIndex = f.next - 1;
    tokenValue = min;
    for (int i = 0; i < live; i++) {
      if (i == first) first = -1; // taken now: an exhausted source's stand-in below is not it
      else if (tokens[i] != min || !sources[i].key().equals(key())) continue;
      take(sources[i]);
      if (sources[i].advance()) {
        tokens[i] = sources[i].token;
      } else { // exhausted: the last source takes its place, and is looked at next
        sources[i] = sources[--live];
        tokens[i] = tokens[live];
        sources[live] = null;
        if (first == live) first = i;
        i--;
      }
    }
    return true;
  }

  private void take(Source c) {
    if (count == held.length) {
      held = Arrays.copyOf(held, count * 2);
      tables = Arrays.copyOf(tables, count * 2);
      indexes = Arrays.copyOf(indexes, count * 2);
    }
    held[count] = c.decoded;
    tables[count] = c.sstable;
    indexes[count] = c.next - 1;
    count++;
  }

  DecoratedKey key() {
    if (key == null) key = keyTable.keyAt(keyIndex);
    return key;
  }

  /** The current key's token, without reading the key when its SSTable holds Murmur3 tokens. */
  Token token() {
    return key == null && keyTable.hasLongTokens() ? new LongToken(tokenValue) : key().token();
  }

  /** How many sources hold the current key. */
  int versionCount() {
    return count;
  }

  /** Source {@code i}'s data size and cell count for the current key, into {@code h} (its header, or figures). */
  SSTableFormat.Header versionHeader(int i, SSTableFormat.Header h) {
    if (held[i] == null) return tables[i].header(indexes[i], h);
    h.dataSize = held[i].dataSize();
    h.cellCount = held[i].cellCount();
    h.rowCount = held[i].rowCount();
    h.hasStatic = held[i].staticRow() != null;
    return h;
  }

  /** The current key's versions, one per source holding it (reused by the next call to {@link #next}). */
  List<Partition> versions() {
    if (!decoded) {
      versions.clear();
      for (int i = 0; i < count; i++) versions.add(held[i] != null ? held[i] : tables[i].partitionAt(indexes[i]));
      decoded = true;
    }
    return versions;
  }

  /**
   * The version that alone is what merging every version of the current key gives, or -1: all of them SSTables'
   * plain partitions (live data only) of one row, and one of them an INSERT's row ({@link
   * SSTableFormat#isPlainMarkedRow}) with a cell for each of the table's {@code regularColumns} (so, with {@code
   * currentColumnsOnly} true of every version's SSTable, every column any version has) and written after everything
   * in the others: its marker and each of its cells win every reconciliation, and nothing of the others is left
   * over. A compaction then copies its bytes as it copies a partition one SSTable holds, instead of decoding every
   * version and merging them: a workload that overwrites its rows (most of a write-heavy run's compactions) merged
   * about a third of its partitions that way. {@code h} holds the chosen version's header afterwards.
   */
  int coveringVersion(SSTableFormat.Header h, int regularColumns, Predicate<SSTable> currentColumnsOnly) {
    if (count < 2) return -1;
    int newest = -1;
    long newestMin = Long.MIN_VALUE, newestMax = Long.MIN_VALUE, othersMax = Long.MIN_VALUE;
    for (int i = 0; i < count; i++) {
      if (held[i] != null || !currentColumnsOnly.test(tables[i])) return -1;
      tables[i].header(indexes[i], h);
      if (!h.plain || h.rowCount != 1 || h.hasStatic) return -1;
      if (h.minTimestamp > newestMin) {
        if (newest >= 0) othersMax = Math.max(othersMax, newestMax);
        newest = i;
        newestMin = h.minTimestamp;
        newestMax = h.maxTimestamp;
      } else {
        othersMax = Math.max(othersMax, h.maxTimestamp);
      }
    }
    if (othersMax >= newestMin) return -1;
    tables[newest].header(indexes[newest], h);
    if (h.cellCount != regularColumns || !SSTableFormat.isPlainMarkedRow(tables[newest].block(indexes[newest]), h))
      return -1;
    return newest;
  }

  /** Where version {@code i} of the current key is: its SSTable (null for the memtable's) and index there. */
  SSTable versionTable(int i) {
    return tables[i];
  }

  int versionIndex(int i) {
    return indexes[i];
  }

  /** The SSTable holding the current key when it is the only source that does, else null. */
  SSTable onlySSTable() {
    return count == 1 ? tables[0] : null;
  }

  /** Where {@link #onlySSTable} holds the current key. */
  int onlyIndex() {
    return indexes[0];
  }

  /** The memtable (already decoded) or one SSTable (decoded only at the key asked for), walked in key order. */
  private static final class Source {
    private final Iterator<Partition> memtable;
    private final SSTable sstable;
    private int next;
    private Partition decoded; // the memtable's current partition
    private DecoratedKey key; // an SSTable's: read when first asked for
    long token; // a Murmur3 key's token value, else 0 (the keys then decide)

    Source(Iterator<Partition> memtable, SSTable sstable) {
      this.memtable = memtable;
      this.sstable = sstable;
    }

    boolean advance() {
      if (memtable != null) {
        if (!memtable.hasNext()) return false;
        decoded = memtable.next();
        key = decoded.key();
        token = key.token() instanceof LongToken t ? t.value() : 0;
        return true;
      }
      if (next >= sstable.partitionCount()) return false;
      key = null;
      token = sstable.longTokenAt(next++);
      return true;
    }

    DecoratedKey key() {
      if (key == null) key = sstable.keyAt(next - 1);
      return key;
    }
  }
}
