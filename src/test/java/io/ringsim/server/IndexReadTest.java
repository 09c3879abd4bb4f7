package io.ringsim.server;

import static io.ringsim.server.TraceLines.checkWordsThreadsAndTimes;
import static io.ringsim.server.TraceLines.lines;
import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringsim.server.TraceLines.Line;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A query by a secondary index on three served nodes: each replica looks the value up in its own index and reads the
 * rows it names, as its trace says ("Executing read on ks.t using index i", and the live rows read are the matches,
 * not the table), and an entry an overwrite made stale is not returned.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IndexReadTest {
  ServedClusterFixture fx;
  CqlSession session;

  @BeforeAll
  void start() throws Exception {
    fx = new ServedClusterFixture(3, 23);
    session = fx.connect(null);
    session.execute("CREATE KEYSPACE ix WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    session.execute("CREATE TABLE ix.t (k int PRIMARY KEY, v int, l list<int>)");
    session.execute("CREATE INDEX t_v ON ix.t (v)");
    session.execute("CREATE INDEX t_l ON ix.t (l)");
    for (int k = 0; k < 60; k++) {
      session.execute("INSERT INTO ix.t (k, v, l) VALUES (" + k + ", " + (k % 30) + ", [" + k + ", 1000])");
    }
    session.execute("UPDATE ix.t SET v = 8 WHERE k = 37"); // its entry for v = 7 is stale now
    session.execute("UPDATE ix.t SET l = [1001] WHERE k = 5"); // its entries for 5 and 1000 too
  }

  @AfterAll
  void stop() {
    if (session != null) session.close();
    if (fx != null) fx.close();
  }

  private ResultSet traced(String cql) {
    return session.execute(SimpleStatement.newInstance(cql).setConsistencyLevel(ConsistencyLevel.ONE)
        .setTracing(true));
  }

  /** The sum of the replicas' "Read N live rows" lines. */
  private static long liveRowsRead(List<Line> events) {
    long n = 0;
    for (Line e : events) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("^Read (\\d+) live rows and \\d+ tombstone cells$")
          .matcher(e.activity());
      if (m.matches()) n += Long.parseLong(m.group(1));
    }
    return n;
  }

  @Test
  void eachReplicaReadsOnlyTheRowsItsIndexNames() {
    ResultSet rs = traced("SELECT k FROM ix.t WHERE v = 7");
    assertThat(rs.all()).extracting(r -> r.getInt("k")).containsExactly(7);
    List<Line> events = lines(rs.getExecutionInfo().getQueryTrace());
    assertThat(events).extracting(Line::activity).contains("Executing read on ix.t using index t_v")
        .noneMatch(a -> a.startsWith("Executing seq scan"));
    assertThat(liveRowsRead(events)).as("the one row still holding 7, not the table's 60").isEqualTo(1);
    checkWordsThreadsAndTimes(events);
  }

  @Test
  void aCollectionIndexFindsEveryElementStillHeld() {
    ResultSet rs = traced("SELECT k FROM ix.t WHERE l CONTAINS 1000");
    List<Integer> ks = rs.all().stream().map(r -> r.getInt("k")).sorted().toList();
    assertThat(ks).hasSize(59).doesNotContain(5);
    assertThat(liveRowsRead(lines(rs.getExecutionInfo().getQueryTrace()))).isEqualTo(59);
    Row one = traced("SELECT k, l FROM ix.t WHERE l CONTAINS 42").one();
    assertThat(one.getInt("k")).isEqualTo(42);
    assertThat(traced("SELECT k FROM ix.t WHERE l CONTAINS 5").all()).isEmpty();
    assertThat(traced("SELECT k FROM ix.t WHERE l CONTAINS 1001").all()).extracting(r -> r.getInt("k"))
        .containsExactly(5);
  }

  @Test
  void severalReplicasOfARangeAnswerFromTheirIndexesAndAgreeWithNoSecondRound() {
    session.execute("CREATE KEYSPACE IF NOT EXISTS ix3 WITH replication = {'class': 'SimpleStrategy', "
        + "'replication_factor': 3}");
    session.execute("CREATE TABLE IF NOT EXISTS ix3.t (k int PRIMARY KEY, v int)");
    session.execute("CREATE INDEX IF NOT EXISTS t3_v ON ix3.t (v)");
    // At ALL, so that every replica holds every row when the read comes (at ONE a replica may still be waiting for
    // the last insert, and then the read rightly makes a second round).
    for (int k = 0; k < 10; k++) {
      session.execute(SimpleStatement.newInstance("INSERT INTO ix3.t (k, v) VALUES (" + k + ", " + (k % 2) + ")")
          .setConsistencyLevel(ConsistencyLevel.ALL));
    }
    ResultSet rs = session.execute(SimpleStatement.newInstance("SELECT k FROM ix3.t WHERE v = 1")
        .setConsistencyLevel(ConsistencyLevel.QUORUM).setTracing(true));
    assertThat(rs.all()).extracting(r -> r.getInt("k")).containsExactlyInAnyOrder(1, 3, 5, 7, 9);
    List<Line> events = lines(rs.getExecutionInfo().getQueryTrace());
    assertThat(events).extracting(Line::activity).contains("Executing read on ix3.t using index t3_v")
        .noneMatch(a -> a.startsWith("Executing seq scan"))
        .noneMatch(a -> a.endsWith("for replica filtering protection"));
    // Two replicas of each range each read the 5 matching rows (RF 3 on 3 nodes: every node holds every row).
    assertThat(liveRowsRead(events)).isEqualTo(10);
    checkWordsThreadsAndTimes(events);
  }

  /**
   * A traced read at ALL after n3 missed an update (hinted handoff off, so it stays missed): each replica answers from
   * its index, and the coordinator's second round asks the replicas that did not return the row n3 alone returned,
   * each by a READ_REQ of its own, traced in Cassandra's words; the stale match is not returned.
   */
  @Test
  void aSilentReplicaIsAskedForTheRowAnotherReturned() throws Exception {
    com.typesafe.config.Config noHints = com.typesafe.config.ConfigFactory.parseString(
        "ringsim.node.hinted-handoff = off").withFallback(com.typesafe.config.ConfigFactory.load("application-test"));
    try (ServedClusterFixture f = new ServedClusterFixture(3, 29, 1.0, noHints);
        CqlSession s = f.connect(null)) {
      s.execute("CREATE KEYSPACE rfp WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
      s.execute("CREATE TABLE rfp.t (k int PRIMARY KEY, v int)");
      s.execute("CREATE INDEX t_v ON rfp.t (v)");
      for (int k = 0; k < 6; k++) {
        s.execute(SimpleStatement.newInstance("INSERT INTO rfp.t (k, v) VALUES (" + k + ", 1)")
            .setConsistencyLevel(ConsistencyLevel.ALL));
      }
      List<String> names = f.sim.nodeNames();
      String first = names.get(0), last = names.get(names.size() - 1);
      com.datastax.oss.driver.api.core.metadata.Node coordinator = s.getMetadata().getNodes().values().stream()
          .filter(n -> n.getEndPoint().resolve().toString().contains(f.served.addressOf(first).getHostAddress()))
          .findFirst().orElseThrow();
      f.sim.partition(java.util.Set.of(last), new java.util.HashSet<>(names.subList(0, names.size() - 1)), false);
      s.execute(SimpleStatement.newInstance("UPDATE rfp.t SET v = 2 WHERE k = 3")
          .setConsistencyLevel(ConsistencyLevel.ONE).setNode(coordinator));
      f.sim.heal();
      ResultSet rs = s.execute(SimpleStatement.newInstance("SELECT k FROM rfp.t WHERE v = 1")
          .setConsistencyLevel(ConsistencyLevel.ALL).setNode(coordinator).setTracing(true));
      assertThat(rs.all()).extracting(r -> r.getInt("k")).containsExactlyInAnyOrder(0, 1, 2, 4, 5);
      List<Line> events = lines(rs.getExecutionInfo().getQueryTrace());
      assertThat(events).extracting(Line::activity)
          .filteredOn(a -> a.endsWith("for replica filtering protection")).hasSize(2)
          .allMatch(a -> a.startsWith("Requesting 1 rows in partition DecoratedKey("));
      assertThat(events).extracting(Line::activity).anyMatch(a -> a.startsWith("Sending READ_REQ message to /127.0.0."));
      checkWordsThreadsAndTimes(events);
    }
  }
}
