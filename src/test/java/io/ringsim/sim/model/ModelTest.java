package io.ringsim.sim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringsim.report.ModelReport;
import io.ringsim.sim.script.ScenarioException;
import io.ringsim.sim.script.ScenarioReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelTest {

  static final String HEAD = "scenario t\nduration 1m\nseed 5\ncluster {\n  nodes 6\n  vnodes 16\n}\n";

  static String scenario(String table, String workload, String queries) {
    return HEAD + "cql {\n  CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};\n"
        + "  " + table + "\n}\n" + "workload w {\n  table ks.t\n" + workload + "\n}\n"
        + (queries == null ? "" : "queries {\n" + queries + "\n}\n");
  }

  static ModelReport model(String text, double scale) {
    ScenarioReader.Model m = ScenarioReader.parseModel(text, "t.sim", Map.of());
    return Modeler.model(m, new Modeler.Options(scale, Modeler.Options.DEFAULT_BUDGET, m.limits()));
  }

  static ModelReport model(String text, double scale, long budget) {
    ScenarioReader.Model m = ScenarioReader.parseModel(text, "t.sim", Map.of());
    return Modeler.model(m, new Modeler.Options(scale, budget, m.limits()));
  }

  static ModelReport model(String text) {
    return model(text, 1);
  }

  static List<String> codes(ModelReport r) {
    return r.findings().stream().map(ModelReport.Finding::code).toList();
  }

  static final String EVENTS = "CREATE TABLE ks.t (k text, c uuid, v text, n int, PRIMARY KEY ((k), c));";

  // ---- the queries section ----

  @Test
  void queriesAreReadWithTheirPlaceInTheFile() {
    String text = scenario(EVENTS, "  key k values('a')\n  rate 10/s", "  SELECT * FROM ks.t WHERE k = ?;\n"
        + "    SELECT * FROM ks.t\n      WHERE k = 'x' AND c > 1 ALLOW FILTERING;");
    ScenarioReader.Model m = ScenarioReader.parseModel(text, "t.sim", Map.of());
    assertEquals(2, m.queries().size());
    int line = text.split("\n", -1).length; // the queries follow the workload
    assertEquals("t.sim", m.queries().get(0).file());
    assertEquals(3, m.queries().get(0).col());
    assertEquals(m.queries().get(0).line() + 1, m.queries().get(1).line());
    assertEquals(5, m.queries().get(1).col());
    assertTrue(line > m.queries().get(1).line());
  }

  @Test
  void aQueryOnAnUnknownTableIsOneLineAtItsPlace() {
    String text = scenario(EVENTS, "  rate 10/s", "  SELECT * FROM ks.nope WHERE k = ?;");
    ScenarioException e = assertThrows(ScenarioException.class, () -> model(text));
    int line = (int) text.lines().takeWhile(l -> !l.contains("ks.nope")).count() + 1;
    assertTrue(e.getMessage().startsWith("t.sim:" + line + ":3: "), e.getMessage());
    assertTrue(e.getMessage().contains("ks.nope"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"));
  }

  @Test
  void aQueryThatDoesNotParseIsOneLineAtItsPlace() {
    String text = scenario(EVENTS, "  rate 10/s", "  SELEKT * FROM ks.t;");
    ScenarioException e = assertThrows(ScenarioException.class, () -> model(text));
    assertTrue(e.getMessage().matches("t\\.sim:\\d+:3: query does not parse: .*"), e.getMessage());
  }

  @Test
  void aMarkerTheModelCannotBindIsOneLineAtItsPlace() {
    String text = scenario(EVENTS, "  rate 10/s", "  SELECT * FROM ks.t WHERE k IN ?;");
    ScenarioException e = assertThrows(ScenarioException.class, () -> model(text));
    assertTrue(e.getMessage().matches("t\\.sim:\\d+:3: cannot bind the query's markers: .*"), e.getMessage());
  }

  @Test
  void theModelSectionSetsTheLimitsAndAnUnknownSettingIsRefusedAtItsPlace() {
    String text = scenario(EVENTS, "  rate 10/s", null) + "model {\n  partition_size_warn 1MB\n  rows_per_partition 50\n}\n";
    ScenarioReader.Model m = ScenarioReader.parseModel(text, "t.sim", Map.of());
    assertEquals(1L << 20, m.limits().partitionBytes());
    assertEquals(50, m.limits().partitionRows());
    ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioReader.parseModel(
        scenario(EVENTS, "  rate 10/s", null) + "model {\n  sizes 3\n}\n", "t.sim", Map.of()));
    assertTrue(e.getMessage().contains("unknown model setting 'sizes'"), e.getMessage());
  }

  // ---- predictions against measurements ----

  @Test
  void uniqueKeysPredictExactlyTheMeasuredCellsAndBytesWithinTenPercent() {
    ModelReport r = model(scenario("CREATE TABLE ks.t (id uuid PRIMARY KEY, name text, zip int, note text);",
        "  key id uuid\n  column name text(5, 20)\n  column note text(50, 150)\n  rate 500/s", null));
    ModelReport.Table t = r.tables().get(0);
    assertEquals(30_000, t.predicted().partitions());
    assertEquals(t.measured().partitions(), t.predicted().partitions());
    assertEquals(t.measured().cellsPerPartition(), t.predicted().cellsPerPartition());
    assertEquals(3, t.measured().cellsPerPartition().max()); // Nv = 1 x (4 - 1 - 0) + 0
    double ratio = (double) t.predicted().bytes() / t.measured().bytes();
    assertTrue(ratio > 0.9 && ratio < 1.1, "predicted " + t.predicted().bytes() + " measured " + t.measured().bytes());
    double p50 = (double) t.predicted().bytesPerPartition().p50() / t.measured().bytesPerPartition().p50();
    assertTrue(p50 > 0.9 && p50 < 1.1, t.predicted().bytesPerPartition() + " vs " + t.measured().bytesPerPartition());
  }

  @Test
  void aTimeBucketedKeyPredictsExactlyTheMeasuredRowsAndCells() {
    ModelReport r = model(scenario("CREATE TABLE ks.t (day timestamp, c uuid, v text, PRIMARY KEY ((day), c));",
        "  key day timebucket(10s)\n  key c uuid\n  column v text(10, 10)\n  rate 300/s", null));
    ModelReport.Table t = r.tables().get(0);
    assertEquals(6, t.measured().partitions());
    assertEquals(t.measured().partitions(), t.predicted().partitions());
    assertEquals(t.measured().rowsPerPartition(), t.predicted().rowsPerPartition());
    assertEquals(t.measured().cellsPerPartition(), t.predicted().cellsPerPartition());
    double ratio = (double) t.predicted().bytesPerPartition().max() / t.measured().bytesPerPartition().max();
    assertTrue(ratio > 0.9 && ratio < 1.1, t.predicted().bytesPerPartition() + " vs " + t.measured().bytesPerPartition());
  }

  @Test
  void aFewKeysPredictTheMeasuredPartitionsAndRowsWithinTheirSpread() {
    ModelReport r = model(scenario(EVENTS, "  key k values('a', 'b', 'c', 'd')\n  rate 400/s", null));
    ModelReport.Table t = r.tables().get(0);
    assertEquals(4, t.measured().partitions());
    assertEquals(4, t.predicted().partitions());
    assertEquals(24_000, t.measured().rows());
    // Each key's rows are Binomial(24000, 1/4): sd 67; the largest within 4 sd of the predicted largest.
    assertTrue(Math.abs(t.measured().rowsPerPartition().max() - t.predicted().rowsPerPartition().max()) < 270,
        t.predicted().rowsPerPartition() + " vs " + t.measured().rowsPerPartition());
    double ratio = (double) t.predicted().bytes() / t.measured().bytes();
    assertTrue(ratio > 0.9 && ratio < 1.1, t.predicted().bytes() + " vs " + t.measured().bytes());
  }

  @Test
  void deletesAndTtlArePredictedAsTheLoadMeasuresThem() {
    String t = "CREATE TABLE ks.t (sensor int, at timestamp, value int, PRIMARY KEY ((sensor), at));";
    ModelReport r = model(scenario(t, "  key sensor uniform(20)\n  key at now\n  mix write 60% read 30% delete 10%\n"
        + "  ttl 20s\n  rate 200/s", null));
    ModelReport.Figures p = r.tables().get(0).predicted(), m = r.tables().get(0).measured();
    // Two operations a tick: writes of one tick to one sensor share a timestamp and overwrite each other.
    assertTrue(p.rows() < 0.6 * 200 * 60, "rows " + p.rows());
    within(p.rows(), m.rows(), 0.05, "rows");
    within(p.cellsPerPartition().p50(), m.cellsPerPartition().p50(), 0.10, "cells p50");
    within(p.bytes(), m.bytes(), 0.10, "bytes");
    within(p.maxTombstonesPerRead(), m.maxTombstonesPerRead(), 0.20, "tombstones");
  }

  static void within(long predicted, long measured, double tolerance, String what) {
    assertTrue(Math.abs(predicted - measured) <= tolerance * measured, what + ": predicted " + predicted + ", measured "
        + measured);
  }

  // ---- findings: each triggered and not ----

  @Test
  void largePartitionAboveTheRowsLimitAndNotBelowIt() {
    String s = scenario(EVENTS, "  key k values('a', 'b')\n  rate 100/s", null);
    assertTrue(codes(model(s + "model {\n  rows_per_partition 1000\n}\n")).contains("LARGE_PARTITION"));
    assertFalse(codes(model(s)).contains("LARGE_PARTITION"));
  }

  @Test
  void largePartitionAboveTheBytesLimit() {
    String s = scenario(EVENTS, "  key k values('a', 'b')\n  column v text(200, 200)\n  rate 100/s", null);
    ModelReport r = model(s + "model {\n  partition_size_warn 256KB\n}\n");
    ModelReport.Finding f = r.findings().stream().filter(x -> x.code().equals("LARGE_PARTITION")).findFirst().orElseThrow();
    assertTrue(f.threshold().contains("256.0 KiB"), f.threshold());
  }

  @Test
  void unboundedGrowthWithoutATimeBucketAndNotWithOne() {
    assertTrue(codes(model(scenario(EVENTS, "  key k values('a', 'b', 'c')\n  rate 100/s", null)))
        .contains("UNBOUNDED_GROWTH"));
    String bucketed = "CREATE TABLE ks.t (k text, day timestamp, c uuid, v text, PRIMARY KEY ((k, day), c));";
    assertFalse(codes(model(scenario(bucketed, "  key k values('a', 'b', 'c')\n  key day timebucket(10s)\n  rate 100/s",
        null))).contains("UNBOUNDED_GROWTH"));
  }

  @Test
  void hotPartitionForAHotKeyAndNotForUuids() {
    String t = "CREATE TABLE ks.t (k int, c uuid, v text, PRIMARY KEY ((k), c));";
    ModelReport hot = model(scenario(t, "  key k hot(0.5, 1000)\n  rate 200/s", null));
    assertTrue(codes(hot).contains("HOT_PARTITION"), codes(hot).toString());
    assertFalse(codes(model(scenario(t, "  key k uniform(1000)\n  rate 200/s", null))).contains("HOT_PARTITION"));
  }

  @Test
  void lowCardinalityForFewValuesOrAZipCodeAndNotForUuids() {
    assertTrue(codes(model(scenario(EVENTS, "  key k values('a', 'b', 'c')\n  rate 50/s", null)))
        .contains("LOW_CARDINALITY_KEY"));
    String byZip = "CREATE TABLE ks.t (zip int, id uuid, PRIMARY KEY ((zip), id));";
    assertTrue(codes(model(scenario(byZip, "  key zip uniform(5000)\n  rate 50/s", null))).contains("LOW_CARDINALITY_KEY"));
    assertFalse(codes(model(scenario("CREATE TABLE ks.t (id uuid PRIMARY KEY, v text);", "  rate 50/s", null)))
        .contains("LOW_CARDINALITY_KEY"));
  }

  @Test
  void skewedLoadForTwoKeysOnSixNodesAndNotForUuids() {
    ModelReport two = model(scenario(EVENTS, "  key k values('a', 'b')\n  rate 50/s", null));
    assertTrue(codes(two).contains("SKEWED_LOAD"), codes(two).toString());
    assertTrue(two.tables().get(0).loadMaxOverMean() >= 1.5);
    ModelReport even = model(scenario("CREATE TABLE ks.t (id uuid PRIMARY KEY, v text);", "  rate 500/s", null));
    assertFalse(codes(even).contains("SKEWED_LOAD"));
    assertEquals(6, even.tables().get(0).nodes().size());
  }

  @Test
  void tombstoneRiskForDeletesInAFewPartitionsAndNotWithoutDeletes() {
    ModelReport r = model(scenario(EVENTS, "  key k values('a', 'b')\n  mix write 50% delete 50%\n  rate 200/s", null));
    assertTrue(codes(r).contains("TOMBSTONE_RISK"), codes(r).toString());
    assertTrue(r.tables().get(0).measured().maxTombstonesPerRead() > 1000);
    assertFalse(codes(model(scenario(EVENTS, "  key k values('a', 'b')\n  rate 200/s", null))).contains("TOMBSTONE_RISK"));
  }

  @Test
  void tombstoneRiskForExpiredTtlCells() {
    ModelReport r = model(scenario(EVENTS, "  key k values('a', 'b')\n  ttl 10s\n  rate 200/s", null));
    assertTrue(codes(r).contains("TOMBSTONE_RISK"), codes(r).toString());
  }

  @Test
  void queriesFilteringIndexAndMultiPartitionAndNotASinglePartitionRead() {
    String t = "CREATE TABLE ks.t (k text, c int, v text, n int, PRIMARY KEY ((k), c));";
    String idx = "\n  CREATE INDEX ON ks.t (n);";
    String work = "  key k values('a', 'b', 'c')\n  key c uniform(100)\n  column n uniform(10)\n  rate 50/s";
    ModelReport r = model(scenario(t + idx, work, "  SELECT * FROM ks.t WHERE k = ? AND c = ?;\n"
        + "  SELECT * FROM ks.t WHERE v = ? ALLOW FILTERING;\n  SELECT * FROM ks.t WHERE n = ?;\n"
        + "  SELECT * FROM ks.t WHERE k IN ('a', 'b');"));
    assertEquals(List.of("single partition", "range scan (every partition)"),
        r.queries().stream().limit(2).map(ModelReport.Query::access).toList());
    assertFalse(r.queries().get(0).needsFiltering());
    assertTrue(r.queries().get(1).needsFiltering());
    List<String> byQuery = r.findings().stream().filter(f -> f.subject().startsWith("query")).map(f -> f.subject()
        .substring(f.subject().lastIndexOf(':', f.subject().lastIndexOf(':') - 1)) + " " + f.code()).toList();
    assertFalse(byQuery.stream().anyMatch(s -> s.startsWith(":" + r.queries().get(0).at().split(":")[1] + ":")),
        byQuery.toString());
    assertTrue(codes(r).contains("FILTERING_QUERY"));
    assertTrue(codes(r).contains("INDEX_QUERY"));
    ModelReport.Finding multi = r.findings().stream().filter(f -> f.code().equals("MULTI_PARTITION_QUERY")
        && f.subject().endsWith(r.queries().get(3).at())).findFirst().orElseThrow();
    assertTrue(multi.evidence().contains("reads 2 partitions"), multi.evidence());
  }

  // ---- suggestions, verified ----

  @Test
  void aTimeBucketIsSuggestedSizedToTheLimitAndVerified() {
    String logs = "CREATE TABLE ks.t (k text, ts timestamp, v text, PRIMARY KEY ((k), ts));";
    ModelReport r = model(scenario(logs, "  key k values('a', 'b', 'c')\n  key ts now\n  rate 300/s",
        "  SELECT * FROM ks.t WHERE k = ? LIMIT 10;") + "model {\n  rows_per_partition 3000\n}\n");
    ModelReport.Suggestion s = r.suggestions().stream().filter(x -> x.fixes().equals("UNBOUNDED_GROWTH")).findFirst()
        .orElseThrow();
    assertTrue(s.verified(), s.verdict());
    // Three writes a 10 ms tick over three keys: a key holds a row in 1 - (2/3)^3 = 70% of the ticks (writes of one
    // tick to one key share a timestamp), so a minute is about 4,200 rows, over the 3,000 limit; 10 seconds is 700.
    assertTrue(s.title().contains("time bucket of 10s"), s.title());
    assertTrue(s.cql().get(0).contains("PRIMARY KEY ((k, bucket), ts)"), s.cql().toString());
    assertTrue(s.queries().get(0).contains("AND bucket = ? LIMIT 10"), s.queries().toString());
  }

  @Test
  void aTablePerQueryIsSuggestedForAFilteringQueryAndVerified() {
    ModelReport r = model(scenario(EVENTS, "  key k values('a', 'b', 'c')\n  column n uniform(1000)\n  rate 50/s",
        "  SELECT * FROM ks.t WHERE n = ? ALLOW FILTERING;"));
    ModelReport.Suggestion s = r.suggestions().stream().filter(x -> x.fixes().equals("FILTERING_QUERY")).findFirst()
        .orElseThrow();
    assertTrue(s.verified(), s.verdict());
    assertTrue(s.cql().get(0).startsWith("CREATE TABLE ks.t_by_n ("), s.cql().toString());
    assertTrue(s.cql().get(0).contains("PRIMARY KEY ((n), k, c)"), s.cql().toString());
    assertEquals("SELECT * FROM ks.t_by_n WHERE n = ?", s.queries().get(0));
    assertTrue(s.changes().stream().anyMatch(c -> c.figure().equals("needs ALLOW FILTERING") && c.before().equals("yes")
        && c.after().equals("no")));
  }

  @Test
  void aCompositeKeyIsSuggestedForALargePartitionOfFewKeysAndVerified() {
    String t = "CREATE TABLE ks.t (mainland text, state int, uid int, name text, PRIMARY KEY ((mainland), state, uid));";
    ModelReport r = model(scenario(t, "  key mainland values('asia', 'europe')\n  key state uniform(60)\n"
        + "  key uid sequential\n  rate 500/s", null) + "model {\n  rows_per_partition 10000\n}\n");
    ModelReport.Suggestion s = r.suggestions().stream().filter(x -> x.fixes().equals("LARGE_PARTITION")).findFirst()
        .orElseThrow();
    assertTrue(s.cql().get(0).contains("PRIMARY KEY ((mainland, state), uid)"), s.cql().toString());
    assertTrue(s.verified(), s.verdict());
  }

  @Test
  void noTimeBucketIsSuggestedForRowsNotOrderedByTime() {
    ModelReport r = model(scenario(EVENTS, "  key k values('a', 'b', 'c')\n  rate 300/s", null));
    assertTrue(codes(r).contains("UNBOUNDED_GROWTH"));
    assertTrue(r.suggestions().stream().noneMatch(s -> s.title().contains("time bucket")), r.suggestions().toString());
  }

  @Test
  void aTablePerQueryForAnIndexQuerySaysWhatTheNewTableCosts() {
    String t = "CREATE TABLE ks.t (id int, n int, artist int, PRIMARY KEY ((id), n));\n  CREATE INDEX ON ks.t (artist);";
    ModelReport r = model(scenario(t, "  key id uniform(2000)\n  key n uniform(50)\n  column artist hot(0.5, 500)\n"
        + "  rate 500/s", "  SELECT * FROM ks.t WHERE artist = ?;"));
    ModelReport.Suggestion s = r.suggestions().stream().filter(x -> x.fixes().equals("INDEX_QUERY")).findFirst()
        .orElseThrow();
    assertTrue(s.verified(), s.verdict());
    assertTrue(s.verdict().contains("but ks.t_by_artist shows HOT_PARTITION"), s.verdict());
  }

  // ---- scale ----

  @Test
  void aHundredMillionRowsOverTwelveNodesAreSampledAndSaySo() {
    String s = "scenario big\nduration 10s\nseed 1\ncluster {\n  nodes 12\n  vnodes 16\n}\ncql {\n"
        + "  CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};\n"
        + "  CREATE TABLE ks.t (id uuid PRIMARY KEY, name text, zip int);\n}\n"
        + "workload w {\n  table ks.t\n  column name text(5, 20)\n  rate 10000/s\n}\n";
    ModelReport r = model(s, 1000);
    ModelReport.Table t = r.tables().get(0);
    assertEquals(100_000_000, t.predicted().rows());
    assertNotNull(t.measured());
    assertEquals("partitions", t.sampling().method());
    assertTrue(t.sampling().fraction() < 0.01);
    assertTrue(t.sampling().note().startsWith("sampled"), t.sampling().note());
    double ratio = (double) t.measured().partitions() / t.predicted().partitions();
    assertTrue(ratio > 0.98 && ratio < 1.02, t.measured().partitions() + " vs " + t.predicted().partitions());
    assertEquals(12, t.nodes().size());
  }

  @Test
  void aBucketedTableIsSampledByWholeBucketsAndItsPartitionsMeasureAsPredicted() {
    ModelReport r = model(scenario("CREATE TABLE ks.t (day timestamp, c uuid, v text, PRIMARY KEY ((day), c));",
        "  key day timebucket(1s)\n  key c uuid\n  column v text(10, 10)\n  rate 300/s", null), 1, 2000);
    ModelReport.Table t = r.tables().get(0);
    assertEquals("partitions", t.sampling().method());
    assertTrue(t.sampling().note().contains("time buckets"), t.sampling().note());
    assertEquals(300, t.measured().rowsPerPartition().p50()); // a whole second of writes
    assertEquals(t.predicted().rowsPerPartition().p50(), t.measured().rowsPerPartition().p50());
    assertEquals(t.predicted().cellsPerPartition().max(), t.measured().cellsPerPartition().max());
  }

  @Test
  void aFewPartitionsAreSampledByWholeTicksAndSaySo() {
    ModelReport r = model(scenario(EVENTS, "  key k values('a', 'b', 'c')\n  rate 300/s", null), 1, 2000);
    ModelReport.Table t = r.tables().get(0);
    assertEquals("writes", t.sampling().method());
    assertTrue(t.sampling().note().contains("10 ms ticks"), t.sampling().note());
    within(t.predicted().rowsPerPartition().p50(), t.measured().rowsPerPartition().p50(), 0.10, "rows p50");
  }

  @Test
  void theModelIsDeterministic() {
    String s = scenario(EVENTS, "  key k values('a', 'b', 'c')\n  rate 100/s", "  SELECT * FROM ks.t WHERE k = ?;");
    assertEquals(io.ringsim.report.ModelText.json(model(s)), io.ringsim.report.ModelText.json(model(s)));
  }
}
