package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import io.ringsim.cluster.node.NodeCommand;
import io.ringsim.sim.AnomalyKind;
import io.ringsim.sim.Checker;
import io.ringsim.sim.NotJudged;
import io.ringsim.sim.ServedChecker;
import io.ringsim.sim.cells.ServedOp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Counter traffic through the Java driver, judged as sums of increments. Fault-free, at every pair of consistency
 * levels, from one client and from three at once, on one node and on three: no anomaly, ever (a read whose level does
 * not overlap an increment's may miss it, and is then only checked for a value no increment explains). And a replica
 * broken on purpose, which drops acknowledged increments: the checker finds them at their cell.
 */
class ServedCounterTrafficProperties {
  private static ServedTraffic one, three;
  private static final Map<NotJudged, Long> notJudged = new EnumMap<>(NotJudged.class);
  private static final AtomicLong readsJudged = new AtomicLong(), refused = new AtomicLong();

  enum Kind { INCREMENT, DECREMENT, INCREMENT_STATIC, BATCH, SELECT_PARTITION, SELECT_ROW, SELECT_SCAN, DELETE_COUNTER,
    TRUNCATE }

  record Step(int client, Kind kind, int k, int c, int delta) {}

  @Provide
  Arbitrary<List<Step>> programs() {
    // Deletions and TRUNCATE are rare: each leaves what follows on its cells (or table) partly not judged.
    Arbitrary<Kind> kinds = Arbitraries.frequency(net.jqwik.api.Tuple.of(6, Kind.INCREMENT),
        net.jqwik.api.Tuple.of(3, Kind.DECREMENT), net.jqwik.api.Tuple.of(2, Kind.INCREMENT_STATIC),
        net.jqwik.api.Tuple.of(2, Kind.BATCH), net.jqwik.api.Tuple.of(4, Kind.SELECT_PARTITION),
        net.jqwik.api.Tuple.of(4, Kind.SELECT_ROW), net.jqwik.api.Tuple.of(2, Kind.SELECT_SCAN),
        net.jqwik.api.Tuple.of(1, Kind.DELETE_COUNTER),
        net.jqwik.api.Tuple.of(1, Kind.TRUNCATE));
    Arbitrary<Step> step = Combinators.combine(Arbitraries.integers().between(0, 2), kinds,
        Arbitraries.integers().between(0, 2), Arbitraries.integers().between(0, 3),
        Arbitraries.integers().between(1, 9)).as(Step::new);
    return step.list().ofMinSize(10).ofMaxSize(40).map(l -> {
      List<Step> all = new ArrayList<>(l);
      for (int c = 0; c < 3; c++) all.add(new Step(c, Kind.SELECT_PARTITION, 0, 0, 0));
      return all;
    });
  }

  private static final List<DefaultConsistencyLevel> WRITES = List.of(DefaultConsistencyLevel.ONE,
      DefaultConsistencyLevel.TWO, DefaultConsistencyLevel.THREE, DefaultConsistencyLevel.QUORUM,
      DefaultConsistencyLevel.ALL, DefaultConsistencyLevel.LOCAL_ONE, DefaultConsistencyLevel.LOCAL_QUORUM,
      DefaultConsistencyLevel.EACH_QUORUM, DefaultConsistencyLevel.ANY);
  private static final List<DefaultConsistencyLevel> READS = List.of(DefaultConsistencyLevel.ONE,
      DefaultConsistencyLevel.TWO, DefaultConsistencyLevel.THREE, DefaultConsistencyLevel.QUORUM,
      DefaultConsistencyLevel.ALL, DefaultConsistencyLevel.LOCAL_ONE, DefaultConsistencyLevel.LOCAL_QUORUM);

  @Provide
  Arbitrary<DefaultConsistencyLevel> writeLevels() {
    return Arbitraries.of(WRITES);
  }

  @Provide
  Arbitrary<DefaultConsistencyLevel> readLevels() {
    return Arbitraries.of(READS);
  }

  @Property(tries = 6, shrinking = ShrinkingMode.OFF)
  void oneNodeCounterTrafficHasNoAnomaly(@ForAll("programs") List<Step> steps,
      @ForAll("writeLevels") DefaultConsistencyLevel write, @ForAll("readLevels") DefaultConsistencyLevel read,
      @ForAll boolean oneClient) throws Exception {
    if (one == null) one = new ServedTraffic(1, 21, 1.0, 3, "c");
    Checker.Result r = run(one, 1, write, read, oneClient ? byOneClient(steps) : steps);
    assertThat(r.anomalies()).as("anomalies at write %s, read %s of %s", write, read, steps).isEmpty();
  }

  @Property(tries = 10, shrinking = ShrinkingMode.OFF)
  void threeNodesCounterTrafficHasNoAnomalyCassandraPromisesAgainst(@ForAll("programs") List<Step> steps,
      @ForAll("writeLevels") DefaultConsistencyLevel write, @ForAll("readLevels") DefaultConsistencyLevel read,
      @ForAll boolean oneClient) throws Exception {
    if (three == null) three = new ServedTraffic(3, 23, 1.0, 3, "c");
    Checker.Result r = run(three, 3, write, read, oneClient ? byOneClient(steps) : steps);
    // Where R + W <= RF a read may really miss an acknowledged increment still on its way to the replica it asks
    // (as a plain cell's read may): such a stale read is reported, and says Cassandra did not promise it. Nothing
    // else, and nothing at all where the levels overlap.
    assertThat(r.anomalies()).as("anomalies at write %s, read %s of %s", write, read, steps).allSatisfy(a -> {
      assertThat(a.kind()).isIn(AnomalyKind.STALE_READ, AnomalyKind.READ_YOUR_WRITES);
      assertThat(a.detail()).contains("Cassandra did not promise that this read would see them");
    });
  }

  /**
   * Acknowledged QUORUM increments of one row, then every replica's copy of the table wiped behind the cluster's
   * back (no TRUNCATE statement, so nothing tells the checker they were removed), then another row incremented:
   * a QUORUM read missing the first row's increments is stale at that cell (and so is a QUORUM range scan), and the
   * read-back at ALL finds them lost there; the second row is judged sound.
   */
  @Example
  void incrementsDroppedByBrokenReplicasAreFoundAtTheirCell() throws Exception {
    if (three == null) three = new ServedTraffic(3, 23, 1.0, 3, "c");
    CqlSession s = three.client(0);
    String ks = three.keyspace(3);
    s.execute("CREATE TABLE " + ks + ".hits (k int, c int, n counter, PRIMARY KEY (k, c))");
    for (int i = 0; i < 3; i++) {
      s.execute(SimpleStatement.newInstance("UPDATE " + ks + ".hits SET n = n + 2 WHERE k = 1 AND c = 1")
          .setConsistencyLevel(DefaultConsistencyLevel.QUORUM));
    }
    for (String node : three.fx.sim.nodeNames()) {
      three.fx.sim.nodeRef(node).tell(new NodeCommand.Truncate(ks + ".hits"));
    }
    ServedClusterFixture.await("the replicas wiped", Duration.ofSeconds(30), () -> s.execute(SimpleStatement
        .newInstance("SELECT n FROM " + ks + ".hits WHERE k = 1 AND c = 1")
        .setConsistencyLevel(DefaultConsistencyLevel.ALL)).one() == null);
    s.execute(SimpleStatement.newInstance("UPDATE " + ks + ".hits SET n = n + 5 WHERE k = 1 AND c = 2")
        .setConsistencyLevel(DefaultConsistencyLevel.QUORUM));
    var rows = three.client(1).execute(SimpleStatement.newInstance("SELECT c, n FROM " + ks + ".hits WHERE k = 1")
        .setConsistencyLevel(DefaultConsistencyLevel.QUORUM)).all();
    assertThat(rows).hasSize(1);
    assertThat(rows.get(0).getLong("n")).isEqualTo(5);
    // A range scan at QUORUM misses them too, and is judged at the cells of the partition it returned.
    assertThat(three.client(1).execute(SimpleStatement.newInstance("SELECT * FROM " + ks + ".hits")
        .setConsistencyLevel(DefaultConsistencyLevel.QUORUM)).all()).hasSize(1);

    Checker.Result r = ServedChecker.check(three.ops(ks));
    assertThat(r.anomalies()).isNotEmpty().allSatisfy(a -> {
      assertThat(a.key()).isEqualTo(ks + ".hits 1");
      assertThat(a.cell()).isEqualTo("row (1) column n");
    });
    assertThat(r.anomalies()).filteredOn(a -> a.kind() == AnomalyKind.STALE_READ && a.consistency().equals("QUORUM"))
        .hasSize(2).allSatisfy(a -> assertThat(a.detail()).contains("row (1) column n: saw no value, but the"
            + " increments acknowledged before the read began add up to 6 (3 writes)"));
    assertThat(r.anomalies()).filteredOn(a -> a.kind() == AnomalyKind.LOST_WRITE).singleElement()
        .satisfies(a -> assertThat(a.detail()).startsWith("after healing, a read at ALL row (1) column n: saw no"
            + " value"));
    assertThat(r.lostWrites()).isEqualTo(1);
  }

  /**
   * A counter deleted, then incremented again: what the increment does after a deletion is not defined in Cassandra,
   * so the cell's reads (and its read-back) are not judged, with the reason; the other counter of the row is.
   */
  @Example
  void aDeletedCounterIsNotJudged() throws Exception {
    if (three == null) three = new ServedTraffic(3, 23, 1.0, 3, "c");
    CqlSession s = three.client(0);
    String ks = three.keyspace(3);
    s.execute("CREATE TABLE " + ks + ".hits (k int, c int, n counter, m counter, PRIMARY KEY (k, c))");
    String at = " WHERE k = 1 AND c = 1";
    for (String cql : List.of("UPDATE " + ks + ".hits SET n = n + 3, m = m + 1" + at, "DELETE n FROM " + ks + ".hits"
        + at, "UPDATE " + ks + ".hits SET n = n + 2, m = m + 1" + at, "SELECT * FROM " + ks + ".hits" + at)) {
      s.execute(SimpleStatement.newInstance(cql).setConsistencyLevel(DefaultConsistencyLevel.QUORUM));
    }
    Checker.Result r = ServedChecker.check(three.ops(ks));
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.notJudged()).containsEntry(NotJudged.COUNTER_DELETED, 2L);
    assertThat(r.readsChecked()).isEqualTo(1);

    // The same history with the deleted cell's value made up: m is still judged, and found wrong.
    List<ServedOp> ops = new ArrayList<>();
    for (ServedOp op : three.ops(ks)) {
      if (op instanceof ServedOp.CounterRead x && !x.finalRead()) {
        java.util.Map<io.ringsim.sim.cells.CellKey, Long> v = new java.util.HashMap<>(x.values());
        v.replaceAll((k, n) -> k.column().equals("m") ? n + 10 : n);
        op = new ServedOp.CounterRead(x.id(), x.client(), x.partition(), x.comparator(), x.consistency(),
            x.coordinator(), x.invokeMicros(), x.completeMicros(), x.outcome(), x.region(), v, x.reach(), false);
      }
      ops.add(op);
    }
    assertThat(ServedChecker.check(ops).anomalies()).singleElement().satisfies(a -> {
      assertThat(a.kind()).isEqualTo(AnomalyKind.COUNTER_UNEXPLAINED);
      assertThat(a.cell()).isEqualTo("row (1) column m");
    });
  }

  /** The same steps, all sent by the first client, one after another. */
  private static List<Step> byOneClient(List<Step> steps) {
    return steps.stream().map(st -> new Step(0, st.kind(), st.k(), st.c(), st.delta())).toList();
  }

  @AfterContainer
  static void stop() {
    System.out.printf("served counter traffic: %d reads judged, %d writes refused; not judged: %s%n",
        readsJudged.get(), refused.get(), notJudged);
    if (one != null) one.close();
    if (three != null) three.close();
  }

  static Checker.Result run(ServedTraffic traffic, int rf, ConsistencyLevel write, ConsistencyLevel read,
      List<Step> steps) throws Exception {
    String ks = traffic.keyspace(rf);
    traffic.client(0).execute("CREATE TABLE " + ks + ".hits (k int, c int, n counter, m counter,"
        + " total counter static, PRIMARY KEY (k, c))");
    traffic.runConcurrently(steps, Step::client, (s, st) -> {
      String stmt = cql(ks, st);
      boolean isRead = stmt.startsWith("SELECT");
      if (st.kind() == Kind.TRUNCATE) {
        s.execute(stmt);
        return;
      }
      try {
        s.execute(SimpleStatement.newInstance(stmt).setConsistencyLevel(isRead ? read : write)).all();
      } catch (UnavailableException | InvalidQueryException e) {
        // A level the keyspace cannot meet (TWO on one replica), or ANY, which counter writes refuse: not counted.
        refused.incrementAndGet();
      } catch (AllNodesFailedException e) {
        // The driver retried an Unavailable on the next node (its default policy), which was Unavailable too.
        assertThat(e.getAllErrors().values()).allSatisfy(errors -> assertThat(errors)
            .allMatch(x -> x instanceof UnavailableException));
        refused.incrementAndGet();
      }
    });
    List<ServedOp> ops = traffic.ops(ks);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.keysChecked()).as("partitions read back at ALL").isPositive();
    readsJudged.addAndGet(r.readsChecked());
    synchronized (notJudged) {
      r.notJudged().forEach((k, v) -> notJudged.merge(k, v, Long::sum));
    }
    return r;
  }

  static String cql(String ks, Step st) {
    String t = ks + ".hits";
    return switch (st.kind()) {
      case INCREMENT -> "UPDATE " + t + " SET n = n + " + st.delta() + " WHERE k = " + st.k() + " AND c = " + st.c();
      case DECREMENT -> "UPDATE " + t + " SET n = n - " + st.delta() + ", m = m + 1 WHERE k = " + st.k()
          + " AND c = " + st.c();
      case INCREMENT_STATIC -> "UPDATE " + t + " SET total = total + " + st.delta() + " WHERE k = " + st.k();
      case BATCH -> "BEGIN COUNTER BATCH UPDATE " + t + " SET n = n + " + st.delta() + " WHERE k = " + st.k()
          + " AND c = " + st.c() + "; UPDATE " + t + " SET n = n + 1 WHERE k = " + st.k() + " AND c = " + st.c()
          + "; UPDATE " + t + " SET m = m - 2 WHERE k = " + st.k() + " AND c = " + (st.c() + 1) + "; APPLY BATCH";
      case SELECT_PARTITION -> "SELECT * FROM " + t + " WHERE k = " + st.k();
      case SELECT_ROW -> "SELECT n, m FROM " + t + " WHERE k = " + st.k() + " AND c = " + st.c();
      case SELECT_SCAN -> "SELECT * FROM " + t;
      case DELETE_COUNTER -> "DELETE m FROM " + t + " WHERE k = " + st.k() + " AND c = " + st.c();
      case TRUNCATE -> "TRUNCATE " + t;
    };
  }
}
