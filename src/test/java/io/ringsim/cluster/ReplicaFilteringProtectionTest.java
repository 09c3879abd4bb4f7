package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.node.TraceEvent;
import io.ringsim.cql.CqlFeatures;
import io.ringsim.cql.exec.PageCursor;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.cql.ast.Statement;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.Node;
import io.ringsim.ring.NodeSpec;
import io.ringsim.ring.RandomAllocator;
import io.ringsim.ring.Ring;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.KeyspaceMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A read by a secondary index at a consistency level that asks several replicas of a range: each replica answers from
 * its own index, and the coordinator's second round (Cassandra's ReplicaFilteringProtection) reads again, from the
 * replicas that said nothing about it, every row another replica returned. The answer is always the one a scan of
 * the merged data filtered afterwards gives; the second round's messages appear only when a replica was silent.
 *
 * <p>Three nodes with RF 3, hinted handoff off: a write at ONE while n3 is cut off never reaches n3, and one
 * coordinated by n3 while it is cut off reaches n3 alone.
 */
class ReplicaFilteringProtectionTest {
  private SimCluster sim;
  private ClientSession s;

  @BeforeEach
  void start() {
    List<NodeSpec> specs = new ArrayList<>();
    for (int i = 1; i <= 3; i++) specs.add(new NodeSpec("n" + i, "dc1", "rack1", 4));
    List<Node> placed = new RandomAllocator(31).allocate(Murmur3Partitioner.INSTANCE, List.of(), specs);
    sim = SimCluster.start(ClusterSpec.defaults(new Ring(Murmur3Partitioner.INSTANCE, placed), 31)
        .withSerializePayloads(true).withHintedHandoff(false)
        .withFeatures(CqlFeatures.DEFAULTS.with("sasi_indexes_enabled", "true")),
        ConfigFactory.load("application-test"));
    sim.setSchema(Catalog.EMPTY.withKeyspace(new KeyspaceMetadata("ks", Map.of("class", "SimpleStrategy",
        "replication_factor", "3"), true)));
    s = new ClientSession(sim, 31);
    s.setCoordinator("n1");
    s.setConsistency(ConsistencyLevel.ALL);
    s.execute("CREATE TABLE ks.t (k int, c int, v int, w int, PRIMARY KEY (k, c))");
    s.execute("CREATE INDEX t_v ON ks.t (v)");
    for (int k = 0; k < 8; k++) {
      for (int c = 0; c < 4; c++) {
        s.execute("INSERT INTO ks.t (k, c, v, w) VALUES (" + k + ", " + c + ", " + ((k + c) % 3) + ", " + c + ")");
      }
    }
    sim.settle();
  }

  @AfterEach
  void stop() {
    if (sim != null) sim.close();
  }

  /** Runs {@code cql} on the replicas {@code reached} only (a write at ONE by one of them while the others are cut off). */
  private void writeOnlyTo(Set<String> reached, String cql) {
    Set<String> others = new java.util.TreeSet<>(sim.nodeNames());
    others.removeAll(reached);
    sim.partition(reached, others, false);
    s.setCoordinator(reached.iterator().next());
    s.setConsistency(ConsistencyLevel.ONE);
    s.execute(cql);
    sim.settle();
    sim.heal();
    s.setCoordinator("n1");
  }

  /** What a scan of every row, merged across the replicas ALL asks, then filtered by {@code v = value}: (k, c). */
  private List<List<Object>> scanAndFilter(int value) {
    return scanAndFilter(value, ConsistencyLevel.ALL);
  }

  /** The same at {@code cl}: the coordinator asks the same replicas of each range as for the read by index. */
  private List<List<Object>> scanAndFilter(int value, ConsistencyLevel cl) {
    s.setConsistency(cl);
    s.setTracing(false);
    List<List<Object>> out = new ArrayList<>();
    for (List<Object> r : s.execute("SELECT k, c, v FROM ks.t").rows()) {
      if (Integer.valueOf(value).equals(r.get(2))) out.add(List.of(r.get(0), r.get(1)));
    }
    return out;
  }

  private List<List<Object>> byIndex(String cql, ConsistencyLevel cl) {
    s.setConsistency(cl);
    s.setTracing(true);
    List<List<Object>> rows = s.execute(cql).rows();
    s.setTracing(false);
    return rows;
  }

  private String trace() {
    return s.lastTrace().stream().map(TraceEvent::activity).collect(Collectors.joining("\n"));
  }

  private List<String> protectionRequests() {
    return s.lastTrace().stream().map(TraceEvent::activity)
        .filter(a -> a.endsWith("for replica filtering protection")).toList();
  }

  @Test
  void replicasThatAgreeAnswerFromTheirIndexesWithNoSecondRound() {
    List<List<Object>> expected = scanAndFilter(1);
    assertThat(byIndex("SELECT k, c FROM ks.t WHERE v = 1", ConsistencyLevel.QUORUM)).isEqualTo(expected)
        .hasSize(11);
    assertThat(trace()).contains("Executing read on ks.t using index t_v").doesNotContain("Executing seq scan");
    assertThat(protectionRequests()).isEmpty();
    assertThat(trace()).doesNotContain("READ_REQ");
    assertThat(byIndex("SELECT k, c FROM ks.t WHERE v = 1", ConsistencyLevel.ALL)).isEqualTo(expected);
    assertThat(protectionRequests()).isEmpty();
  }

  @Test
  void aStaleReplicasMatchIsReadAgainFromTheSilentOnesAndDropped() {
    // (2, 2) holds v = 1 everywhere; n1 and n2 then get v = 2, n3 keeps its old v = 1.
    writeOnlyTo(Set.of("n1", "n2"), "UPDATE ks.t SET v = 2 WHERE k = 2 AND c = 2");
    List<List<Object>> expected = scanAndFilter(1);
    assertThat(expected).doesNotContain(List.of(2, 2));
    List<List<Object>> got = byIndex("SELECT k, c FROM ks.t WHERE v = 1", ConsistencyLevel.ALL);
    assertThat(got).isEqualTo(expected);
    // n3 alone returned (2, 2): n1 and n2 are each asked for that one row, by a message of its own.
    assertThat(protectionRequests()).hasSize(2).allMatch(a -> a.startsWith("Requesting 1 rows in partition "
        + "DecoratedKey("));
    assertThat(trace()).contains("Sending READ_REQ message to", "READ_RSP message received from");
    // Its new value is found through n1's and n2's indexes, and n3 is asked for the row it did not return.
    List<List<Object>> two = scanAndFilter(2);
    assertThat(byIndex("SELECT k, c FROM ks.t WHERE v = 2", ConsistencyLevel.ALL)).isEqualTo(two)
        .contains(List.of(2, 2));
    assertThat(protectionRequests()).hasSize(1);
  }

  @Test
  void aRowThatMatchesOnlyOnceMergedIsFoundThroughTheReplicaThatHasIt() {
    // (5, 1) holds v = 0 everywhere; n3 alone gets v = 1.
    writeOnlyTo(Set.of("n3"), "UPDATE ks.t SET v = 1 WHERE k = 5 AND c = 1");
    List<List<Object>> one = scanAndFilter(1), zero = scanAndFilter(0);
    List<List<Object>> got = byIndex("SELECT k, c FROM ks.t WHERE v = 1", ConsistencyLevel.ALL);
    assertThat(got).isEqualTo(one).contains(List.of(5, 1));
    assertThat(protectionRequests()).hasSize(2);
    // n1 and n2 still return it for v = 0; n3's newer version, read in the second round, drops it.
    assertThat(byIndex("SELECT k, c FROM ks.t WHERE v = 0", ConsistencyLevel.ALL)).isEqualTo(zero)
        .doesNotContain(List.of(5, 1));
    assertThat(protectionRequests()).hasSize(1);
  }

  @Test
  void aDeletedRowOnTwoReplicasIsNotResurrectedByTheThird() {
    writeOnlyTo(Set.of("n1", "n2"), "DELETE FROM ks.t WHERE k = 3 AND c = 1");
    writeOnlyTo(Set.of("n1", "n2"), "DELETE FROM ks.t WHERE k = 4");
    List<List<Object>> expected = scanAndFilter(1);
    List<List<Object>> got = byIndex("SELECT k, c FROM ks.t WHERE v = 1", ConsistencyLevel.ALL);
    assertThat(got).isEqualTo(expected).doesNotContain(List.of(3, 1)).noneMatch(r -> r.get(0).equals(4));
    assertThat(protectionRequests()).isNotEmpty();
  }

  @Test
  void pagesAndLimitsGiveTheMergedAnswer() {
    // Written to a quorum (n1 and n2), so that any two replicas a QUORUM read asks see them; n3 keeps the old rows.
    writeOnlyTo(Set.of("n1", "n2"), "UPDATE ks.t SET v = 2 WHERE k = 2 AND c = 2");
    writeOnlyTo(Set.of("n1", "n2"), "UPDATE ks.t SET v = 1 WHERE k = 5 AND c = 1");
    writeOnlyTo(Set.of("n1", "n2"), "UPDATE ks.t SET v = 0 WHERE k = 0 AND c = 1");
    writeOnlyTo(Set.of("n1", "n2"), "DELETE FROM ks.t WHERE k = 3 AND c = 1");
    List<List<Object>> expected = scanAndFilter(1);
    assertThat(expected).contains(List.of(5, 1)).doesNotContain(List.of(2, 2), List.of(0, 1), List.of(3, 1));
    for (ConsistencyLevel cl : List.of(ConsistencyLevel.QUORUM, ConsistencyLevel.ALL)) {
      for (int pageSize : List.of(1, 2, 3, 5, 100)) {
        s.setConsistency(cl);
        Statement.Select sel = (Statement.Select) CqlParser.parse("SELECT k, c FROM ks.t WHERE v = 1");
        List<List<Object>> paged = new ArrayList<>();
        PageCursor from = null;
        do {
          ClientSession.Page p = s.executePage(sel, from, pageSize);
          paged.addAll(p.result().rows());
          from = p.next();
        } while (from != null);
        assertThat(paged).as("%s, pages of %d", cl, pageSize).isEqualTo(expected);
      }
      for (int limit : List.of(1, 3, 7)) {
        assertThat(byIndex("SELECT k, c FROM ks.t WHERE v = 1 LIMIT " + limit, cl)).as("%s, LIMIT %d", cl, limit)
            .isEqualTo(expected.subList(0, limit));
      }
    }
  }

  @Test
  void otherFilteringRestrictionsApplyToTheMergedRows() {
    writeOnlyTo(Set.of("n3"), "UPDATE ks.t SET v = 1, w = 9 WHERE k = 5 AND c = 1");
    writeOnlyTo(Set.of("n1", "n2"), "UPDATE ks.t SET w = 9 WHERE k = 1 AND c = 0");
    List<List<Object>> got = byIndex("SELECT k, c FROM ks.t WHERE v = 1 AND w = 9 ALLOW FILTERING",
        ConsistencyLevel.ALL);
    assertThat(got).containsExactlyInAnyOrder(List.of(5, 1), List.of(1, 0));
  }

  @Test
  void aSasiIndexReadStillScansTheReplicasAndFiltersAfterTheMerge() {
    s.execute("CREATE CUSTOM INDEX t_w ON ks.t (w) USING 'org.apache.cassandra.index.sasi.SASIIndex'");
    writeOnlyTo(Set.of("n1", "n2"), "UPDATE ks.t SET w = 7 WHERE k = 2 AND c = 3");
    List<List<Object>> got = byIndex("SELECT k, c FROM ks.t WHERE w = 3", ConsistencyLevel.ALL);
    assertThat(got).hasSize(7).doesNotContain(List.of(2, 3));
    assertThat(trace()).contains("Executing seq scan").doesNotContain("using index");
    assertThat(protectionRequests()).isEmpty();
  }

  /**
   * Cassandra counts each replica's version of every merged row it caches: 1001 matching rows of one partition are
   * 1001 cached rows from one replica, 2002 from two, past cached_replica_rows_warn_threshold (2000).
   */
  @Test
  void cachingMoreRowsThanTheWarningThresholdWarnsTheClient() {
    s.setConsistency(ConsistencyLevel.ONE);
    for (int c = 0; c < 1001; c++) s.execute("INSERT INTO ks.t (k, c, v) VALUES (100, " + c + ", 5)");
    sim.settle();
    s.setConsistency(ConsistencyLevel.ONE);
    io.ringsim.cql.exec.ResultSet one = s.execute("SELECT k, c FROM ks.t WHERE v = 5");
    assertThat(one.rows()).hasSize(1001);
    assertThat(one.warnings()).isEmpty();
    s.setConsistency(ConsistencyLevel.QUORUM);
    io.ringsim.cql.exec.ResultSet quorum = s.execute("SELECT k, c FROM ks.t WHERE v = 5");
    assertThat(quorum.rows()).hasSize(1001);
    assertThat(quorum.warnings()).singleElement().asString()
        .startsWith("Replica filtering protection has cached over 2000 rows during query SELECT * FROM ks.t WHERE ")
        .contains("v = 5")
        .endsWith(" ALLOW FILTERING. (See 'cached_replica_rows_warn_threshold' in cassandra.yaml.)");
  }
}
