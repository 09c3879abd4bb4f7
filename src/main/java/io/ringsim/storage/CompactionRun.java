package io.ringsim.storage;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * One compaction's merge: the task's SSTables in, new SSTables out, tombstones past gc_grace purged where no other
 * copy of the partition (the memtable, the SSTables left out of the task) could hold data they shadow.
 */
final class CompactionRun {
  private final TableSchema schema;
  private final Set<String> regularColumns;
  private final Memtable memtable;
  private final List<SSTable> others;
  private final StorageEvents events;
  private final Purger purger;

  /**
   * @param others the table's SSTables that are not among the task's inputs
   * @param now the node's clock in seconds: gc_grace counts back from it
   */
  CompactionRun(TableSchema schema, Set<String> regularColumns, Memtable memtable, List<SSTable> others,
      StorageEvents events, int now) {
    this.schema = schema;
    this.regularColumns = regularColumns;
    this.memtable = memtable;
    this.others = others;
    this.events = events;
    int gcBefore = (int) Math.max(Integer.MIN_VALUE, (long) now - schema.metadata().params().gcGraceSeconds());
    this.purger = new Purger(gcBefore, now);
  }

  /** Tombstones this run has purged so far. */
  long purgedTombstones() {
    return purger.purgedTombstones();
  }

  /** Merges the task's inputs into new SSTables, numbered by {@code generations}, each at most the task's size. */
  List<SSTable> run(CompactionTask task, LongSupplier generations) {
    List<SSTable> outputs = new ArrayList<>();
    // A k-way merge over the sorted inputs, decoding one key's versions at a time and writing each merged
    // partition out at once: neither the inputs nor the outputs are ever held as objects. A partition only one
    // input holds, with live data only (nothing to merge or purge), is copied as bytes without being decoded.
    double fpChance = schema.metadata().params().bloomFilterFpChance();
    SSTableWriter out = new SSTableWriter(fpChance);
    PartitionMerger merger = new PartitionMerger(null, task.inputs());
    SSTableFormat.Header header = new SSTableFormat.Header();
    Map<SSTable, Boolean> currentColumnsOnly = new IdentityHashMap<>();
    Function<SSTable, Boolean> namesOnly = t -> t.columnTable().namesOnly(regularColumns);
    Predicate<SSTable> current = s -> currentColumnsOnly.computeIfAbsent(s, namesOnly);
    while (merger.next()) {
      SSTable only = merger.onlySSTable();
      int at = merger.onlyIndex();
      // Copied as bytes: a version that shadows all the others, or a partition only one input holds, live data only.
      int covering = only == null ? merger.coveringVersion(header, regularColumns.size(), current) : -1;
      boolean copied = covering >= 0
          ? out.copy(merger.versionTable(covering), merger.versionIndex(covering), header)
          : only != null && only.header(at, header).plain && out.copy(only, at, header);
      if (!copied) {
        DecoratedKey key = merger.key();
        List<Partition> versions = merger.versions();
        Partition merged = versions.size() == 1 ? versions.get(0) : Partition.merge(versions);
        long purgedBefore = purger.purgedTombstones();
        // Plain live data keeps its partition as is; only data with something purgeable asks the other sources.
        Partition kept = Purger.isPlainLive(merged) ? merged : purger.purge(merged, maxPurgeable(key));
        if (purger.purgedTombstones() > purgedBefore && events.wantsPurges())
          events.tombstonePurged(schema.name(), key.token());
        if (kept == null) continue;
        out.add(kept);
      }
      if (out.bytes() >= task.maxOutputBytes()) {
        outputs.add(out.finish(generations.getAsLong(), task.outputLevel()));
        out = new SSTableWriter(fpChance);
      }
    }
    if (!out.isEmpty()) outputs.add(out.finish(generations.getAsLong(), task.outputLevel()));
    return outputs;
  }

  /** Tombstones older than every other copy of the partition's data may go; newer ones must stay. */
  private long maxPurgeable(DecoratedKey key) {
    long min = Long.MAX_VALUE;
    Partition m = memtable.get(key);
    if (m != null) min = Math.min(min, m.minTimestamp());
    for (SSTable s : others) {
      if (s.mightContain(key) && s.minTimestamp() < min) min = Math.min(min, s.minTimestampOf(key));
    }
    return min;
  }
}
