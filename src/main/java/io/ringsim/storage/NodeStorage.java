package io.ringsim.storage;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Everything one node stores: its commit log and one {@link TableStore} per table. A write goes to the commit log
 * first, then the memtable; a crash loses memtables and the unsynced tail of the log; a restart replays the log.
 */
public final class NodeStorage {
  private final StorageSettings settings;
  private final StorageClock clock;
  private final CommitLog commitLog;
  private final Map<String, TableStore> tables = new TreeMap<>();
  private int lostAtLastCrash;
  private StorageEvents events = StorageEvents.NONE;

  public NodeStorage(StorageSettings settings, StorageClock clock) {
    this.settings = settings;
    this.clock = clock;
    this.commitLog = new CommitLog(settings.commitLogSync(), settings.commitLogSyncPeriodMillis());
  }

  /** Where every table reports its flushes and compactions, now and when created later. */
  public void events(StorageEvents events) {
    this.events = events;
    for (TableStore t : tables.values()) t.events(events);
  }

  public StorageSettings settings() {
    return settings;
  }

  public StorageClock clock() {
    return clock;
  }

  public CommitLog commitLog() {
    return commitLog;
  }

  public TableStore createTable(TableSchema schema) {
    return tables.computeIfAbsent(schema.name(), n -> {
      TableStore t = new TableStore(schema, settings, clock);
      t.events(events);
      return t;
    });
  }

  public void dropTable(String name) {
    TableStore t = tables.remove(name);
    if (t != null) commitLog.markFlushed(name, commitLog.nextPosition());
  }

  public Optional<TableStore> table(String name) {
    return Optional.ofNullable(tables.get(name));
  }

  public Collection<TableStore> tables() {
    return tables.values();
  }

  /** Logs and applies a write. Oversize keys or values are refused before anything is logged. */
  public void apply(String table, Partition update) {
    apply(table, update, null);
  }

  /**
   * Like {@link #apply(String, Partition)}, with {@code encoded} the {@link PartitionCodec} bytes of {@code update}
   * when the caller already has them (a replica receives a mutation as bytes), so the commit log does not encode it
   * again; null to encode here.
   */
  public void apply(String table, Partition update, byte[] encoded) {
    validateWrite(update);
    applyValidated(table, update, encoded);
  }

  /**
   * Like {@link #apply(String, Partition, byte[])}, for an update its coordinator has validated (this very partition,
   * against the same limits): applied without validating it again, as Cassandra's replicas apply a mutation. Checking
   * the same object once per replica was 2-5% of ClusterWriteBench's writes (three A/B pairs in one jar).
   */
  public void applyValidated(String table, Partition update, byte[] encoded) {
    TableStore t = tables.get(table);
    if (t == null) throw new InvalidWriteException("unknown table " + table);
    commitLog.append(table, encoded != null ? encoded : PartitionCodec.encode(update), clock.nowMillis());
    if (t.apply(update)) flush(table);
  }

  public void validateWrite(Partition update) {
    int keyLen = update.key().key().length;
    if (keyLen > settings.maxKeyBytes())
      throw new InvalidWriteException("Key length of " + keyLen + " is longer than maximum of "
          + settings.maxKeyBytes());
    checkRow(update.staticRow());
    for (Row r : update.rows().values()) {
      for (int i = 0; i < r.clustering().size(); i++) {
        if (r.clustering().get(i).length > settings.maxKeyBytes())
          throw new InvalidWriteException("Key length of " + r.clustering().get(i).length
              + " is longer than maximum of " + settings.maxKeyBytes());
      }
      checkRow(r);
    }
  }

  private void checkRow(Row r) {
    if (r == null) return;
    for (int i = 0; i < r.cellCount(); i++) {
      int n = r.cell(i).value().length;
      if (n > settings.maxValueBytes())
        throw new InvalidWriteException("value of column " + r.name(i) + " is " + n + " bytes, over the cap of "
            + settings.maxValueBytes() + " bytes (storage.max-value-bytes)");
    }
  }

  /** The periodic commit-log sync, driven by the node's timer. */
  public void tick() {
    commitLog.maybeSync(clock.nowMillis());
  }

  public Optional<SSTable> flush(String table) {
    TableStore t = tables.get(table);
    if (t == null) return Optional.empty();
    long pos = commitLog.nextPosition();
    Optional<SSTable> s = t.flush();
    commitLog.markFlushed(table, pos);
    commitLog.recycle(tables.keySet());
    t.compact();
    return s;
  }

  public void flushAll() {
    for (String t : new ArrayList<>(tables.keySet())) flush(t);
  }

  public void compactAll() {
    for (TableStore t : tables.values()) t.compactAll();
  }

  public void truncate(String table) {
    TableStore t = tables.get(table);
    if (t == null) return;
    t.truncate();
    commitLog.markFlushed(table, commitLog.nextPosition());
  }

  /** A crash: memtables are gone; so is the commit log's unsynced tail (periodic mode). */
  public void crash() {
    for (TableStore t : tables.values()) t.loseMemtable();
    lostAtLastCrash = commitLog.crash();
  }

  /** A restart: replays the commit log into the memtables, skipping (and reporting) corrupt entries. */
  public ReplayReport restart() {
    List<String> corrupt = new ArrayList<>();
    int[] skipped = {0};
    int replayed = 0;
    for (CommitLog.Entry e : commitLog.entries(corrupt, skipped)) {
      TableStore t = tables.get(e.table());
      if (t == null) continue;
      try {
        t.apply(PartitionCodec.decode(e.update(), t.schema()));
        replayed++;
      } catch (IllegalArgumentException ex) {
        corrupt.add("commit log entry " + e.position() + ": " + ex.getMessage() + "; skipped");
      }
    }
    ReplayReport r = new ReplayReport(replayed, skipped[0], corrupt, lostAtLastCrash);
    lostAtLastCrash = 0;
    return r;
  }

  public List<TableStats> stats() {
    List<TableStats> out = new ArrayList<>();
    for (TableStore t : tables.values()) out.add(t.stats());
    return out;
  }
}
