package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.schema.ClusteringOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A page's read of one partition (a paged {@link ReadFilter}) gives the same live rows as the first rows of the
 * whole read, in either order and over any slices, with the partition spread over the memtable and several SSTables
 * and rows and ranges deleted; and what it ships ends at its last live row.
 */
class PagedReadTest {
  @Test
  void aPageIsTheFirstRowsOfTheWholeRead() {
    for (long seed = 1; seed <= 40; seed++) {
      Random rnd = new Random(seed);
      ManualClock clock = new ManualClock(10_000);
      TestTable tt = new TestTable(seed % 2 == 0 ? ClusteringOrder.ASC : ClusteringOrder.DESC, 864_000,
          Map.of("class", "SizeTieredCompactionStrategy"));
      NodeStorage n = new NodeStorage(StorageSettings.DEFAULTS, clock);
      n.createTable(tt.schema);
      String t = tt.schema.name();
      long ts = 1;
      for (int op = 0; op < 400; op++) {
        int ck = rnd.nextInt(200);
        int what = rnd.nextInt(20);
        if (what < 14) n.apply(t, tt.insert(1, ck, op, ts++, 0, clock.nowInSec()));
        else if (what < 17) n.apply(t, tt.deleteRow(1, ck, ts++, clock.nowInSec()));
        else if (what < 18) n.apply(t, tt.deleteRange(1, ck, ck + rnd.nextInt(15), ts++, clock.nowInSec()));
        else n.flush(t);
      }
      TableStore store = n.table(t).orElseThrow();
      for (List<Slice> slices : List.of(List.of(Slice.ALL),
          List.of(new Slice(ClusteringBound.exclusive(TestTable.i(50)), ClusteringBound.inclusive(TestTable.i(150)))),
          List.of(Slice.prefix(TestTable.i(7)), Slice.prefix(TestTable.i(20)), Slice.prefix(TestTable.i(90))))) {
        // Slices are in clustering order: for a DESC column the value bounds swap ends.
        List<Slice> s = seed % 2 == 0 || slices.size() != 1 || slices.get(0) == Slice.ALL ? slices
            : List.of(new Slice(slices.get(0).end(), slices.get(0).start()));
        if (seed % 2 != 0 && s.size() == 3) s = List.of(s.get(2), s.get(1), s.get(0));
        for (boolean reversed : new boolean[] {false, true}) {
          ReadFilter whole = new ReadFilter(s, reversed, Integer.MAX_VALUE);
          List<Clustering> all = clusterings(store.read(tt.key(1), whole).live());
          for (int limit : new int[] {1, 2, 5, 17, 60, 500}) {
            PartitionRead page = store.read(tt.key(1), whole.page(s, limit));
            List<Clustering> got = clusterings(page.live());
            assertThat(got).as("seed %d, %s, reversed %s, limit %d", seed, s, reversed, limit)
                .isEqualTo(all.subList(0, Math.min(limit, all.size())));
            if (got.size() == limit && page.data() != null) {
              Clustering edge = BoundedSlice.edge(page.data(), reversed);
              assertThat(edge).as("what is shipped ends at the last live row").isEqualTo(got.get(got.size() - 1));
            }
          }
        }
      }
    }
  }

  private static List<Clustering> clusterings(LivePartition lp) {
    List<Clustering> out = new ArrayList<>();
    for (LiveRow r : lp.rows()) out.add(r.clustering());
    return out;
  }
}
