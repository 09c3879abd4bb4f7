package io.ringsim.sim.model;

import static io.ringsim.sim.model.ModelTest.codes;
import static io.ringsim.sim.model.ModelTest.model;
import static io.ringsim.sim.model.ModelTest.scenario;
import static io.ringsim.sim.model.ModelTest.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringsim.report.ModelHtml;
import io.ringsim.report.ModelReport;
import io.ringsim.report.ModelText;
import io.ringsim.sim.script.ScenarioReader;
import io.ringsim.storage.ReadFilter;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The model of updates, deletes of every kind and TTL: predicted against measured, and TOMBSTONE_RISK. */
class MixModelTest {
  static final String EVENTS = ModelTest.EVENTS; // k text, c uuid, v text, n int: rows picked from those written
  static final String MAIL = "CREATE TABLE ks.t (user int, msg int, subject text, unread boolean, PRIMARY KEY (user, msg));";

  static ModelReport.Table table(String table, String work) {
    return model(scenario(table, work, null)).tables().get(0);
  }

  @Test
  void updatesOverwriteCellsAndRowAndCellDeletesArePredictedAsMeasured() {
    ModelReport.Table t = table(EVENTS, "  key k values('a', 'b')\n"
        + "  mix write 50% update 20% delete cell 10% delete 10% read 10%\n  rate 200/s");
    ModelReport.Figures p = t.predicted(), m = t.measured();
    // 12,000 operations, 6,000 inserts: updates and deletes name rows already written, so they add none.
    assertEquals(6000, p.rows());
    within(p.rows(), m.rows(), 0.03, "rows");
    within(p.cellsPerPartition().p50(), m.cellsPerPartition().p50(), 0.06, "live cells p50");
    within(p.bytes(), m.bytes(), 0.05, "bytes");
    within(p.tombstones().cell().max(), m.tombstones().cell().max(), 0.10, "deleted cells");
    within(p.tombstones().row().max(), m.tombstones().row().max(), 0.10, "row deletions");
    within(p.maxTombstonesPerRead(), m.maxTombstonesPerRead(), 0.10, "tombstones per read");
    assertEquals(0, m.tombstones().range().max());
    assertEquals(0, m.tombstones().partition().max());
  }

  @Test
  void freshDrawsWithRangeCellAndRowDeletesArePredictedAsMeasured() {
    ModelReport.Table t = table(MAIL, "  key user uniform(50)\n  column msg uniform(100)\n"
        + "  mix write 60% update 10% delete range 5% delete cell 10% delete 5% read 10%\n  rate 100/s");
    ModelReport.Figures p = t.predicted(), m = t.measured();
    // Every key column bounded: each operation draws its row afresh, so a delete of a row never written stores one.
    within(p.rows(), m.rows(), 0.03, "rows");
    within(p.bytes(), m.bytes(), 0.05, "bytes");
    within(p.cellsPerPartition().p50(), m.cellsPerPartition().p50(), 0.10, "live cells p50");
    // 300 range deletions over 50 users: 6 each.
    within(p.tombstones().range().p50(), m.tombstones().range().p50(), 0.20, "range tombstones p50");
    within(p.tombstones().row().p50(), m.tombstones().row().p50(), 0.20, "row deletions p50");
    within(p.tombstones().cell().p50(), m.tombstones().cell().p50(), 0.25, "deleted cells p50");
    within(p.tombstones().total().p50(), m.tombstones().total().p50(), 0.10, "tombstones p50");
  }

  /** Reads of part of a partition write nothing: a mix that has them models as the same mix with plain reads. */
  @Test
  void readsOfPartOfAPartitionAreReadsToTheModel() {
    String mix = "  key user uniform(50)\n  column msg uniform(100)\n"
        + "  mix write 60% update 10% delete range 5% read %s\n  rate 100/s";
    ModelReport.Table partial = table(MAIL, mix.replace("read %s", "read 5% read slice 10% read in 5% read limit 5%"));
    ModelReport.Table plain = table(MAIL, mix.replace("read %s", "read 25%"));
    assertEquals(plain.predicted().rows(), partial.predicted().rows());
    assertEquals(plain.predicted().tombstones().range().p50(), partial.predicted().tombstones().range().p50());
    within(plain.measured().rows(), partial.measured().rows(), 0.03, "rows");
    within(plain.measured().tombstones().range().p50(), partial.measured().tombstones().range().p50(), 0.25,
        "range tombstones p50 measured");
    within(partial.predicted().rows(), partial.measured().rows(), 0.03, "rows");
  }

  @Test
  void partitionAndRangeDeletesCountOnceEachAndKeepTheRowsTheyShadow() {
    ModelReport.Table t = table(EVENTS, "  key k uniform(20)\n"
        + "  mix write 80% delete range 5% delete partition 1% update 14%\n  rate 200/s");
    ModelReport.Figures p = t.predicted(), m = t.measured();
    assertEquals(1, p.tombstones().partition().p50());
    assertEquals(1, m.tombstones().partition().p50());
    within(p.tombstones().range().p50(), m.tombstones().range().p50(), 0.10, "range tombstones p50");
    // Nothing is compacted: the shadowed rows are still stored, and their bytes with them.
    within(p.rows(), m.rows(), 0.02, "rows");
    within(p.bytes(), m.bytes(), 0.05, "bytes");
    assertTrue(m.cellsPerPartition().p50() < m.rowsPerPartition().p50(), m.toString());
  }

  @Test
  void theTablesDefaultTimeToLiveExpiresCellsIntoTombstones() {
    String ttl = "CREATE TABLE ks.t (sensor int, at timestamp, value int, PRIMARY KEY ((sensor), at))"
        + " WITH default_time_to_live = 20;";
    String work = "  key sensor uniform(20)\n  key at now\n  mix write 60% read 30% delete 10%\n  rate 200/s";
    ModelReport.Figures p = table(ttl, work).predicted(), m = table(ttl, work).measured();
    within(p.tombstones().expired().p50(), m.tombstones().expired().p50(), 0.10, "expired cells p50");
    within(p.cellsPerPartition().p50(), m.cellsPerPartition().p50(), 0.10, "live cells p50");
    within(p.tombstones().row().p50(), m.tombstones().row().p50(), 0.15, "row deletions p50");
    ModelReport.Figures none = table(ttl.replace(" WITH default_time_to_live = 20", ""), work).measured();
    assertEquals(0, none.tombstones().expired().max());
    // 20 s of TTL at the end of a minute: about a third of the cells are still live.
    assertTrue(none.cellsPerPartition().p50() > 2.5 * m.cellsPerPartition().p50(), none + " vs " + m);
  }

  @Test
  void workloadsDrawingTheSameBoundedKeysShareTheirPartitions() {
    // As the range-tombstones lesson: one workload writes, another deletes ranges of the same users' messages later.
    String text = ModelTest.scenario(MAIL, "  key user uniform(50)\n  column msg uniform(100)\n  mix write 90% update 10%\n"
        + "  rate 100/s\n  from 0s to 20s", null) + "workload clear {\n  table ks.t\n  key user uniform(50)\n"
        + "  column msg uniform(100)\n  mix delete range 100%\n  rate 20/s\n  from 30s to 40s\n}\n";
    ModelReport.Table t = model(text).tables().get(0);
    assertEquals(50, t.predicted().partitions());
    assertEquals(50, t.measured().partitions());
    within(t.predicted().rows(), t.measured().rows(), 0.03, "rows");
    // 200 range deletions over 50 users: 4 each.
    within(t.predicted().tombstones().range().p50(), t.measured().tombstones().range().p50(), 0.25, "ranges p50");
    assertTrue(t.formula().contains("workload w+clear"), t.formula());
  }

  static final String RISKY = "  key k values('a', 'b')\n  mix write 50% delete cell 25% delete 25%\n  rate 200/s";
  static final String QUERIES = "  SELECT * FROM ks.t WHERE k = ?;\n  SELECT * FROM ks.t WHERE k = ? LIMIT 10;";

  @Test
  void tombstoneRiskForDeletesNamesThePartitionTheKindsAndWhatEachQueryCrosses() {
    ModelReport r = model(scenario(EVENTS, RISKY, QUERIES));
    ModelReport.Finding f = r.findings().stream().filter(x -> x.code().equals("TOMBSTONE_RISK")).findFirst()
        .orElseThrow(() -> new AssertionError(codes(r).toString()));
    long measured = r.tables().get(0).measured().maxTombstonesPerRead();
    assertTrue(measured > 1000 && measured < 100_000, "measured " + measured);
    assertTrue(f.threshold().startsWith("tombstone_warn_threshold 1,000"), f.threshold());
    assertTrue(f.evidence().contains("Cassandra logs a warning for every such read"), f.evidence());
    assertTrue(f.evidence().matches(".*measured, partition \\([ab]\\): \\d+ deleted cells, 0 expired cells, \\d+ row"
        + " deletions, 0 range tombstones, 0 partition deletion.*"), f.evidence());
    // The whole-partition read crosses them all; the one with LIMIT 10 stops after ten live rows.
    String all = ":" + r.queries().get(0).at().split(":", 2)[1] + " crosses " + String.format("%,d", measured)
        + " of them there and is logged";
    assertTrue(f.evidence().contains(all), all + " in " + f.evidence());
    String limited = f.evidence().substring(f.evidence().indexOf("the query at " + r.queries().get(1).at()));
    long crossed = Long.parseLong(limited.replaceAll("^the query at \\S+ crosses ([\\d,]+) .*", "$1").replace(",", ""));
    assertTrue(crossed < 1000, limited);
  }

  @Test
  void noTombstoneRiskForTheSameWorkloadWithoutItsDeletes() {
    ModelReport r = model(scenario(EVENTS, RISKY.replace("mix write 50% delete cell 25% delete 25%", "mix write 100%"),
        QUERIES));
    assertFalse(codes(r).contains("TOMBSTONE_RISK"), codes(r).toString());
    assertEquals(0, r.tables().get(0).measured().tombstones().total().max());
    assertEquals(0, r.tables().get(0).predicted().tombstones().total().max());
    assertFalse(ModelText.text(r).contains("tombstones a read of a whole partition crosses"));
  }

  @Test
  void tombstoneRiskPastTheFailureThresholdSaysTheReadFails() {
    String s = scenario(EVENTS, RISKY, QUERIES) + "model {\n  tombstone_failure 1500\n}\n";
    assertEquals(1500, ScenarioReader.parseModel(s, "t.sim", Map.of()).limits().tombstoneFailure());
    ModelReport r = model(s);
    ModelReport.Finding f = r.findings().stream().filter(x -> x.code().equals("TOMBSTONE_RISK")).findFirst()
        .orElseThrow();
    assertTrue(f.threshold().startsWith("tombstone_failure_threshold 1,500"), f.threshold());
    assertTrue(f.evidence().contains("such a read fails (TombstoneOverwhelmingException"), f.evidence());
    assertTrue(f.evidence().contains("of them there and fails"), f.evidence());
  }

  @Test
  void theKindsAddUpToWhatTheReadPathCounts() {
    ScenarioReader.Model sm = ScenarioReader.parseModel(scenario(MAIL, "  key user uniform(50)\n  column msg uniform(100)\n"
        + "  mix write 60% update 10% delete range 5% delete cell 10% delete 5% delete partition 1% read 9%\n"
        + "  ttl 30s\n  rate 100/s", null), "t.sim", Map.of());
    Modeler.Result res = Modeler.analyze(sm.spec(), sm.queries(), new Modeler.Options(1, 400_000, sm.limits()), true);
    Loader.Measurement m = res.measurements().values().iterator().next();
    Tombstones.Counts k = Tombstones.of(m.worst(), m.nowSec(), res.ctx().catalog.allTables().get(0));
    assertTrue(k.cell() > 0 && k.expired() > 0 && k.row() > 0 && k.range() > 0, k.toString());
    assertEquals(Tombstones.crossed(m.worst(), ReadFilter.ALL, m.nowSec(), res.ctx().catalog.allTables().get(0)),
        k.total());
  }

  @Test
  void textJsonAndHtmlShowTheTombstonesByKind() {
    ModelReport r = model(scenario(EVENTS, RISKY, QUERIES));
    String text = ModelText.text(r);
    assertTrue(text.contains("tombstones a read of a whole partition crosses, per partition (p50 p99 max):"), text);
    assertTrue(text.matches("(?s).*\\|\\s*deleted cells\\s*\\|\\s*expired cells \\(TTL\\)\\s*\\|\\s*row deletions.*"),
        text);
    assertTrue(text.contains("live cells and tombstones per partition"), text);
    String json = ModelText.json(r);
    assertTrue(json.contains("\"tombstones\" : {") && json.contains("\"range\" : {"), json);
    String html = ModelHtml.render(r);
    assertTrue(html.contains("<table class=\"tombstones\">") && html.contains("row deletions"), html);
  }
}
