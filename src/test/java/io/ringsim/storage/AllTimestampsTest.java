package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Re-stamping an update, as a Paxos round does when it finishes another round's proposal (Cassandra's
 * Commit.newProposal and PartitionUpdate.Builder.updateAllTimestamp): what it writes takes the new timestamp, what
 * it deletes the one just before, TTLs and values untouched; so the re-stamped update reads exactly as the original.
 */
class AllTimestampsTest {
  @Test
  void everyWriteTakesTheNewTimestampAndEveryDeletionTheOneBefore() {
    TestTable t = new TestTable();
    int now = 1_000;
    Partition u = t.insert(1, 1, 10, 5, 60, now);
    u.apply(t.update(1, 2, "v2", TestTable.t("x"), 6, 0, now));
    u.apply(t.deleteRow(1, 3, 7, now));
    u.apply(t.deleteRange(1, 5, 9, 8, now));
    u.apply(t.writeStatic(1, 3, 9, now));
    u.apply(t.deleteCell(1, 4, "v1", 4, now));
    u.delete(new DeletionTime(3, now));

    Partition r = u.withAllTimestamps(1_000_000);

    assertThat(r.deletion().markedForDeleteAt()).isEqualTo(999_999);
    assertThat(r.rangeTombstones()).singleElement()
        .satisfies(rt -> assertThat(rt.deletion().markedForDeleteAt()).isEqualTo(999_999));
    assertThat(r.staticRow().cell("s").timestamp()).isEqualTo(1_000_000);
    Row one = r.rows().get(TestTable.ck(1));
    assertThat(one.liveness().timestamp()).isEqualTo(1_000_000);
    assertThat(one.liveness().ttl()).isEqualTo(60);
    assertThat(one.cell("v1").timestamp()).isEqualTo(1_000_000);
    assertThat(one.cell("v1").value()).isEqualTo(u.rows().get(TestTable.ck(1)).cell("v1").value());
    assertThat(r.rows().get(TestTable.ck(3)).deletion().markedForDeleteAt()).isEqualTo(999_999);
    assertThat(r.rows().get(TestTable.ck(4)).cell("v1").isTombstone()).isTrue();
    assertThat(r.maxTimestamp()).isEqualTo(1_000_000);
    // It reads as the original: the same live rows and values at the same now.
    LivenessFilter view = new LivenessFilter(now, t.schema.metadata());
    assertThat(view.view(r, ReadFilter.ALL).rows()).extracting(LiveRow::clustering)
        .containsExactlyElementsOf(view.view(u, ReadFilter.ALL).rows().stream().map(LiveRow::clustering).toList());
  }
}
