package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.ringsim.sim.Checker;
import io.ringsim.sim.NotJudged;
import io.ringsim.sim.ServedChecker;
import io.ringsim.sim.cells.ServedOp;
import java.time.Duration;
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
 * Fault-free LWT traffic with TTLs from three driver clients at once, on three nodes served at four simulated seconds
 * per wall second (so rows written with TTLs of 1 to 3 s expire between operations): INSERT ... IF NOT EXISTS USING
 * TTL, conditional UPDATEs with a TTL, SELECTs at SERIAL and QUORUM. The checker must find no anomaly, and must judge
 * the rows of IF NOT EXISTS with TTLs and those of conditional UPDATEs with TTLs (judged on the rows' values).
 */
class ServedLwtTtlTrafficProperties {
  private static ServedTraffic traffic;
  /** Over every try: LWT partitions of `once`, those judged, those judged that had TTLs, operations in them. */
  /** LWTs answered CAS_WRITE_UNKNOWN or a CAS write timeout: their outcome is unknown to the client. */
  private static final AtomicLong unknownOutcomes = new AtomicLong();
  private static final AtomicLong partitions = new AtomicLong(), judged = new AtomicLong(),
      judgedWithTtl = new AtomicLong(), judgedOps = new AtomicLong(), allOps = new AtomicLong();
  private static final Map<NotJudged, Long> notJudged = new EnumMap<>(NotJudged.class);

  enum Kind { INSERT_TTL, INSERT, UPDATE_IF_TTL, SELECT_SERIAL, SELECT_QUORUM, PAUSE }

  record Step(int client, Kind kind, int k, int ttl, int v) {}

  @Provide
  Arbitrary<List<Step>> programs() {
    Arbitrary<Kind> kinds = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(5, Arbitraries.just(Kind.INSERT_TTL)),
        net.jqwik.api.Tuple.of(1, Arbitraries.just(Kind.INSERT)),
        net.jqwik.api.Tuple.of(2, Arbitraries.just(Kind.UPDATE_IF_TTL)),
        net.jqwik.api.Tuple.of(3, Arbitraries.just(Kind.SELECT_SERIAL)),
        net.jqwik.api.Tuple.of(2, Arbitraries.just(Kind.SELECT_QUORUM)),
        net.jqwik.api.Tuple.of(2, Arbitraries.just(Kind.PAUSE)));
    return Combinators.combine(Arbitraries.integers().between(0, 2), kinds, Arbitraries.integers().between(0, 3),
        Arbitraries.integers().between(1, 3), Arbitraries.integers().between(0, 99)).as(Step::new)
        .list().ofMinSize(20).ofMaxSize(45);
  }

  @Property(tries = 4, shrinking = ShrinkingMode.OFF)
  void faultFreeLwtTrafficWithTtlsHasNoAnomalyAndIsJudged(@ForAll("programs") List<Step> steps) throws Exception {
    if (traffic == null) traffic = new ServedTraffic(3, 29, 4.0, 3, "t");
    String ks = traffic.keyspace(3);
    CqlSession admin = traffic.client(0);
    admin.execute("CREATE TABLE " + ks + ".once (k int PRIMARY KEY, v text)");
    admin.execute("CREATE TABLE " + ks + ".cond (k int PRIMARY KEY, v text)");
    for (int k = 0; k < 4; k++) {
      admin.execute(SimpleStatement.newInstance("INSERT INTO " + ks + ".cond (k, v) VALUES (" + k + ", 'c0')"
          + " IF NOT EXISTS").setConsistencyLevel(ConsistencyLevel.QUORUM));
    }
    traffic.runConcurrently(steps, Step::client, (c, st) -> run(c, ks, st));
    // One row certainly expires and is inserted again: TTL 1 s, then IF NOT EXISTS until the row has gone.
    CqlSession s = traffic.client(1);
    s.execute(lwt("INSERT INTO " + ks + ".once (k, v) VALUES (9, 'first') IF NOT EXISTS USING TTL 1"));
    ServedClusterFixture.await("row 9 to expire and be inserted again", Duration.ofSeconds(60), () -> s.execute(
        lwt("INSERT INTO " + ks + ".once (k, v) VALUES (9, 'again') IF NOT EXISTS USING TTL 2")).wasApplied());
    s.execute(SimpleStatement.newInstance("SELECT * FROM " + ks + ".once WHERE k = 9")
        .setConsistencyLevel(ConsistencyLevel.SERIAL));

    String prefix = ks + ".";
    List<ServedOp> ops = traffic.ops(ks);
    Checker.Result r = ServedChecker.check(ops);
    assertThat(r.anomalies()).as("anomalies of %s", steps).isEmpty();

    // Each partition of `once` with LWTs judged on its own, to tell which were judged.
    ServedTraffic.LwtPartitions each = ServedTraffic.lwtPartitions(ops, t -> t.equals(prefix + "once"));
    each.addNotJudgedTo(notJudged);
    partitions.addAndGet(each.partitions());
    for (List<ServedOp> p : each.all()) allOps.addAndGet(p.size());
    int judgedHere = each.judged().size(), judgedTtlHere = 0;
    judged.addAndGet(judgedHere);
    for (List<ServedOp> p : each.judged()) {
      judgedOps.addAndGet(p.size());
      if (p.stream().anyMatch(o -> o instanceof ServedOp.Write w && w.mayExpire())) {
        judgedTtlHere++;
        judgedWithTtl.incrementAndGet();
      }
    }
    synchronized (notJudged) {
      r.notJudged().forEach((k, v) -> {
        if (k == NotJudged.LWT_CONDITION) notJudged.merge(k, v, Long::sum);
      });
    }
    assertThat(judgedTtlHere).as("LWT rows with TTLs judged, of %d", each.partitions()).isPositive();
    assertThat(judgedHere).isPositive();
    // The conditional UPDATEs with TTLs (IF v = ...) are judged on their rows' values: none left for its condition.
    assertThat(r.notJudged()).doesNotContainKeys(NotJudged.LWT_CONDITION, NotJudged.LWT_COLLECTION,
        NotJudged.LWT_MULTI_ROW);
    // A row is left unjudged for its TTLs only where an LWT's effect or a SERIAL read's second is not known: a CAS
    // answered "result unknown" (Paxos contention on a loaded machine), or a read whose answer came in the next
    // second of the (4x) clock. Most rows with TTLs are judged.
    assertThat(r.notJudged().getOrDefault(NotJudged.LWT_TTL, 0L)).as("LWT rows with TTLs left unjudged")
        .isLessThan(judgedTtlHere);
  }

  private static SimpleStatement lwt(String cql) {
    return SimpleStatement.newInstance(cql).setConsistencyLevel(ConsistencyLevel.QUORUM)
        .setSerialConsistencyLevel(ConsistencyLevel.SERIAL);
  }

  private static void run(CqlSession s, String ks, Step st) {
    String once = ks + ".once", cond = ks + ".cond";
    ServedTraffic.allowingUnknownOutcome(unknownOutcomes, () -> {
      switch (st.kind()) {
        case INSERT_TTL -> s.execute(lwt("INSERT INTO " + once + " (k, v) VALUES (" + st.k() + ", 'v" + st.v()
            + "') IF NOT EXISTS USING TTL " + st.ttl()));
        case INSERT -> s.execute(lwt("INSERT INTO " + once + " (k, v) VALUES (" + st.k() + ", 'n" + st.v()
            + "') IF NOT EXISTS"));
        case UPDATE_IF_TTL -> s.execute(lwt("UPDATE " + cond + " USING TTL " + (5 + st.ttl()) + " SET v = 'c"
            + (st.v() % 3) + "' WHERE k = " + st.k() + " IF v = 'c" + ((st.v() + 2) % 3) + "'"));
        case SELECT_SERIAL -> s.execute(SimpleStatement.newInstance("SELECT * FROM " + once + " WHERE k = " + st.k())
            .setConsistencyLevel(ConsistencyLevel.SERIAL));
        case SELECT_QUORUM -> s.execute(SimpleStatement.newInstance("SELECT * FROM " + once + " WHERE k = " + st.k())
            .setConsistencyLevel(ConsistencyLevel.QUORUM));
        case PAUSE -> Thread.sleep(50L * (1 + st.v() % 6)); // 0.2 to 1.2 simulated seconds
      }
    });
  }

  @AfterContainer
  static void stop() {
    System.out.printf("served LWT+TTL traffic: %d LWT partitions of `once`, %d judged (%d with TTLs), %d of %d"
        + " operations in judged partitions; LWTs answered CAS result unknown: %d; not judged: %s%n", partitions.get(),
        judged.get(), judgedWithTtl.get(), judgedOps.get(), allOps.get(), unknownOutcomes.get(), notJudged);
    if (traffic != null) traffic.close();
  }
}
