package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringsim.sim.Checker;
import io.ringsim.sim.NotJudged;
import io.ringsim.sim.ServedChecker;
import io.ringsim.sim.cells.ServedOp;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Fault-free conditional traffic from three driver clients at once, on three served nodes, on a table with clustering
 * columns (issue 36's geo.users: partitions of four rows): INSERT IF NOT EXISTS, UPDATE ... IF zip = / != / &gt; /
 * &lt;= / IN / several conditions / IF name = null / IF EXISTS, DELETE ... IF (the row, a column), SELECTs at SERIAL of
 * a row and of a whole partition, after a plain INSERT of one row per partition. The checker must find no anomaly
 * (but the refusals Cassandra's Paxos answers after committing them, explained apart) and judge every partition.
 */
class ServedLwtConditionTrafficProperties {
  private static ServedTraffic traffic;
  /** Over every try: partitions with LWTs, those judged, LWTs in them, those applied, SERIAL reads in them. */
  /** LWTs answered CAS_WRITE_UNKNOWN or a CAS write timeout: their outcome is unknown to the client. */
  private static final AtomicLong unknownOutcomes = new AtomicLong();
  private static final AtomicLong partitions = new AtomicLong(), judged = new AtomicLong(), lwts = new AtomicLong(),
      applied = new AtomicLong(), serialReads = new AtomicLong();
  private static final Map<NotJudged, Long> notJudged = new EnumMap<>(NotJudged.class);

  enum Kind {
    INSERT, UPDATE_EQ, UPDATE_NEQ, UPDATE_GT, UPDATE_LE, UPDATE_IN, UPDATE_TWO, UPDATE_NULL, UPDATE_EXISTS,
    UPDATE_BOUND, DELETE_ROW, DELETE_COLUMN, SELECT_ROW, SELECT_PARTITION, PAUSE
  }

  record Step(int client, Kind kind, int partition, int uid, int a, int b) {}

  @Provide
  Arbitrary<List<Step>> programs() {
    Arbitrary<Kind> kinds = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, Arbitraries.just(Kind.INSERT)),
        net.jqwik.api.Tuple.of(5, Arbitraries.just(Kind.UPDATE_EQ)),
        net.jqwik.api.Tuple.of(2, Arbitraries.just(Kind.UPDATE_NEQ)),
        net.jqwik.api.Tuple.of(2, Arbitraries.just(Kind.UPDATE_GT)),
        net.jqwik.api.Tuple.of(2, Arbitraries.just(Kind.UPDATE_LE)),
        net.jqwik.api.Tuple.of(2, Arbitraries.just(Kind.UPDATE_IN)),
        net.jqwik.api.Tuple.of(2, Arbitraries.just(Kind.UPDATE_TWO)),
        net.jqwik.api.Tuple.of(1, Arbitraries.just(Kind.UPDATE_NULL)),
        net.jqwik.api.Tuple.of(2, Arbitraries.just(Kind.UPDATE_EXISTS)),
        net.jqwik.api.Tuple.of(3, Arbitraries.just(Kind.UPDATE_BOUND)),
        net.jqwik.api.Tuple.of(1, Arbitraries.just(Kind.DELETE_ROW)),
        net.jqwik.api.Tuple.of(1, Arbitraries.just(Kind.DELETE_COLUMN)),
        net.jqwik.api.Tuple.of(3, Arbitraries.just(Kind.SELECT_ROW)),
        net.jqwik.api.Tuple.of(1, Arbitraries.just(Kind.SELECT_PARTITION)),
        net.jqwik.api.Tuple.of(1, Arbitraries.just(Kind.PAUSE)));
    return Combinators.combine(Arbitraries.integers().between(0, 2), kinds, Arbitraries.integers().between(0, 2),
        Arbitraries.integers().between(1, 4), Arbitraries.integers().between(0, 3),
        Arbitraries.integers().between(0, 3)).as(Step::new).list().ofMinSize(30).ofMaxSize(60);
  }

  @Property(tries = 6, shrinking = ShrinkingMode.OFF)
  void faultFreeConditionalTrafficOnClusteredRowsHasNoAnomalyAndIsJudged(@ForAll("programs") List<Step> steps)
      throws Exception {
    if (traffic == null) traffic = new ServedTraffic(3, 36, 4.0, 3, "g");
    String ks = traffic.keyspace(3);
    CqlSession admin = traffic.client(0);
    admin.execute("CREATE TABLE " + ks + ".users (mainland text, state text, uid int, name text, zip int,"
        + " PRIMARY KEY ((mainland), state, uid))");
    // As in issue 36's cqlsh session, some rows are there before the LWTs, written plainly.
    for (int p = 0; p < 3; p++) {
      admin.execute(SimpleStatement.newInstance("INSERT INTO " + ks + ".users (mainland, state, uid, name, zip)"
          + " VALUES ('m" + p + "', 'texas', 1, 'n0', 75000)").setConsistencyLevel(ConsistencyLevel.QUORUM));
    }
    traffic.runConcurrently(steps, Step::client, (s, st) -> run(s, ks, st));

    List<ServedOp> ops = traffic.ops(ks);
    Checker.Result r = ServedChecker.check(ops);
    // Fault-free traffic: no anomaly at all. (A proposal accepted by some replicas but not a quorum is answered
    // CAS_WRITE_UNKNOWN, as Cassandra does, never [applied] = false with its own cells committed later.)
    assertThat(r.anomalies()).as("anomalies of %s", steps).isEmpty();

    ServedTraffic.LwtPartitions each = ServedTraffic.lwtPartitions(ops, t -> true);
    each.addNotJudgedTo(notJudged);
    int here = each.partitions(), judgedHere = each.judged().size();
    for (List<ServedOp> p : each.judged()) {
      for (ServedOp o : p) {
        if (o instanceof ServedOp.Write w && w.lwt() != ServedOp.Lwt.NONE) {
          lwts.incrementAndGet();
          if (Boolean.TRUE.equals(w.applied())) applied.incrementAndGet();
        }
        if (o instanceof ServedOp.Read x && x.consistency().equals("SERIAL")) serialReads.incrementAndGet();
      }
    }
    partitions.addAndGet(here);
    judged.addAndGet(judgedHere);
    // Deletions of rows and columns by condition, SERIAL reads of whole partitions: all modelled row by row.
    assertThat(judgedHere).as("partitions judged of %d, not judged: %s", here, r.notJudged()).isEqualTo(here);
  }

  private static SimpleStatement lwt(String cql, Object... values) {
    return SimpleStatement.newInstance(cql, values).setConsistencyLevel(ConsistencyLevel.QUORUM)
        .setSerialConsistencyLevel(ConsistencyLevel.SERIAL);
  }

  private static void run(CqlSession s, String ks, Step st) {
    String t = ks + ".users";
    String m = "'m" + st.partition() + "'";
    String row = " WHERE mainland = " + m + " AND state = 'texas' AND uid = " + st.uid();
    int a = 75000 + st.a(), b = 75000 + st.b();
    ServedTraffic.allowingUnknownOutcome(unknownOutcomes, () -> {
      switch (st.kind()) {
        case INSERT -> s.execute(lwt("INSERT INTO " + t + " (mainland, state, uid, name, zip) VALUES (" + m
            + ", 'texas', " + st.uid() + ", 'n" + st.a() + "', " + b + ") IF NOT EXISTS"));
        case UPDATE_EQ -> s.execute(lwt("UPDATE " + t + " SET zip = " + a + row + " IF zip = " + b));
        case UPDATE_NEQ -> s.execute(lwt("UPDATE " + t + " SET zip = " + a + row + " IF zip != " + b));
        case UPDATE_GT -> s.execute(lwt("UPDATE " + t + " SET zip = " + a + row + " IF zip > " + b));
        case UPDATE_LE -> s.execute(lwt("UPDATE " + t + " SET name = 'l" + st.a() + "'" + row + " IF zip <= " + b));
        case UPDATE_IN -> s.execute(lwt("UPDATE " + t + " SET zip = " + a + row + " IF zip IN (" + b + ", "
            + (b + 1) + ")"));
        case UPDATE_TWO -> s.execute(lwt("UPDATE " + t + " SET zip = " + a + ", name = 'n" + st.b() + "'" + row
            + " IF zip = " + b + " AND name = 'n" + st.a() + "'"));
        case UPDATE_NULL -> s.execute(lwt("UPDATE " + t + " SET name = 'n" + st.a() + "'" + row + " IF name = null"));
        case UPDATE_EXISTS -> s.execute(lwt("UPDATE " + t + " SET name = 'e" + st.a() + "'" + row + " IF EXISTS"));
        case UPDATE_BOUND -> s.execute(lwt("UPDATE " + t + " SET zip = ? WHERE mainland = ? AND state = 'texas'"
            + " AND uid = ? IF zip = ?", a, "m" + st.partition(), st.uid(), b));
        case DELETE_ROW -> s.execute(lwt("DELETE FROM " + t + row + " IF zip = " + b));
        case DELETE_COLUMN -> s.execute(lwt("DELETE name FROM " + t + row + " IF zip >= " + b));
        case SELECT_ROW -> s.execute(SimpleStatement.newInstance("SELECT * FROM " + t + row)
            .setConsistencyLevel(ConsistencyLevel.SERIAL));
        case SELECT_PARTITION -> s.execute(SimpleStatement.newInstance("SELECT * FROM " + t + " WHERE mainland = "
            + m).setConsistencyLevel(ConsistencyLevel.SERIAL));
        case PAUSE -> Thread.sleep(20L * (1 + st.a()));
      }
    });
  }

  @AfterContainer
  static void stop() {
    System.out.printf("served conditional traffic on clustered rows: %d partitions with LWTs, %d judged, holding %d"
        + " LWTs (%d applied) and %d SERIAL reads; answered CAS result unknown: %d; not judged: %s%n",
        partitions.get(), judged.get(), lwts.get(), applied.get(), serialReads.get(), unknownOutcomes.get(), notJudged);
    if (traffic != null) traffic.close();
  }
}
