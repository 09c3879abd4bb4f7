package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringsim.sim.Checker;
import io.ringsim.sim.NotJudged;
import io.ringsim.sim.ServedChecker;
import io.ringsim.sim.cells.ServedOp;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
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
 * Fault-free client traffic of many statement kinds through the Java driver, against a served cluster of one node
 * and of three at consistency levels whose replicas overlap: the checker must find no anomaly, ever (what it cannot
 * place it counts as not judged). Each try runs in a keyspace of its own and is checked on its own.
 */
class ServedTrafficCheckerProperties {
  private static ServedTraffic one, three, fast;
  /** Over every try: partitions with LWTs (of `once` and `wide`, beside the plain traffic), those judged, reasons. */
  private static final java.util.concurrent.atomic.AtomicLong lwtPartitions = new java.util.concurrent.atomic.AtomicLong(),
      lwtJudged = new java.util.concurrent.atomic.AtomicLong();
  private static final java.util.Map<NotJudged, Long> notJudged = new java.util.EnumMap<>(NotJudged.class);

  /** What a step does; the interpreter below turns it into CQL. */
  enum Kind {
    INSERT_KV, INSERT_KV_TTL, INSERT_KV_TIMESTAMP, UPDATE_KV_V, UPDATE_KV_OLD_TIMESTAMP, UPDATE_SET_ADD,
    OVERWRITE_SET, UPDATE_MAP_ENTRY, APPEND_LIST, DELETE_KV_COLUMN, DELETE_MAP_ENTRY, DELETE_KV_ROW,
    INSERT_WIDE, UPDATE_WIDE_W, UPDATE_STATIC, DELETE_WIDE_ROW, DELETE_WIDE_RANGE, DELETE_WIDE_PARTITION,
    INSERT_NULL, SELECT_KV, SELECT_WIDE, SELECT_WIDE_SLICE, SELECT_WIDE_DESC_LIMIT, SELECT_WIDE_PAGED,
    SELECT_SCAN, LWT_INSERT, LWT_UPDATE_IF, SELECT_SERIAL, TRUNCATE_WIDE, DROP_COLUMN, BATCH, CONCURRENT_WRITES,
    DROP_AND_CREATE_WIDE
  }

  record Step(Kind kind, int k, int c, int v) {}

  /**
   * Batches here are of one partition: a logged batch over two partitions on a served cluster may time out (no
   * answer within 12 s), before and after the checker's change; that is a coordinator matter, not the checker's.
   */
  @Provide
  Arbitrary<List<Step>> programs() {
    return programs(EnumSet.allOf(Kind.class));
  }

  /** Random steps, then a read of each table's first partition, so that every try has reads to judge. */
  private static Arbitrary<List<Step>> programs(Set<Kind> kinds) {
    Arbitrary<Step> step = Combinators.combine(Arbitraries.of(kinds), Arbitraries.integers().between(0, 3),
        Arbitraries.integers().between(0, 5), Arbitraries.integers().between(0, 99)).as(Step::new);
    return step.list().ofMinSize(10).ofMaxSize(45).map(l -> {
      List<Step> all = new ArrayList<>(l);
      all.add(new Step(Kind.SELECT_KV, 0, 0, 0));
      all.add(new Step(Kind.SELECT_WIDE, 0, 0, 0));
      return all;
    });
  }

  @Property(tries = 8, shrinking = ShrinkingMode.OFF)
  void oneNodeFaultFreeTrafficHasNoAnomaly(@ForAll("programs") List<Step> steps) throws Exception {
    if (one == null) one = new ServedTraffic(1, 11, 1.0, 1, "p");
    Checker.Result r = run(one, 1, ConsistencyLevel.ONE, ConsistencyLevel.ONE, steps);
    assertThat(r.anomalies()).as("anomalies of %s", steps).isEmpty();
    assertThat(r.staleReads() + r.lostWrites() + r.lwtViolations()).isZero();
  }

  @Property(tries = 8, shrinking = ShrinkingMode.OFF)
  void threeNodesFaultFreeTrafficHasNoAnomalyAtOverlappingLevels(@ForAll("programs") List<Step> steps,
      @ForAll("levels") ConsistencyLevel[] levels) throws Exception {
    if (three == null) three = new ServedTraffic(3, 13, 1.0, 1, "p");
    Checker.Result r = run(three, 3, levels[0], levels[1], steps);
    assertThat(r.anomalies()).as("anomalies at write %s, read %s of %s", levels[0], levels[1], steps).isEmpty();
  }

  /**
   * A cluster served at four simulated seconds per wall second, as `serve --speed 4`: the drivers stamp their writes
   * with the wall clock while the nodes' clocks run four times faster, and speeding up must not manufacture
   * anomalies (nor reorder a client's own writes against the server-stamped ones of its LWTs).
   */
  @Property(tries = 4, shrinking = ShrinkingMode.OFF)
  void fasterThanWallClockTrafficHasNoAnomaly(@ForAll("programs") List<Step> steps) throws Exception {
    if (fast == null) fast = new ServedTraffic(3, 17, 4.0, 1, "p");
    Checker.Result r = run(fast, 3, ConsistencyLevel.QUORUM, ConsistencyLevel.QUORUM, steps);
    assertThat(r.anomalies()).as("anomalies at speed 4 of %s", steps).isEmpty();
  }

  /** Write and read levels whose replicas overlap (W + R > RF): a read sees every acknowledged write. */
  @Provide
  Arbitrary<ConsistencyLevel[]> levels() {
    return Arbitraries.of(new ConsistencyLevel[] {ConsistencyLevel.QUORUM, ConsistencyLevel.QUORUM},
        new ConsistencyLevel[] {ConsistencyLevel.ALL, ConsistencyLevel.ONE},
        new ConsistencyLevel[] {ConsistencyLevel.ONE, ConsistencyLevel.ALL},
        new ConsistencyLevel[] {ConsistencyLevel.LOCAL_QUORUM, ConsistencyLevel.QUORUM});
  }

  @AfterContainer
  static void stop() {
    System.out.printf("served traffic of every kind: %d partitions with LWTs, %d judged; not judged: %s%n",
        lwtPartitions.get(), lwtJudged.get(), notJudged);
    if (one != null) one.close();
    if (three != null) three.close();
    if (fast != null) fast.close();
  }

  /** Runs the steps in a fresh keyspace and checks that keyspace's operations (with their read-back at ALL). */
  static Checker.Result run(ServedTraffic traffic, int rf, ConsistencyLevel write, ConsistencyLevel read,
      List<Step> steps) throws Exception {
    CqlSession s = traffic.client(0);
    String ks = traffic.keyspace(rf);
    s.execute("CREATE TABLE " + ks + ".kv (k int PRIMARY KEY, v text, n int, s set<int>, m map<int, text>,"
        + " l list<int>)");
    s.execute(createWide(ks));
    s.execute("CREATE TABLE " + ks + ".once (k int PRIMARY KEY, v text)");
    long stamp = System.currentTimeMillis() * 1000;
    for (Step st : steps) {
      String stmt = cql(ks, st, stamp);
      boolean isRead = stmt.startsWith("SELECT");
      SimpleStatement x = SimpleStatement.newInstance(stmt).setConsistencyLevel(isRead ? read : write);
      if (st.kind() == Kind.SELECT_SERIAL) x = x.setConsistencyLevel(ConsistencyLevel.SERIAL);
      if (st.kind() == Kind.SELECT_WIDE_PAGED) x = x.setPageSize(2);
      try {
        if (st.kind() == Kind.CONCURRENT_WRITES) {
          List<CompletableFuture<?>> fs = new ArrayList<>();
          for (int i = 0; i < 4; i++) {
            fs.add(s.executeAsync(SimpleStatement.newInstance("UPDATE " + ks + ".kv SET v = 'c" + i
                + "' WHERE k = " + st.k()).setConsistencyLevel(write)).toCompletableFuture());
          }
          fs.add(s.executeAsync(SimpleStatement.newInstance("SELECT * FROM " + ks + ".kv WHERE k = " + st.k())
              .setConsistencyLevel(read)).toCompletableFuture());
          for (CompletableFuture<?> f : fs) f.get();
        } else if (st.kind() == Kind.DROP_AND_CREATE_WIDE) {
          s.execute(stmt);
          s.execute(createWide(ks));
        } else {
          var rs = s.execute(x);
          for (var row : rs) row.getColumnDefinitions(); // every page
        }
      } catch (com.datastax.oss.driver.api.core.servererrors.InvalidQueryException e) {
        // a dropped column's statement: refused, nothing happened
      } catch (RuntimeException e) {
        throw new AssertionError(st + ": " + stmt + " at " + (isRead ? read : write) + ": " + e, e);
      }
    }
    List<ServedOp> ops = traffic.ops(ks);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.readsChecked()).as("reads judged").isPositive();
    ServedTraffic.LwtPartitions each = ServedTraffic.lwtPartitions(ops, t -> true);
    lwtPartitions.addAndGet(each.partitions());
    lwtJudged.addAndGet(each.judged().size());
    synchronized (notJudged) {
      r.notJudged().forEach((k, v) -> notJudged.merge(k, v, Long::sum));
    }
    return r;
  }

  private static String createWide(String ks) {
    return "CREATE TABLE " + ks + ".wide (k int, c int, v text, w int, st int static, PRIMARY KEY (k, c))";
  }

  /**
   * The cqlsh session of issue 36 on three nodes: tables created, a few rows written and queried, an LWT whose
   * condition is not IF NOT EXISTS on a partition of four rows, then DROP KEYSPACE. Nothing in it is an anomaly: the
   * dropped rows are not lost, and the LWT is not judged (with its reason), never a violation.
   */
  @Example
  void theIssuesCqlshSessionHasNoAnomaly() throws Exception {
    if (three == null) three = new ServedTraffic(3, 13, 1.0, 1, "p");
    CqlSession s = three.client(0);
    s.execute("CREATE KEYSPACE geo WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
    s.execute("CREATE TABLE geo.users (mainland text, state text, uid int, name text, zip int,"
        + " PRIMARY KEY ((mainland), state, uid))");
    for (int uid = 1; uid <= 4; uid++) {
      s.execute(SimpleStatement.newInstance("INSERT INTO geo.users (mainland, state, uid, name, zip) VALUES ('us',"
          + " 'texas', " + uid + ", 'u" + uid + "', 75000)").setConsistencyLevel(ConsistencyLevel.QUORUM));
    }
    for (int i = 0; i < 16; i++) {
      s.execute(SimpleStatement.newInstance("INSERT INTO geo.users (mainland, state, uid, name, zip) VALUES ('eu',"
          + " 's" + i + "', " + i + ", 'e', " + i + ")").setConsistencyLevel(ConsistencyLevel.QUORUM));
    }
    assertThat(s.execute(SimpleStatement.newInstance("SELECT * FROM geo.users WHERE mainland = 'us'")
        .setConsistencyLevel(ConsistencyLevel.QUORUM)).all()).hasSize(4);
    assertThat(s.execute("UPDATE geo.users SET name = 'two' WHERE mainland = 'us' AND state = 'texas' AND uid = 2"
        + " IF zip = 75000").wasApplied()).isTrue();
    s.execute("SELECT * FROM geo.users");
    s.execute("DROP KEYSPACE geo");
    Checker.Result r = ServedChecker.check(three.ops("geo"));
    assertThat(r.anomalies()).isEmpty();
    assertThat(r.readsChecked()).isPositive();
    // Issue 36's session: the rows inserted before, the LWT on one of them judged on its values, nothing left out.
    assertThat(r.notJudged().keySet()).noneMatch(k -> k.key().startsWith("lwt-"));
  }

  /**
   * A range scan is judged partition by partition: rows acknowledged at QUORUM, then every replica's copy of the table
   * wiped behind the cluster's back (no TRUNCATE statement, so nothing tells the checker they were removed), then one
   * more row written to one of the partitions. A QUORUM scan returns that partition without its first row: a stale
   * read at that row. The other partition, which the scan did not return at all, is not judged (a scan's absences
   * are not), and fault-free scans judged the same way give nothing (the properties above scan too).
   */
  @Example
  void aRangeScanIsJudgedAtTheCellsOfThePartitionsItReturned() throws Exception {
    if (three == null) three = new ServedTraffic(3, 13, 1.0, 1, "p");
    CqlSession s = three.client(0);
    s.execute("CREATE KEYSPACE scans WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
    s.execute("CREATE TABLE scans.wide (k int, c int, v int, PRIMARY KEY (k, c))");
    for (String cql : List.of("INSERT INTO scans.wide (k, c, v) VALUES (1, 1, 10)",
        "INSERT INTO scans.wide (k, c, v) VALUES (2, 1, 20)")) {
      s.execute(SimpleStatement.newInstance(cql).setConsistencyLevel(ConsistencyLevel.QUORUM));
    }
    assertThat(s.execute(SimpleStatement.newInstance("SELECT * FROM scans.wide")
        .setConsistencyLevel(ConsistencyLevel.QUORUM)).all()).as("a sound scan first").hasSize(2);
    for (String node : three.fx.sim.nodeNames()) {
      three.fx.sim.nodeRef(node).tell(new io.ringsim.cluster.node.NodeCommand.Truncate("scans.wide"));
    }
    ServedClusterFixture.await("the replicas wiped", java.time.Duration.ofSeconds(30), () -> s.execute(SimpleStatement
        .newInstance("SELECT v FROM scans.wide WHERE k = 2 AND c = 1").setConsistencyLevel(ConsistencyLevel.ALL))
        .one() == null);
    s.execute(SimpleStatement.newInstance("INSERT INTO scans.wide (k, c, v) VALUES (2, 2, 22)")
        .setConsistencyLevel(ConsistencyLevel.QUORUM));
    assertThat(s.execute(SimpleStatement.newInstance("SELECT * FROM scans.wide")
        .setConsistencyLevel(ConsistencyLevel.QUORUM)).all()).hasSize(1);

    Checker.Result r = ServedChecker.check(three.ops("scans"));
    // (The reads at ALL that waited for the wipe are stale at that cell too.)
    assertThat(r.anomalies()).filteredOn(a -> a.kind() == io.ringsim.sim.AnomalyKind.STALE_READ
        && a.consistency().equals("QUORUM")).singleElement().satisfies(a -> {
          assertThat(a.key()).isEqualTo("scans.wide 2");
          assertThat(a.cell()).startsWith("row (1) "); // its row marker or its column v: the row is missing
        });
    // What the two scans did not return is counted as not judged (once per scan), never as an anomaly.
    assertThat(three.fx.served.history().servedOps()).filteredOn(o -> o instanceof ServedOp.Unjudged u
        && u.reason() == NotJudged.RANGE_SCAN_MISSING).hasSizeGreaterThanOrEqualTo(2);
  }

  static String cql(String ks, Step st, long stamp) {
    int k = st.k(), c = st.c(), v = st.v();
    String kv = ks + ".kv", wide = ks + ".wide";
    return switch (st.kind()) {
      case INSERT_KV -> "INSERT INTO " + kv + " (k, v, n) VALUES (" + k + ", 'v" + v + "', " + v + ")";
      case INSERT_KV_TTL -> "INSERT INTO " + kv + " (k, v) VALUES (" + k + ", 't" + v + "') USING TTL " + (1 + v % 2);
      case INSERT_KV_TIMESTAMP -> "INSERT INTO " + kv + " (k, v) VALUES (" + k + ", 'ts" + v + "') USING TIMESTAMP "
          + (stamp + v * 1000L);
      case UPDATE_KV_V -> "UPDATE " + kv + " SET v = 'u" + v + "' WHERE k = " + k;
      case UPDATE_KV_OLD_TIMESTAMP -> "UPDATE " + kv + " USING TIMESTAMP " + (stamp - 1_000_000L + v)
          + " SET n = " + v + " WHERE k = " + k;
      case UPDATE_SET_ADD -> "UPDATE " + kv + " SET s = s + {" + v + "} WHERE k = " + k;
      case OVERWRITE_SET -> "UPDATE " + kv + " SET s = {" + v + ", " + (v + 1) + "} WHERE k = " + k;
      case UPDATE_MAP_ENTRY -> "UPDATE " + kv + " SET m[" + c + "] = 'm" + v + "' WHERE k = " + k;
      case APPEND_LIST -> "UPDATE " + kv + " SET l = l + [" + v + "] WHERE k = " + k;
      case DELETE_KV_COLUMN -> "DELETE v FROM " + kv + " WHERE k = " + k;
      case DELETE_MAP_ENTRY -> "DELETE m[" + c + "] FROM " + kv + " WHERE k = " + k;
      case DELETE_KV_ROW -> "DELETE FROM " + kv + " WHERE k = " + k;
      case INSERT_NULL -> "INSERT INTO " + kv + " (k, v) VALUES (" + k + ", null)";
      case INSERT_WIDE -> "INSERT INTO " + wide + " (k, c, v) VALUES (" + k + ", " + c + ", 'w" + v + "')";
      case UPDATE_WIDE_W -> "UPDATE " + wide + " SET w = " + v + " WHERE k = " + k + " AND c = " + c;
      case UPDATE_STATIC -> "UPDATE " + wide + " SET st = " + v + " WHERE k = " + k;
      case DELETE_WIDE_ROW -> "DELETE FROM " + wide + " WHERE k = " + k + " AND c = " + c;
      case DELETE_WIDE_RANGE -> "DELETE FROM " + wide + " WHERE k = " + k + " AND c > " + c;
      case DELETE_WIDE_PARTITION -> "DELETE FROM " + wide + " WHERE k = " + k;
      case SELECT_KV, CONCURRENT_WRITES -> "SELECT * FROM " + kv + " WHERE k = " + k;
      case SELECT_WIDE, SELECT_WIDE_PAGED -> "SELECT * FROM " + wide + " WHERE k = " + k;
      case SELECT_WIDE_SLICE -> "SELECT v FROM " + wide + " WHERE k = " + k + " AND c >= " + c;
      case SELECT_WIDE_DESC_LIMIT -> "SELECT * FROM " + wide + " WHERE k = " + k + " ORDER BY c DESC LIMIT "
          + (1 + c % 3);
      case SELECT_SCAN -> "SELECT * FROM " + wide;
      case LWT_INSERT -> "INSERT INTO " + ks + ".once (k, v) VALUES (" + k + ", 'o" + v + "') IF NOT EXISTS";
      case LWT_UPDATE_IF -> "UPDATE " + wide + " SET v = 'if" + v + "' WHERE k = " + k + " AND c = " + c
          + " IF v = 'w" + v + "'";
      case SELECT_SERIAL -> "SELECT * FROM " + ks + ".once WHERE k = " + k;
      case TRUNCATE_WIDE -> "TRUNCATE " + wide;
      case DROP_COLUMN -> "ALTER TABLE " + kv + " DROP n";
      case DROP_AND_CREATE_WIDE -> "DROP TABLE " + wide;
      case BATCH -> "BEGIN BATCH INSERT INTO " + wide + " (k, c, w) VALUES (" + k + ", " + c + ", " + v + "); "
          + "UPDATE " + wide + " SET v = 'b" + v + "' WHERE k = " + k + " AND c = " + (c + 1) + "; APPLY BATCH";
    };
  }
}
