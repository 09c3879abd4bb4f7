package io.ringsim.sim.grade;

import io.ringsim.cql.exec.Keys;
import io.ringsim.cql.exec.Values;
import io.ringsim.cql.exec.WritePlanner;
import io.ringsim.ring.LongToken;
import io.ringsim.ring.Partitioner;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.Partition;
import io.ringsim.storage.TableSchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every table's partitions at full scale, without loading them into nodes: each instance's row is built by the
 * storage engine's own code (the update a coordinator would send) and its serialized size taken as a node counts
 * it ({@link Partition#dataSize()}: the key, 8 bytes of partition header, then each row); rows with the same
 * primary key replace each other, as upserts do. The partition is identified by its Murmur3 token (two keys with
 * one token among millions: about one chance in ten million).
 */
final class FullScale {
  private FullScale() {}

  /** One partition, its key as cqlsh prints it. */
  record Big(String key, long bytes, long rows) {}

  /** A table at the given number of instances. */
  record Figures(String table, long instances, long partitions, long rows, long overwrites, Big largest,
      Big mostRows, long[] partitionBytes, long[] partitionRows, long[] nodeBytes) {}

  /** Per table accumulators. */
  private static final class Acc {
    final TableMetadata table;
    final TableSchema schema;
    final int[] columns; // attribute index of each column of the table, in table column order
    final List<ColumnDef> cols;
    long[] bytes;
    long[] rows;
    long[] first; // the instance that first wrote the partition, to name its key
    long[] rowBytes; // by primary key slot
    final LongTable parts;
    final LongTable pks;
    long overwrites;

    Acc(TableMetadata t, Partitioner p, Assignment.Entity e, int expected) {
      table = t;
      schema = TableSchema.of(t, p);
      cols = t.columns();
      columns = new int[cols.size()];
      for (int c = 0; c < cols.size(); c++) columns[c] = e.indexOf(cols.get(c).name());
      int cap = Math.min(expected, 1 << 16);
      parts = new LongTable(cap, (n, moves) -> {
        bytes = move(bytes, n, moves);
        rows = move(rows, n, moves);
        first = move(first, n, moves);
      });
      bytes = new long[parts.capacity()];
      rows = new long[parts.capacity()];
      first = new long[parts.capacity()];
      pks = new LongTable(cap, (n, moves) -> rowBytes = move(rowBytes, n, moves));
      rowBytes = new long[pks.capacity()];
    }

    private static long[] move(long[] a, int n, int[] moves) {
      long[] b = new long[n];
      for (int o = 0; o < moves.length; o++) if (moves[o] >= 0) b[moves[o]] = a[o];
      return b;
    }
  }

  /**
   * The figures of {@code tables} (all holding attributes of entity {@code e}) over its first {@code n} instances,
   * each partition placed on its replicas by {@code replicas} for the nodes' load.
   */
  static List<Figures> compute(Assignment a, int entityIndex, Assignment.Entity e, List<TableMetadata> tables,
      Partitioner partitioner, ReplicaMap replicas, int nodes, long n) {
    List<Acc> accs = new ArrayList<>();
    for (TableMetadata t : tables) accs.add(new Acc(t, partitioner, e, (int) Math.min(n, 1 << 20)));
    Values values = new Values(0, a.seed());
    for (long i = 0; i < n; i++) {
      Entities.Instance inst = Entities.instance(a.seed(), entityIndex, e, i);
      for (Acc acc : accs) add(acc, inst, i, partitioner, values);
    }
    List<Figures> out = new ArrayList<>();
    for (Acc acc : accs) out.add(figures(acc, a, entityIndex, e, replicas, nodes, n));
    return out;
  }

  private static void add(Acc acc, Entities.Instance inst, long i, Partitioner partitioner, Values values) {
    Map<String, Object> row = new HashMap<>();
    for (int c = 0; c < acc.columns.length; c++) row.put(acc.cols.get(c).name(), inst.value(acc.columns[c]));
    WritePlanner.RowWrite w = WritePlanner.rowInsert(acc.table, acc.schema, row, 0, values);
    Partition p = w.update().build(1L, 0);
    long rowSize = p.dataSize() - (w.key().length + 8L);
    long token = ((LongToken) partitioner.token(w.key())).value();
    int ps = acc.parts.slotOf(token);
    boolean fresh = ps < 0;
    if (fresh) ps = -ps - 1;
    if (fresh) {
      acc.bytes[ps] = w.key().length + 8L;
      acc.first[ps] = i;
    }
    if (acc.table.clusteringColumns().isEmpty()) {
      // One row per partition: the partition's own slot tells a new row from an upsert (no second table).
      if (fresh) {
        acc.rows[ps] = 1;
        acc.bytes[ps] += rowSize;
      } else {
        acc.overwrites++;
        acc.bytes[ps] = w.key().length + 8L + rowSize;
      }
      return;
    }
    long h = 0xcbf29ce484222325L ^ token;
    List<Object> ck = new ArrayList<>();
    for (ColumnDef c : acc.table.clusteringColumns()) ck.add(row.get(c.name()));
    for (byte[] b : Keys.clustering(acc.table, ck)) {
      for (byte x : b) h = (h ^ (x & 0xff)) * 0x100000001b3L;
      h = (h ^ 0xff) * 0x100000001b3L;
    }
    int rs = acc.pks.slotOf(h);
    if (rs < 0) {
      rs = -rs - 1;
      acc.rowBytes[rs] = rowSize;
      acc.rows[ps]++;
      acc.bytes[ps] += rowSize;
    } else {
      acc.overwrites++;
      acc.bytes[ps] += rowSize - acc.rowBytes[rs];
      acc.rowBytes[rs] = rowSize;
    }
  }

  private static Figures figures(Acc acc, Assignment a, int entityIndex, Assignment.Entity e, ReplicaMap replicas,
      int nodes, long n) {
    int count = acc.parts.size();
    long[] bytes = new long[count];
    long[] rows = new long[count];
    long[] nodeBytes = new long[nodes];
    int k = 0, big = -1, most = -1;
    long totalRows = 0;
    for (int s = 0; s < acc.parts.capacity(); s++) {
      if (!acc.parts.used(s)) continue;
      bytes[k] = acc.bytes[s];
      rows[k] = acc.rows[s];
      totalRows += acc.rows[s];
      if (big < 0 || acc.bytes[s] > acc.bytes[big]) big = s;
      if (most < 0 || acc.rows[s] > acc.rows[most]) most = s;
      for (int r : replicas.replicaIndices(acc.parts.key(s))) nodeBytes[r] += acc.bytes[s];
      k++;
    }
    Big largest = big < 0 ? null : new Big(keyText(acc, a, entityIndex, e, acc.first[big]), acc.bytes[big],
        acc.rows[big]);
    Big mostRows = most < 0 ? null : new Big(keyText(acc, a, entityIndex, e, acc.first[most]), acc.bytes[most],
        acc.rows[most]);
    return new Figures(acc.table.name(), n, count, totalRows, acc.overwrites, largest, mostRows, bytes, rows,
        nodeBytes);
  }

  /** The partition key of instance i, as {@code mainland = 'asia', state = 'k7'}. */
  static String keyText(Acc acc, Assignment a, int entityIndex, Assignment.Entity e, long i) {
    Entities.Instance inst = Entities.instance(a.seed(), entityIndex, e, i);
    List<String> parts = new ArrayList<>();
    for (ColumnDef c : acc.table.partitionKey()) {
      Object v = inst.value(e, c.name());
      parts.add(c.name() + " = " + Cql.literal(c.type(), v));
    }
    return String.join(", ", parts);
  }

  /** The largest values first. */
  static long[] descending(long[] v) {
    long[] s = v.clone();
    Arrays.sort(s);
    for (int i = 0, j = s.length - 1; i < j; i++, j--) {
      long t = s[i];
      s[i] = s[j];
      s[j] = t;
    }
    return s;
  }

  static final Comparator<Big> BY_BYTES = Comparator.comparingLong(Big::bytes);
}
