package io.ringsim.cluster.node;

import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.Partition;
import io.ringsim.storage.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Ballots, proposals and current values as Cassandra 4.1's Paxos traces print them: a ballot as its time UUID, a
 * proposal as Commit.toString ("Accepted(uuid-timestamp:ballot, min-timestamp:key=2\n    Row: EMPTY | v=c)"), the
 * values a condition was judged on as FilteredPartition.toString. Values are written by ringsim's types; Cassandra's
 * own getString agrees for the simple types (text, numbers, booleans), collections and UDTs may read differently.
 */
final class PaxosText {
  private PaxosText() {}

  /** 100-ns intervals from 1582-10-15 to 1970-01-01: the offset of a version-1 UUID's clock. */
  private static final long UUID_EPOCH = 0x01B21DD213814000L;
  /** The low digit of a ballot's clock: Cassandra 4.1's Ballot.Flag.GLOBAL, a SERIAL round's ballot. */
  private static final long GLOBAL = 2;
  /** EncodingStats.TIMESTAMP_EPOCH: the smallest timestamp an empty update reports. */
  private static final long EMPTY_MIN_TIMESTAMP = 1442880000000000L;

  /** The ballot's clock as Ballot.uuidTimestamp gives it. */
  static long uuidTimestamp(long ballot) {
    return PaxosCoordinator.ballotMicros(ballot) * 10 + UUID_EPOCH + GLOBAL;
  }

  /** The ballot as the time UUID Cassandra prints ("Preparing b7737852-ebd7-11f1-..."); its node part names the proposer. */
  static String ballot(long ballot) {
    long t = uuidTimestamp(ballot);
    long msb = (t << 32) | ((t >>> 16) & 0xFFFF0000L) | 0x1000L | ((t >>> 48) & 0x0FFFL);
    long lsb = 0x8000000000000000L | (ballot & ((1L << NodeConfig.INDEX_BITS) - 1));
    return new UUID(msb, lsb).toString();
  }

  /** A proposal as Commit.toString prints it: {@code kind} is "Accepted" or "Committed". */
  static String proposal(String kind, long ballot, Partition update, TableMetadata t) {
    long minTs = minTimestamp(update);
    StringBuilder b = new StringBuilder(kind).append('(').append(uuidTimestamp(ballot)).append(':')
        .append(ballot(ballot)).append(", ").append(minTs == Long.MAX_VALUE ? EMPTY_MIN_TIMESTAMP : minTs)
        .append(":key=").append(KeyText.of(t, update.key().key()));
    if (update.staticRow() != null && !update.staticRow().isEmpty()) {
      b.append("\n    ").append(row(update.staticRow(), t, false));
    }
    for (Row r : update.rows().values()) b.append("\n    ").append(row(r, t, false));
    return b.append(')').toString();
  }

  /** The values a condition was judged on, as FilteredPartition.toString prints them (null: no such partition). */
  static String current(Partition p, byte[] key, TableMetadata t) {
    StringBuilder b = new StringBuilder("[").append(t.qualifiedName()).append("] key=").append(KeyText.of(t, key))
        .append(" partition_deletion=");
    io.ringsim.storage.DeletionTime d = p == null ? io.ringsim.storage.DeletionTime.LIVE : p.deletion();
    b.append("deletedAt=").append(d.markedForDeleteAt()).append(", localDeletion=").append(d.localDeletionTime());
    List<String> statics = new ArrayList<>(), regular = new ArrayList<>();
    for (ColumnDef c : t.staticColumns()) statics.add(c.name());
    for (ColumnDef c : t.regularColumns()) regular.add(c.name());
    b.append(" columns=[[").append(String.join(" ", statics)).append("] | [").append(String.join(" ", regular))
        .append("]]");
    if (p == null) return b.toString();
    if (p.staticRow() != null && !p.staticRow().isEmpty()) b.append("\n    ").append(row(p.staticRow(), t, true));
    for (Row r : p.rows().values()) if (!r.isEmpty()) b.append("\n    ").append(row(r, t, true));
    return b.toString();
  }

  private static long minTimestamp(Partition p) {
    long min = Long.MAX_VALUE;
    List<Row> rows = new ArrayList<>(p.rows().values());
    if (p.staticRow() != null) rows.add(p.staticRow());
    for (Row r : rows) {
      if (!r.liveness().isEmpty()) min = Math.min(min, r.liveness().timestamp());
      for (int i = 0; i < r.cellCount(); i++) min = Math.min(min, r.cell(i).timestamp());
    }
    return min;
  }

  /** Row.toString: "Row: c=1 | v=a", or with its details "Row[info=[ts=..] ]: EMPTY | [v=a ts=..]". */
  private static String row(Row r, TableMetadata t, boolean full) {
    StringBuilder b = new StringBuilder("Row");
    if (full) {
      b.append("[info=[ts=").append(r.liveness().timestamp());
      if (r.liveness().ttl() > 0) b.append(" ttl=").append(r.liveness().ttl());
      b.append("] ]");
    }
    b.append(": ").append(clustering(r.clustering(), t)).append(" | ");
    for (int i = 0; i < r.cellCount(); i++) {
      if (i > 0) b.append(", ");
      Cell c = r.cell(i);
      String name = r.name(i);
      ColumnDef def = t.column(name).orElse(null);
      String value = c.isTombstone() ? "<tombstone>" : def == null ? "?" : def.type().format(def.type().deserialize(c.value()));
      if (!full) {
        b.append(name).append('=').append(value);
      } else {
        b.append('[').append(name).append('=').append(value).append(" ts=").append(c.timestamp());
        if (c.isExpiring()) b.append(" ttl=").append(c.ttl()).append(" ldt=").append(c.localDeletionTime());
        else if (c.isTombstone()) b.append(" ldt=").append(c.localDeletionTime());
        b.append(']');
      }
    }
    return b.toString();
  }

  private static String clustering(Clustering c, TableMetadata t) {
    if (c.size() == 0) return "EMPTY";
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < c.size(); i++) {
      ColumnDef def = t.clusteringColumns().get(i);
      parts.add(def.name() + "=" + def.type().format(def.type().deserialize(c.get(i))));
    }
    return String.join(", ", parts);
  }
}
