package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Term;
import io.ringsim.ring.Partitioner;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Cell;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ComplexColumn;
import io.ringsim.storage.DeletionTime;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.Row;
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;

/**
 * What every write planner shares: the session's catalog and bound values, the statement's table, its timestamp and
 * TTL clauses, and the conversion of a typed value into cells. {@code batchTimestamp} is the enclosing BATCH's USING
 * TIMESTAMP (null outside a batch or when the batch sets none). {@code deltas} numbers the counter deltas of one
 * write (a batch's statements share it), so that two deltas of one counter never share a cell path and merge.
 */
record WriteBinder(Catalog catalog, String session, Values values, Partitioner partitioner, Long batchTimestamp,
    DeltaNumbers deltas, boolean paxosTimestamp) {

  WriteBinder(Catalog catalog, String session, Values values, Partitioner partitioner) {
    this(catalog, session, values, partitioner, null, new DeltaNumbers(), false);
  }

  /**
   * The binder for a batch's statements. In a conditional batch ({@code conditional}) every write takes the Paxos
   * round's timestamp, as Cassandra's CAS path stamps them: a statement's own USING TIMESTAMP is checked, not used.
   */
  WriteBinder inBatch(Long timestamp, boolean conditional) {
    return new WriteBinder(catalog, session, values, partitioner, timestamp, deltas, conditional);
  }

  /** The next number for a counter delta of this write: 1, 2, 3... (one write is planned on one thread). */
  static final class DeltaNumbers {
    private int last;

    int next() {
      return ++last;
    }
  }

  static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  TableMetadata table(String keyspace, String name) {
    TableMetadata t = SchemaOps.table(catalog, SchemaOps.keyspaceOf(keyspace, session), name);
    ViewOps.refuseWrite(catalog, t.keyspace(), t.name());
    values.useTable(t, partitioner); // token(...) written as a value is this table's
    return t;
  }

  TableSchema schema(TableMetadata t) {
    return TableSchema.of(t, partitioner);
  }

  /** The statement's own USING TIMESTAMP, else the batch's, else null: the coordinator chooses one. */
  Long fixedTimestamp(Term t) {
    if (t != null) {
      if (batchTimestamp != null) throw invalid("Timestamp must be set either on BATCH or individual statements");
      long given = timestamp(t);
      return paxosTimestamp ? null : given;
    }
    return batchTimestamp;
  }

  /**
   * A USING TIMESTAMP value. Long.MIN_VALUE is no timestamp to Cassandra (it marks "no deletion"), so it is
   * refused as Attributes.getTimestamp refuses it.
   */
  static long timestamp(Term t) {
    long given = Values.integer(t, "timestamp");
    if (given == Long.MIN_VALUE)
      throw invalid("Out of bound timestamp, must be in [" + (Long.MIN_VALUE + 1) + ", " + Long.MAX_VALUE + "]");
    return given;
  }

  static int ttl(Term t, TableMetadata table) {
    if (t == null) return table.params().defaultTimeToLive();
    long v = Values.integer(t, "TTL");
    if (v < 0) throw invalid("A TTL must be greater or equal to 0, but was " + v);
    if (v > 630_720_000) throw invalid("ttl is too large. requested (" + v + ") maximum (630720000)");
    return (int) v;
  }

  /** The last second an expiring cell can live to, 2038-01-19T03:14:06Z: expiry times are 32-bit seconds. */
  static final long MAX_EXPIRY_SECONDS = Integer.MAX_VALUE - 1;

  /**
   * Cassandra 4.1's default expiration-date overflow policy, REJECT: a write whose TTL, from the coordinator's now,
   * would expire past 2038-01-19 is refused (not capped), with its message; {@code isDefault} when the TTL is the
   * table's default_time_to_live.
   */
  static void checkExpiry(TableMetadata t, int ttl, boolean isDefault, int nowInSec) {
    if (ttl <= 0 || (long) nowInSec + ttl <= MAX_EXPIRY_SECONDS) return;
    throw invalid("Request on table " + t.qualifiedName() + " with " + (isDefault ? "default " : "") + "ttl of "
        + ttl + " seconds exceeds maximum supported expiration date of 2038-01-19T03:14:06+00:00. In order to avoid"
        + " this use a lower TTL, change the expiration date overflow policy or upgrade to a version where this"
        + " limitation is fixed. See CASSANDRA-14092 for more details.");
  }

  /** {@code f} refusing, when built, a TTL that would expire past 2038 ({@link #checkExpiry}). */
  static WritePlanner.UpdateFactory expiryChecked(TableMetadata t, int ttl, boolean isDefault,
      WritePlanner.UpdateFactory f) {
    if (ttl <= 0) return f;
    return (ts, now) -> {
      checkExpiry(t, ttl, isDefault, now);
      return f.build(ts, now);
    };
  }

  /**
   * A key column's value: never null, and not empty when it is the whole partition key. Cassandra refuses a partition
   * key of no bytes; a compound key's bytes hold each component's length, so its components may all be empty.
   */
  static Object nonNullKey(Object v, ColumnDef c, TableMetadata t) {
    if (v == null) throw invalid("Invalid null value in condition for column " + c.name());
    boolean empty = v instanceof String str && str.isEmpty() || io.ringsim.schema.EmptyValue.is(v)
        || v instanceof java.nio.ByteBuffer b && !b.hasRemaining();
    if (empty && c.kind() == ColumnKind.PARTITION_KEY && t.partitionKey().size() == 1)
      throw invalid("Key may not be empty");
    return v;
  }

  /**
   * A clustering value over 64 KiB, refused when the statement is planned as Cassandra does; left to the replica, a
   * conditional write's Paxos commit would fail there and the client would wait for a timeout.
   */
  static void checkClusteringSize(byte[][] clustering) {
    for (byte[] c : clustering)
      if (c != null && c.length > 65535)
        throw invalid("Key length of " + c.length + " is longer than maximum of 65535");
  }

  static void checkKeySize(byte[] key) {
    if (key.length > 65535) throw invalid("Key length of " + key.length + " is longer than maximum of 65535");
  }

  /** Cassandra's refusals for a write to a counter table. */
  static void checkCounterStatement(TableMetadata t, List<io.ringsim.cql.ast.Condition> conditions,
      boolean conditional, Term ttl, Term timestamp) {
    // A condition naming a counter is refused as the condition is prepared, before the statement's own checks.
    for (io.ringsim.cql.ast.Condition c : conditions) {
      if (t.column(c.column()).filter(d -> io.ringsim.storage.CounterShards.isCounter(d.type())).isPresent())
        throw invalid("Conditions on counters are not supported");
    }
    if (conditional) throw invalid("Conditional updates are not supported on counter tables");
    if (timestamp != null) throw invalid("Cannot provide custom timestamp for counter updates");
    if (ttl != null) throw invalid("Cannot provide custom TTL for counter updates");
  }

  /** A whole-value write of one column: a cell, a tombstone for null, or a collection replaced element by element. */
  static void writeValue(Row.Builder row, ColumnDef def, Object v, long ts, int ttl, int now, Values values,
      TableSchema schema) {
    CqlType type = def.type();
    if (TableSchema.isComplex(type)) {
      ComplexColumn col = ComplexColumn.of(new DeletionTime(ts - 1, now), schema.pathOrder(def.name()));
      if (v != null) addElements(col.cells(), type, v, ts, ttl, now, values, false);
      row.complex(def.name(), col);
      return;
    }
    if (v == null) row.cell(def.name(), Cell.tombstone(ts, now));
    else row.cell(def.name(), Cell.expiring(ts, ttl, now, type.serialize(v)));
  }

  static void addElements(NavigableMap<byte[], Cell> cells, CqlType type, Object v, long ts, int ttl,
      int now, Values values, boolean prepend) {
    if (type instanceof ListType lt) {
      List<?> list = (List<?>) v;
      // As Cassandra's PrecisionTime, each prepend of a request (a batch's statements) takes times before the
      // previous one's, so that the last prepended list comes first.
      long before = prepend ? values.prependBlock(list.size()) : 0;
      for (int i = 0; i < list.size(); i++) {
        // List cells are keyed by a timeuuid: appends get increasing times, prepends decreasing ones.
        long micros = prepend ? -ts - before - (list.size() - i) : ts * 16 + i;
        byte[] path = CqlTypes.TIMEUUID.serialize(values.timeUuid(micros));
        cells.put(path, Cell.expiring(ts, ttl, now, lt.element().serialize(list.get(i))));
      }
    } else if (type instanceof SetType st) {
      for (Object e : (Collection<?>) v) cells.put(st.element().serialize(e), Cell.expiring(ts, ttl, now, new byte[0]));
    } else if (type instanceof io.ringsim.schema.collection.UserType ut) {
      UserTypeWrites.addFields(cells, ut, (List<?>) v, ts, ttl, now);
    } else if (type instanceof MapType mt) {
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        cells.put(mt.key().serialize(e.getKey()), Cell.expiring(ts, ttl, now, mt.value().serialize(e.getValue())));
      }
    }
  }

  static LiveRow findRow(LivePartition lp, Clustering c) {
    if (lp == null) return null;
    for (LiveRow r : lp.rows()) if (r.clustering().equals(c)) return r;
    return null;
  }

  /** Every combination of the values {@code eq} gives each of {@code cols}, in column order. */
  static List<List<Object>> cartesian(List<ColumnDef> cols, Map<String, List<Object>> eq) {
    List<List<Object>> out = new ArrayList<>();
    out.add(new ArrayList<>());
    for (ColumnDef c : cols) {
      List<List<Object>> next = new ArrayList<>();
      for (List<Object> prefix : out) {
        for (Object v : eq.get(c.name())) {
          List<Object> n = new ArrayList<>(prefix);
          n.add(v);
          next.add(n);
        }
      }
      out = next;
    }
    return out;
  }
}
