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
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Fault-free traffic from three Java driver clients at once, on three served nodes, where plain (non-conditional)
 * writes race LWTs on the same rows, as a real app's do: plain INSERTs, UPDATEs of one column or another, with a TTL
 * or a client timestamp in the past or an hour ahead, DELETEs of a row or a column, at QUORUM or ONE; LWTs IF NOT EXISTS, IF v = / &gt;,
 * IF EXISTS, DELETE ... IF; SELECTs at SERIAL (judged by the values they return) and QUORUM. Cassandra merges a plain
 * write (its client's timestamp) and an LWT (its ballot's) by timestamp: the checker must find no anomaly, and judge
 * the partitions it can, counting the others as not judged with their reasons.
 */
class ServedLwtPlainWritesTrafficProperties {
  private static ServedTraffic traffic;
  /** Over every try: partitions with LWTs and those judged; in the judged ones, their operations by kind. */
  /** LWTs answered CAS_WRITE_UNKNOWN or a CAS write timeout: their outcome is unknown to the client. */
  private static final AtomicLong unknownOutcomes = new AtomicLong();
  private static final AtomicLong partitions = new AtomicLong(), judged = new AtomicLong(),
      judgedWithRacingPlain = new AtomicLong(), lwts = new AtomicLong(), plainWrites = new AtomicLong(),
      serialReads = new AtomicLong();
  private static final Map<NotJudged, Long> notJudged = new EnumMap<>(NotJudged.class);
  /** What may leave a partition not judged here (anything else fails the property). */
  private static final Set<NotJudged> ALLOWED = Set.of(NotJudged.LWT_MIXED_TIMESTAMP, NotJudged.LWT_SEARCH_BUDGET,
      NotJudged.LWT_TTL, NotJudged.LWT_EFFECT_UNKNOWN);

  enum Kind {
    PLAIN_INSERT, PLAIN_SET_V, PLAIN_SET_W, PLAIN_SET_V_TTL, PLAIN_SET_V_OLD_TIMESTAMP, PLAIN_SET_V_FUTURE_TIMESTAMP,
    PLAIN_DELETE_ROW,
    PLAIN_DELETE_V, LWT_INSERT, LWT_IF_V, LWT_IF_GT, LWT_IF_EXISTS, LWT_DELETE_IF, SELECT_SERIAL_ROW,
    SELECT_SERIAL_PARTITION, SELECT_QUORUM, PAUSE
  }

  /** A step of one client: on row (k, c); {@code a}, {@code b} small values (contention); {@code one}: plain at ONE. */
  record Step(int client, Kind kind, int k, int c, int a, int b, boolean one) {}

  @Provide
  Arbitrary<List<Step>> programs() {
    Arbitrary<Kind> kinds = Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.just(Kind.PLAIN_INSERT)),
        Tuple.of(4, Arbitraries.just(Kind.PLAIN_SET_V)),
        Tuple.of(2, Arbitraries.just(Kind.PLAIN_SET_W)),
        Tuple.of(1, Arbitraries.just(Kind.PLAIN_SET_V_TTL)),
        Tuple.of(1, Arbitraries.just(Kind.PLAIN_SET_V_OLD_TIMESTAMP)),
        Tuple.of(1, Arbitraries.just(Kind.PLAIN_SET_V_FUTURE_TIMESTAMP)),
        Tuple.of(1, Arbitraries.just(Kind.PLAIN_DELETE_ROW)),
        Tuple.of(1, Arbitraries.just(Kind.PLAIN_DELETE_V)),
        Tuple.of(3, Arbitraries.just(Kind.LWT_INSERT)),
        Tuple.of(5, Arbitraries.just(Kind.LWT_IF_V)),
        Tuple.of(2, Arbitraries.just(Kind.LWT_IF_GT)),
        Tuple.of(2, Arbitraries.just(Kind.LWT_IF_EXISTS)),
        Tuple.of(1, Arbitraries.just(Kind.LWT_DELETE_IF)),
        Tuple.of(4, Arbitraries.just(Kind.SELECT_SERIAL_ROW)),
        Tuple.of(1, Arbitraries.just(Kind.SELECT_SERIAL_PARTITION)),
        Tuple.of(2, Arbitraries.just(Kind.SELECT_QUORUM)),
        Tuple.of(1, Arbitraries.just(Kind.PAUSE)));
    return Combinators.combine(Arbitraries.integers().between(0, 2), kinds, Arbitraries.integers().between(0, 2),
        Arbitraries.integers().between(1, 2), Arbitraries.integers().between(0, 3),
        Arbitraries.integers().between(0, 3), Arbitraries.of(false, false, true)).as(Step::new)
        .list().ofMinSize(30).ofMaxSize(60);
  }

  @Property(tries = 6, shrinking = ShrinkingMode.OFF)
  void plainWritesRacingLwtsHaveNoAnomalyAndTheJudgedAreCounted(@ForAll("programs") List<Step> steps)
      throws Exception {
    if (traffic == null) traffic = new ServedTraffic(3, 58, 4.0, 3, "m");
    String ks = traffic.keyspace(3);
    traffic.client(0).execute("CREATE TABLE " + ks + ".acct (k int, c int, v int, w text, PRIMARY KEY (k, c))");
    long stamp = System.currentTimeMillis() * 1000;
    traffic.runConcurrently(steps, Step::client, (s, st) -> run(s, ks, st, stamp));

    List<ServedOp> ops = traffic.ops(ks);
    Checker.Result r = ServedChecker.check(ops);
    // Fault-free traffic: no anomaly at all. (A proposal accepted by some replicas but not a quorum is answered
    // CAS_WRITE_UNKNOWN, as Cassandra does, never [applied] = false with its own cells committed later.)
    assertThat(r.anomalies()).as("anomalies of %s", steps).isEmpty();

    ServedTraffic.LwtPartitions each = ServedTraffic.lwtPartitions(ops, t -> true);
    each.addNotJudgedTo(notJudged);
    assertThat(each.notJudged().keySet()).as("reasons for not judging of %s", steps)
        .allMatch(k -> !k.key().startsWith("lwt-") || ALLOWED.contains(k));
    partitions.addAndGet(each.partitions());
    judged.addAndGet(each.judged().size());
    for (List<ServedOp> p : each.judged()) {
      long firstPaxos = p.stream().filter(o -> o instanceof ServedOp.Write w && w.lwt() != ServedOp.Lwt.NONE
          || o instanceof ServedOp.Read x && x.consistency().equals("SERIAL"))
          .mapToLong(ServedOp::invokeMicros).min().orElse(Long.MAX_VALUE);
      boolean racing = false;
      for (ServedOp o : p) {
        if (o instanceof ServedOp.Write w && w.lwt() != ServedOp.Lwt.NONE) lwts.incrementAndGet();
        if (o instanceof ServedOp.Write w && w.lwt() == ServedOp.Lwt.NONE) {
          plainWrites.incrementAndGet();
          racing |= w.completeMicros() >= firstPaxos;
        }
        if (o instanceof ServedOp.Read x && x.consistency().equals("SERIAL")) serialReads.incrementAndGet();
      }
      if (racing) judgedWithRacingPlain.incrementAndGet();
    }
  }

  private static SimpleStatement lwt(String cql) {
    return SimpleStatement.newInstance(cql).setConsistencyLevel(ConsistencyLevel.QUORUM)
        .setSerialConsistencyLevel(ConsistencyLevel.SERIAL);
  }

  private static SimpleStatement plain(String cql, Step st) {
    return SimpleStatement.newInstance(cql).setConsistencyLevel(st.one() ? ConsistencyLevel.ONE
        : ConsistencyLevel.QUORUM);
  }

  private static void run(CqlSession s, String ks, Step st, long stamp) {
    String t = ks + ".acct";
    String row = " WHERE k = " + st.k() + " AND c = " + st.c();
    ServedTraffic.allowingUnknownOutcome(unknownOutcomes, () -> {
      switch (st.kind()) {
        case PLAIN_INSERT -> s.execute(plain("INSERT INTO " + t + " (k, c, v, w) VALUES (" + st.k() + ", " + st.c()
            + ", " + st.a() + ", 'p" + st.b() + "')", st));
        case PLAIN_SET_V -> s.execute(plain("UPDATE " + t + " SET v = " + st.a() + row, st));
        case PLAIN_SET_W -> s.execute(plain("UPDATE " + t + " SET w = 'q" + st.a() + "'" + row, st));
        case PLAIN_SET_V_TTL -> s.execute(plain("UPDATE " + t + " USING TTL " + (1 + st.b()) + " SET v = " + st.a()
            + row, st));
        case PLAIN_SET_V_OLD_TIMESTAMP -> s.execute(plain("UPDATE " + t + " USING TIMESTAMP "
            + (stamp - 1_000_000L + st.b()) + " SET v = " + st.a() + row, st));
        // An hour ahead: every LWT's write of v after it loses to it, as Cassandra resolves the cell.
        case PLAIN_SET_V_FUTURE_TIMESTAMP -> s.execute(plain("UPDATE " + t + " USING TIMESTAMP "
            + (stamp + 3_600_000_000L + st.b()) + " SET v = " + st.a() + row, st));
        case PLAIN_DELETE_ROW -> s.execute(plain("DELETE FROM " + t + row, st));
        case PLAIN_DELETE_V -> s.execute(plain("DELETE v FROM " + t + row, st));
        case LWT_INSERT -> s.execute(lwt("INSERT INTO " + t + " (k, c, v, w) VALUES (" + st.k() + ", " + st.c()
            + ", " + st.a() + ", 'l" + st.b() + "') IF NOT EXISTS"));
        case LWT_IF_V -> s.execute(lwt("UPDATE " + t + " SET v = " + st.a() + row + " IF v = " + st.b()));
        case LWT_IF_GT -> s.execute(lwt("UPDATE " + t + " SET w = 'g" + st.a() + "'" + row + " IF v > " + st.b()));
        case LWT_IF_EXISTS -> s.execute(lwt("UPDATE " + t + " SET v = " + st.a() + row + " IF EXISTS"));
        case LWT_DELETE_IF -> s.execute(lwt("DELETE FROM " + t + row + " IF v = " + st.b()));
        case SELECT_SERIAL_ROW -> s.execute(SimpleStatement.newInstance("SELECT * FROM " + t + row)
            .setConsistencyLevel(ConsistencyLevel.SERIAL));
        case SELECT_SERIAL_PARTITION -> s.execute(SimpleStatement.newInstance("SELECT * FROM " + t + " WHERE k = "
            + st.k()).setConsistencyLevel(ConsistencyLevel.SERIAL));
        case SELECT_QUORUM -> s.execute(SimpleStatement.newInstance("SELECT * FROM " + t + row)
            .setConsistencyLevel(ConsistencyLevel.QUORUM));
        case PAUSE -> Thread.sleep(20L * (1 + st.a()));
      }
    });
  }

  @AfterContainer
  static void stop() {
    System.out.printf("served plain writes racing LWTs: %d partitions with LWTs, %d judged (%d with plain writes"
        + " answered after the first LWT or SERIAL read began), holding %d LWTs, %d plain writes and %d SERIAL reads"
        + " (judged by their values); answered CAS result unknown: %d; not judged: %s%n", partitions.get(),
        judged.get(), judgedWithRacingPlain.get(), lwts.get(), plainWrites.get(), serialReads.get(),
        unknownOutcomes.get(), notJudged);
    if (traffic != null) traffic.close();
  }
}
