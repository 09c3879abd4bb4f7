package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.schema.ClusteringOrder;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.TableParams;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.types.CqlTypes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A node's secondary index ({@link LocalIndex}) and its read ({@link IndexSearcher}): each write adds entries, and an
 * entry that an overwrite, a delete, an expired TTL or a removed collection element made stale is never returned.
 */
class LocalIndexTest {
  private static final ListType LIST = new ListType(CqlTypes.INT, false);
  private static final SetType SET = new SetType(CqlTypes.TEXT, false);
  private static final MapType MAP = new MapType(CqlTypes.TEXT, CqlTypes.INT, false);
  /** t (pk int, ck int, s int static, v int, l list<int>, st set<text>, m map<text, int>, PRIMARY KEY (pk, ck)). */
  private final TableSchema schema = TableSchema.of(new TableMetadata("ks", "t", List.of(
      ColumnDef.partitionKey("pk", CqlTypes.INT, 0),
      ColumnDef.clustering("ck", CqlTypes.INT, 0, ClusteringOrder.ASC),
      ColumnDef.staticColumn("s", CqlTypes.INT),
      ColumnDef.regular("v", CqlTypes.INT),
      ColumnDef.regular("l", LIST),
      ColumnDef.regular("st", SET),
      ColumnDef.regular("m", MAP)), TableParams.DEFAULTS), Murmur3Partitioner.INSTANCE);
  private final ManualClock clock = new ManualClock(1_000);
  private final TableStore store = new TableStore(schema, StorageSettings.DEFAULTS.withMemtableFlushBytes(1L << 40),
      clock);
  private long ts = 1;

  private static byte[] i(int v) {
    return CqlTypes.INT.serialize(v);
  }

  private static byte[] t(String v) {
    return CqlTypes.TEXT.serialize(v);
  }

  private int now() {
    return clock.nowInSec();
  }

  private Partition row(int pk, int ck, String col, Cell cell) {
    return schema.newPartition(i(pk)).add(Row.builder(Clustering.of(i(ck))).cell(col, cell).build());
  }

  private void setV(int pk, int ck, int v, int ttl) {
    store.apply(row(pk, ck, "v", ttl == 0 ? Cell.live(ts++, i(v)) : Cell.expiring(ts++, ttl, now(), i(v))));
  }

  /** A collection column's cells as one write: {@code overwrite} deletes what the column held first. */
  private void collection(int pk, int ck, String col, boolean overwrite, byte[][]... pathAndValue) {
    long at = ts++;
    ComplexColumn c = ComplexColumn.of(overwrite ? new DeletionTime(at - 1, now()) : DeletionTime.LIVE,
        schema.pathOrder(col));
    for (byte[][] pv : pathAndValue) c.cells().put(pv[0], pv[1] == null ? Cell.tombstone(at, now()) : Cell.live(at,
        pv[1]));
    store.apply(schema.newPartition(i(pk)).add(Row.builder(Clustering.of(i(ck))).complex(col, c).build()));
  }

  private static byte[][] el(byte[] path, byte[] value) {
    return new byte[][] {path, value};
  }

  /** The (pk, ck) of the rows a search by {@code q} returns, over the whole ring. */
  private List<String> search(String column, String kind, byte[] value, byte[] entryValue) {
    IndexQuery q = new IndexQuery("ix", column, kind, value, entryValue);
    IndexSearcher.Result r = IndexSearcher.search(store, store.index(column, kind), q, null, null,
        ReadFilter.ALL, now(), Long.MAX_VALUE, Integer.MAX_VALUE);
    List<String> out = new ArrayList<>();
    for (Partition p : r.partitions()) {
      int pk = (int) CqlTypes.INT.deserialize(p.key().key());
      if (p.rows().isEmpty()) out.add(pk + "/static");
      for (Clustering c : p.rows().keySet()) out.add(pk + "/" + CqlTypes.INT.deserialize(c.get(0)));
    }
    return out;
  }

  private List<String> byV(int v) {
    return search("v", "values", i(v), null);
  }

  @Test
  void anInsertIsFoundAndAnOverwriteLeavesNoStaleEntry() {
    store.index("v", "values"); // created before the writes: kept by each of them
    setV(1, 1, 10, 0);
    setV(2, 1, 10, 0);
    setV(3, 1, 20, 0);
    assertThat(byV(10)).containsExactlyInAnyOrder("1/1", "2/1");
    setV(1, 1, 30, 0); // the entry 10 -> (1, 1) is stale now
    assertThat(byV(10)).containsExactly("2/1");
    assertThat(byV(30)).containsExactly("1/1");
    assertThat(store.index("v", "values").size()).as("the stale entry read past is deleted").isEqualTo(3);
  }

  @Test
  void aStaleEntryReadOnceIsDeletedAndANewerWriteOfTheValueIndexesItAgain() {
    store.index("v", "values");
    for (int k = 1; k <= 5; k++) setV(k, 1, 10, 0);
    for (int k = 1; k <= 4; k++) setV(k, 1, 20, 0); // four entries for 10 are stale
    LocalIndex ix = store.index("v", "values");
    IndexSearcher.Result first = IndexSearcher.search(store, ix, new IndexQuery("ix", "v", "values", i(10), null), null, null, ReadFilter.ALL, now(),
        Long.MAX_VALUE, Integer.MAX_VALUE);
    assertThat(first.rowsMatched()).isEqualTo(1);
    assertThat(first.rowsRead()).as("the four stale entries' rows are read").isEqualTo(5);
    assertThat(first.staleEntriesDeleted()).isEqualTo(4);
    IndexSearcher.Result again = IndexSearcher.search(store, ix, new IndexQuery("ix", "v", "values", i(10), null), null, null, ReadFilter.ALL, now(),
        Long.MAX_VALUE, Integer.MAX_VALUE);
    assertThat(again.rowsMatched()).isEqualTo(1);
    assertThat(again.rowsRead()).as("only the row still holding 10").isEqualTo(1);
    assertThat(again.staleEntriesDeleted()).isZero();
    setV(2, 1, 10, 0); // a newer write of 10: its entry is newer than the deletion's tombstone
    assertThat(byV(10)).containsExactlyInAnyOrder("2/1", "5/1");
  }

  @Test
  void deletedAndExpiredRowsAreNotReturned() {
    setV(1, 1, 10, 0);
    setV(1, 2, 10, 0);
    setV(2, 1, 10, 60);
    store.flush(); // an index created now is built from the SSTable
    assertThat(byV(10)).containsExactly("1/1", "1/2", "2/1").hasSize(3);
    store.apply(schema.newPartition(i(1)).add(Row.builder(Clustering.of(i(2))).delete(new DeletionTime(ts++, now()))
        .build()));
    assertThat(byV(10)).containsExactlyInAnyOrder("1/1", "2/1");
    clock.advanceSeconds(61); // the TTL'd cell of (2, 1) has expired
    assertThat(byV(10)).containsExactly("1/1");
    store.apply(row(1, 1, "v", Cell.tombstone(ts++, now())));
    assertThat(byV(10)).isEmpty();
  }

  @Test
  void aRemovedOrOverwrittenCollectionElementIsNotReturned() {
    byte[] p1 = CqlTypes.TIMEUUID.serialize(java.util.UUID.fromString("00000000-0000-1000-8000-000000000001"));
    byte[] p2 = CqlTypes.TIMEUUID.serialize(java.util.UUID.fromString("00000000-0000-1000-8000-000000000002"));
    collection(1, 1, "l", true, el(p1, i(7)), el(p2, i(8)));
    collection(2, 1, "l", true, el(p1, i(7)));
    assertThat(search("l", "values", i(7), null)).containsExactlyInAnyOrder("1/1", "2/1");
    collection(1, 1, "l", false, el(p1, null)); // DELETE l[0]: the element 7 is gone from (1, 1)
    assertThat(search("l", "values", i(7), null)).containsExactly("2/1");
    assertThat(search("l", "values", i(8), null)).containsExactly("1/1");
    collection(2, 1, "l", true, el(p2, i(9))); // SET l = [9]
    assertThat(search("l", "values", i(7), null)).isEmpty();

    collection(1, 1, "st", true, el(t("a"), new byte[0]), el(t("b"), new byte[0]));
    collection(1, 1, "st", false, el(t("a"), null)); // st = st - {'a'}
    assertThat(search("st", "values", t("a"), null)).isEmpty();
    assertThat(search("st", "values", t("b"), null)).containsExactly("1/1");

    collection(1, 1, "m", true, el(t("k"), i(1)), el(t("j"), i(2)));
    collection(2, 1, "m", true, el(t("k"), i(2)));
    assertThat(search("m", "keys", t("k"), null)).containsExactlyInAnyOrder("1/1", "2/1");
    assertThat(search("m", "values", i(2), null)).containsExactlyInAnyOrder("1/1", "2/1");
    assertThat(search("m", "entries", t("k"), i(2))).containsExactly("2/1");
    collection(2, 1, "m", false, el(t("k"), i(3))); // m['k'] = 3
    assertThat(search("m", "entries", t("k"), i(2))).isEmpty();
    assertThat(search("m", "entries", t("k"), i(3))).containsExactly("2/1");
    assertThat(search("m", "values", i(2), null)).containsExactly("1/1");
  }

  @Test
  void clusteringStaticAndPartitionKeyIndexesFindTheirRows() {
    setV(1, 5, 1, 0);
    setV(2, 5, 1, 0);
    setV(2, 6, 1, 0);
    assertThat(search("ck", "values", i(5), null)).containsExactlyInAnyOrder("1/5", "2/5");
    store.apply(schema.newPartition(i(2)).add(Row.builder(Clustering.STATIC).cell("s", Cell.live(ts++, i(4)))
        .build()));
    assertThat(search("s", "values", i(4), null)).containsExactly("2/5", "2/6");
    store.apply(schema.newPartition(i(2)).add(Row.builder(Clustering.STATIC).cell("s", Cell.live(ts++, i(5)))
        .build()));
    assertThat(search("s", "values", i(4), null)).isEmpty();
    assertThat(search("pk", "values", i(2), null)).containsExactly("2/5", "2/6");
    store.apply(schema.newPartition(i(2)).delete(new DeletionTime(ts++, now())));
    assertThat(search("pk", "values", i(2), null)).as("a deleted partition").isEmpty();
  }

  @Test
  void aSearchReadsOnlyThePartitionsTheIndexNames() {
    for (int pk = 0; pk < 200; pk++) setV(pk, 1, pk % 100 == 7 ? 1 : 2, 0);
    for (int ck = 1; ck <= 50; ck++) setV(500, ck, ck == 25 ? 1 : 3, 0); // a wide partition: one row holds 1
    IndexSearcher.Result r = IndexSearcher.search(store, store.index("v", "values"),
        new IndexQuery("ix", "v", "values", i(1), null), null, null, ReadFilter.ALL, now(), Long.MAX_VALUE,
        Integer.MAX_VALUE);
    assertThat(r.partitionsRead()).as("of 201").isEqualTo(3);
    assertThat(r.rowsRead()).as("the wide partition's named row only").isEqualTo(3);
    assertThat(r.rowsMatched()).isEqualTo(3);
    // A page of one row stops at the first match.
    IndexSearcher.Result page = IndexSearcher.search(store, store.index("v", "values"),
        new IndexQuery("ix", "v", "values", i(1), null), null, null, ReadFilter.ALL, now(), 1, Integer.MAX_VALUE);
    assertThat(page.rowsMatched()).isEqualTo(1);
    assertThat(page.partitionsRead()).isEqualTo(1);
  }
}
