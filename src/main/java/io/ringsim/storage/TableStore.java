package io.ringsim.storage;

import io.ringsim.ring.Token;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One table's LSM on one node: the memtable, the SSTables (newest first), flush, compaction and the read path.
 * Not thread-safe: it lives inside a node actor.
 */
public final class TableStore {
  private TableSchema schema;
  private Set<String> regularColumns;
  private final StorageSettings settings;
  private final StorageClock clock;
  private CompactionStrategy strategy;
  private Memtable memtable = new Memtable();
  private final List<SSTable> sstables = new ArrayList<>(); // newest first
  /** {@link #sstables} in the order a single-partition read takes them, newest data first; null: not made yet. */
  private List<SSTable> byMaxTimestamp;
  private long nextGeneration = 1;
  private StorageEvents events = StorageEvents.NONE;
  private NamedRowsRead namedRows;
  /** The built-in secondary indexes this node keeps for the table, by column and kind ({@link #index}). */
  private final java.util.Map<String, LocalIndex> indexes = new java.util.HashMap<>();

  private long writes, reads, flushes, compactions, bytesFlushed, bytesCompacted, sstablesRead;
  private int maxSSTablesPerRead;
  private long bloomPositives, bloomFalsePositives, tombstonesScanned, maxTombstones, warnings, failures, purged;

  public TableStore(TableSchema schema, StorageSettings settings, StorageClock clock) {
    this.schema = schema;
    this.regularColumns = regularColumns(schema);
    this.settings = settings;
    this.clock = clock;
    this.strategy = CompactionStrategy.fromOptions(schema.metadata().params().compaction());
    this.namedRows = new NamedRowsRead(schema);
  }

  public TableSchema schema() {
    return schema;
  }

  /** Where this table reports its flushes and compactions (a node's trace). */
  public void events(StorageEvents events) {
    this.events = events;
  }

  /** ALTER TABLE: columns and options change; stored data stays (cells are keyed by column name). */
  public void alter(TableSchema newSchema) {
    this.schema = newSchema;
    this.regularColumns = regularColumns(newSchema);
    this.strategy = CompactionStrategy.fromOptions(newSchema.metadata().params().compaction());
    this.namedRows = new NamedRowsRead(newSchema);
    indexes.clear(); // a column dropped and re-added may hold another type: built again when next read by
  }

  public CompactionStrategy strategy() {
    return strategy;
  }

  /** Writes into the memtable (the node has already logged it). Returns true when the memtable should flush. */
  public boolean apply(Partition update) {
    memtable.apply(update, regularColumns);
    for (LocalIndex ix : indexes.values()) ix.index(update);
    writes++;
    return memtable.liveBytes() >= settings.memtableFlushBytes();
  }

  public Memtable memtable() {
    return memtable;
  }

  /** How many SSTables the table has (each read asks every one's bloom filter). */
  public int sstableCount() {
    return sstables.size();
  }

  /**
   * How many SSTables hold {@code key} within their first and last keys: those Cassandra selects for a
   * single-partition read before asking their bloom filters (the Y of its trace's "Skipped X/Y ...").
   */
  public int sstablesSpanning(DecoratedKey key) {
    int n = 0;
    for (SSTable s : sstables) if (s.coversKey(key)) n++;
    return n;
  }

  /**
   * Whether a single-partition read with {@code filter} walks the SSTables newest first and stops early (Cassandra's
   * names filter read in timestamp order) rather than merging every one (its slice read): what its trace words
   * differently ("Merging memtable contents" against "Merged data from memtables and N sstables").
   */
  public boolean readsInTimestampOrder(ReadFilter filter) {
    return namedRows.namedRows(filter) != null;
  }

  /** The SSTables, newest first. */
  public List<SSTable> sstables() {
    return List.copyOf(sstables);
  }

  /**
   * The node's index on {@code column} ({@code kind} as {@link io.ringsim.schema.IndexMetadata#kind()}), kept up to
   * date by every write from then on. The first read by an index builds it from the data held, as Cassandra builds a
   * new index from the table's SSTables and memtable; null when this node cannot serve the index from a structure of
   * its own (an index on a partition key column), and the read scans.
   */
  public LocalIndex index(String column, String kind) {
    String id = column + "\u0000" + kind;
    LocalIndex ix = indexes.get(id);
    if (ix == null) {
      ix = new LocalIndex(schema, column, kind);
      if (!ix.supported()) return null;
      LocalIndex building = ix;
      forEachPartition(building::index);
      indexes.put(id, ix);
    }
    return ix;
  }

  /** Writes the memtable to a new SSTable; returns it, or empty when the memtable was empty. */
  public Optional<SSTable> flush() {
    if (memtable.isEmpty()) return Optional.empty();
    // Serializing is the copy: the SSTable shares nothing with the memtable's objects.
    SSTable s = memtable.flush(nextGeneration++, strategy.flushLevel(),
        schema.metadata().params().bloomFilterFpChance());
    sstables.add(0, s);
    byMaxTimestamp = null;
    memtable = new Memtable(memtable.partitionCount());
    flushes++;
    bytesFlushed += s.bytes();
    events.flushed(schema.name(), s.partitionCount());
    return Optional.of(s);
  }

  /** Drops the memtable (a crash); the node replays its commit log into a fresh one. */
  public void loseMemtable() {
    memtable = new Memtable();
  }

  public void truncate() {
    indexes.clear();
    memtable = new Memtable();
    sstables.clear();
    byMaxTimestamp = null;
  }

  /** Runs compactions the strategy asks for until it asks for none; returns how many ran. */
  public int compact() {
    int n = 0;
    while (n < 1000) {
      Optional<CompactionTask> t = strategy.next(sstables);
      if (t.isEmpty()) break;
      run(t.get());
      n++;
    }
    return n;
  }

  /** A major compaction (nodetool compact): every SSTable into one. */
  public void compactAll() {
    if (!sstables.isEmpty()) {
      run(new CompactionTask(List.copyOf(sstables), strategy instanceof LeveledStrategy ? 1 : 0,
          strategy instanceof LeveledStrategy l ? l.sstableBytes() : Long.MAX_VALUE, "major compaction"));
    }
  }

  private void run(CompactionTask task) {
    List<SSTable> others = new ArrayList<>(sstables);
    others.removeAll(task.inputs());
    CompactionRun merge = new CompactionRun(schema, regularColumns, memtable, others, events, clock.nowInSec());
    List<SSTable> outputs = merge.run(task, () -> nextGeneration++);
    sstables.removeAll(task.inputs());
    sstables.addAll(outputs);
    sstables.sort(Comparator.comparingLong(SSTable::generation).reversed());
    byMaxTimestamp = null;
    compactions++;
    purged += merge.purgedTombstones();
    events.compacted(schema.name(), merge.purgedTombstones());
    for (SSTable o : outputs) bytesCompacted += o.bytes();
  }

  /**
   * The names of the table's regular columns now (a new set at each ALTER: the memtable's check keys on it). An
   * SSTable whose columns are all among them (no static column, none dropped since) has no column that a version with
   * a cell for each of them lacks.
   */
  private static Set<String> regularColumns(TableSchema schema) {
    List<String> names = new ArrayList<>();
    for (io.ringsim.schema.ColumnDef c : schema.metadata().regularColumns()) names.add(c.name());
    return Set.copyOf(names);
  }

  /** The SSTables in the order a single-partition read takes them ({@link SSTableWalk}). */
  private List<SSTable> walkOrder(boolean singlePartition) {
    if (!singlePartition) return sstables;
    if (byMaxTimestamp == null) byMaxTimestamp = SSTableWalk.order(sstables);
    return byMaxTimestamp;
  }

  /** A point read of one partition: memtable and SSTables merged, skipped by key range and bloom filter. */
  public PartitionRead read(DecoratedKey key, ReadFilter filter) {
    return read(key, filter, clock.nowInSec());
  }

  /**
   * A point read judged at {@code nowInSec} (which TTL'd cells have expired, for the live view, its row limit and
   * its tombstone count): a replica serving a coordinator's read passes the read's now, as Cassandra's replicas use
   * the ReadCommand's nowInSec rather than their own clocks.
   */
  public PartitionRead read(DecoratedKey key, ReadFilter filter, int nowInSec) {
    return read(key, filter, nowInSec, true);
  }

  /**
   * {@link #read(DecoratedKey, ReadFilter, int)} for a replica, which ships the data and reports the stats: its live
   * view is only counted, not built (null in the answer, unless the read is a page's, which needs it to cut).
   */
  public PartitionRead readData(DecoratedKey key, ReadFilter filter, int nowInSec) {
    return read(key, filter, nowInSec, false);
  }

  /** {@link #readData(DecoratedKey, ReadFilter, int)} judged by this node's clock. */
  public PartitionRead readData(DecoratedKey key, ReadFilter filter) {
    return read(key, filter, clock.nowInSec(), false);
  }

  /**
   * A partition's read as part of a range scan or a repair's walk, judged at {@code nowInSec}: every
   * SSTable that has the key is read (no early stop), its tombstones are counted and judged, but the read is not
   * counted among the table's reads and their SSTables, as Cassandra's SSTables-per-read histogram counts
   * single-partition reads only.
   */
  public PartitionRead scanRead(DecoratedKey key, ReadFilter filter, int nowInSec) {
    return read(key, filter, nowInSec, true, false);
  }

  /** {@link #scanRead(DecoratedKey, ReadFilter, int)} judged by this node's clock (a repair's walk). */
  public PartitionRead scanRead(DecoratedKey key, ReadFilter filter) {
    return read(key, filter, clock.nowInSec(), true, false);
  }

  private PartitionRead read(DecoratedKey key, ReadFilter filter, int nowInSec, boolean withView) {
    return read(key, filter, nowInSec, withView, true);
  }

  /**
   * @param singlePartition a single-partition read (Cassandra's SinglePartitionReadCommand): it may stop before
   *     older SSTables and counts among the table's reads; a range scan's or a repair's read of a partition does
   *     neither (Cassandra scans every SSTable for those, and its histogram leaves them out)
   */
  private PartitionRead read(DecoratedKey key, ReadFilter filter, int nowInSec, boolean withView,
      boolean singlePartition) {
    if (filter.paged() && filter.limit() != Integer.MAX_VALUE) {
      return readPage(key, filter, nowInSec, singlePartition);
    }
    List<Partition> versions = new ArrayList<>(4);
    Partition m = memtable.read(key, filter.slices());
    if (m != null) versions.add(m);
    int touched = 0, falsePositives = 0;
    boolean hashed = false;
    long bloomHash = 0;
    SSTableWalk walk = new SSTableWalk(namedRows, filter, m, singlePartition);
    List<SSTable> order = walkOrder(singlePartition);
    for (int i = 0; i < order.size(); i++) {
      SSTable s = order.get(i);
      if (walk.stopsBefore(s)) break;
      if (!s.coversKey(key)) continue;
      if (!hashed) {
        // Hashed once for all the SSTables' filters (a read may check a dozen), and only when one covers the key.
        bloomHash = BloomFilter.hash(key);
        hashed = true;
      }
      if (!s.bloomFilter().mightContainHash(bloomHash)) continue;
      touched++;
      bloomPositives++;
      Partition p = s.get(key, filter.slices());
      if (p == null) {
        falsePositives++;
        continue;
      }
      versions.add(p);
      walk.took(p, s);
    }
    walk.inTableOrder(versions);
    if (singlePartition) countRead(touched);
    bloomFalsePositives += falsePositives;
    Partition data = versions.isEmpty() ? null : versions.size() == 1 ? versions.get(0) : Partition.merge(versions);
    LivenessFilter view = new LivenessFilter(nowInSec, schema.metadata());
    LivePartition live = null;
    int liveRows = 0;
    if (withView) {
      live = data == null ? new LivePartition(key, null, List.of()) : view.view(data, filter);
      liveRows = live.rows().size();
    } else if (data != null) {
      liveRows = view.countLiveRows(data, filter);
    }
    ReadStats stats = account(key, filter, view.tombstonesScanned(), touched, falsePositives, m != null, liveRows);
    return new PartitionRead(data, live, stats);
  }

  /**
   * A page's read: each source gives at most {@code cap} rows in the query's order; past the first cut source's
   * last row nothing is known, so the merge stops there. If that leaves fewer live rows than the limit (the cut
   * rows were shadowed or dead), it reads again with a larger cap: a page costs about its rows plus the dead ones
   * among them, not the partition. The data shipped ends at the last live row the limit takes.
   */
  private PartitionRead readPage(DecoratedKey key, ReadFilter filter, int nowInSec, boolean singlePartition) {
    Partition m = memtable.get(key);
    for (long cap = filter.limit() + 1L; ; cap *= 4) {
      int c = (int) Math.min(cap, Integer.MAX_VALUE - 1);
      List<BoundedSlice> versions = new ArrayList<>(4);
      if (m != null) versions.add(BoundedSlice.of(m, filter.slices(), filter.reversed(), c));
      int touched = 0, falsePositives = 0;
      long bloomHash = BloomFilter.hash(key);
      SSTableWalk walk = new SSTableWalk(namedRows, filter, versions.isEmpty() ? null : versions.get(0).partition(),
          singlePartition);
      for (SSTable s : walkOrder(singlePartition)) {
        if (walk.stopsBefore(s)) break;
        if (!s.coversKey(key) || !s.bloomFilter().mightContainHash(bloomHash)) continue;
        touched++;
        BoundedSlice b = s.get(key, filter.slices(), filter.reversed(), c);
        if (b == null) {
          falsePositives++;
          continue;
        }
        versions.add(b);
        walk.took(b.partition(), s);
      }
      walk.inTableOrder(versions);
      Clustering cut = null;
      List<Partition> parts = new ArrayList<>(versions.size());
      ClusteringComparator cmp = schema.clustering();
      for (BoundedSlice b : versions) {
        parts.add(b.partition());
        Clustering e = b.truncated() ? BoundedSlice.edge(b.partition(), filter.reversed()) : null;
        if (e != null && (cut == null || (cmp.compare(e, cut) < 0) != filter.reversed())) cut = e;
      }
      Partition data = parts.isEmpty() ? null : Partition.merge(parts);
      if (data != null && cut != null) data = BoundedSlice.cutAfter(data, cut, filter.reversed());
      LivenessFilter view = new LivenessFilter(nowInSec, schema.metadata());
      LivePartition live = data == null ? new LivePartition(key, null, List.of()) : view.view(data, filter);
      boolean full = live.rows().size() >= filter.limit();
      if (!full && cut != null && c < Integer.MAX_VALUE - 1) continue;
      if (full) data = BoundedSlice.cutAfter(data, live.rows().get(live.rows().size() - 1).clustering(),
          filter.reversed());
      if (singlePartition) countRead(touched);
      bloomPositives += touched;
      bloomFalsePositives += falsePositives;
      ReadStats stats = account(key, filter, view.tombstonesScanned(), touched, falsePositives, m != null,
          live.rows().size());
      return new PartitionRead(data, live, stats);
    }
  }

  private void countRead(int sstablesTouched) {
    reads++;
    sstablesRead += sstablesTouched;
    maxSSTablesPerRead = Math.max(maxSSTablesPerRead, sstablesTouched);
  }

  private ReadStats account(DecoratedKey key, ReadFilter filter, long tombs, int touched, int fps, boolean memHit,
      long liveRows) {
    tombstonesScanned += tombs;
    maxTombstones = Math.max(maxTombstones, tombs);
    List<String> warns = List.of();
    if (tombs > settings.tombstoneFailureThreshold()) {
      failures++;
      throw new TombstoneOverwhelmingException(schema.name(), tombs, settings.tombstoneFailureThreshold(), key);
    }
    if (tombs > settings.tombstoneWarnThreshold()) {
      warnings++;
      warns = List.of(TombstoneWarning.text(schema, key, filter, liveRows, tombs));
    }
    return new ReadStats(touched, fps, memHit, liveRows, tombs, warns);
  }

  /**
   * Keys held for tokens in (start, end] in token order (start null: from the ring's start; end null: to its end),
   * at most {@code limit} of them. A full scan walks these and reads each.
   */
  public List<DecoratedKey> keysInRange(Token start, Token end, int limit) {
    TreeSet<DecoratedKey> keys = new TreeSet<>();
    for (DecoratedKey k : memtable.keys()) if (inRange(k.token(), start, end)) keys.add(k);
    for (SSTable s : sstables) {
      // Sorted by token: the keys in range are one run of the index. The first `limit` of each source suffice.
      int taken = 0;
      for (int i = start == null ? 0 : s.indexAfterToken(start); i < s.partitionCount() && taken < limit; i++) {
        if (end != null && s.tokenAt(i).compareTo(end) > 0) break;
        keys.add(s.keyAt(i));
        taken++;
      }
    }
    List<DecoratedKey> out = new ArrayList<>();
    for (DecoratedKey k : keys) {
      if (out.size() >= limit) break;
      out.add(k);
    }
    return out;
  }

  private static boolean inRange(Token t, Token start, Token end) {
    return (start == null || t.compareTo(start) > 0) && (end == null || t.compareTo(end) <= 0);
  }

  /**
   * Hands every partition held to {@code each}, in token order, merged but not purged, one at a time: sources are
   * walked in step and only the current key's versions are decoded, so a table of millions of partitions is read
   * without holding them all.
   */
  public void forEachPartition(Consumer<Partition> each) {
    PartitionMerger merger = new PartitionMerger(memtable.sortedPartitions().iterator(), sstables);
    while (merger.next()) {
      List<Partition> versions = merger.versions();
      each.accept(versions.size() == 1 ? versions.get(0).copy() : Partition.merge(versions));
    }
  }

  /** A partition's size figures, as {@link Partition#dataSize()} and the others give them for the merged partition. */
  public interface SizeConsumer {
    /** @param key the partition's key, read only when asked for (a size scan wants few of them) */
    void accept(Token token, Supplier<DecoratedKey> key, long dataSize, int rowCount, boolean hasStatic);
  }

  /**
   * What {@link #forEachPartition} would hand over, reduced to each partition's size figures: a partition only one
   * SSTable holds is not decoded (its header has them), which is most of a large table's partitions.
   */
  public void forEachPartitionSize(SizeConsumer each) {
    PartitionMerger merger = new PartitionMerger(memtable.sortedPartitions().iterator(), sstables);
    SSTableFormat.Header h = new SSTableFormat.Header();
    Supplier<DecoratedKey> key = merger::key;
    while (merger.next()) {
      SSTable only = merger.onlySSTable();
      if (only != null) {
        only.header(merger.onlyIndex(), h);
        each.accept(merger.token(), key, h.dataSize, h.rowCount, h.hasStatic);
        continue;
      }
      List<Partition> versions = merger.versions();
      Partition p = versions.size() == 1 ? versions.get(0) : Partition.merge(versions);
      each.accept(p.key().token(), key, p.dataSize(), p.rowCount(), p.staticRow() != null);
    }
  }

  /** Every partition held, in token order, merged but not purged (for repair's Merkle trees and streaming). */
  public List<Partition> allPartitions() {
    List<Partition> out = new ArrayList<>();
    forEachPartition(out::add);
    return out;
  }

  public TableStats stats() {
    long liveBytes = memtable.liveBytes();
    List<Long> sizes = new ArrayList<>();
    List<Integer> levels = new ArrayList<>();
    for (SSTable s : sstables) {
      sizes.add(s.bytes());
      levels.add(s.level());
      liveBytes += s.bytes();
    }
    PartitionHistograms perKey = PartitionHistograms.of(memtable, sstables);
    long[] psize = perKey.bytes();
    long[] pcells = perKey.cells();
    long rows = 0;
    for (Partition p : memtable.sortedPartitions()) rows += p.rowCount();
    for (SSTable s : sstables) rows += s.rowCount();
    double wa = bytesFlushed == 0 ? 0 : (double) (bytesFlushed + bytesCompacted) / bytesFlushed;
    double ra = reads == 0 ? 0 : (double) sstablesRead / reads;
    double fpr = bloomPositives == 0 ? 0 : (double) bloomFalsePositives / bloomPositives;
    return new TableStats(schema.name(), liveBytes, memtable.liveBytes(), psize.length, rows, sstables.size(), sizes,
        levels, TableStats.Percentiles.of(psize), TableStats.Percentiles.of(pcells), writes, reads, flushes,
        compactions, wa, ra, maxSSTablesPerRead, bloomPositives, bloomFalsePositives, fpr, tombstonesScanned, maxTombstones, warnings,
        failures, purged);
  }
}
