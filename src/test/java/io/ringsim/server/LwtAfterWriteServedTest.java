package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A conditional update sent right after a plain write to the same partition must win over it, as on a real
 * Cassandra on the client's machine: the plain write carries the client's wall clock (protocol v3+ client
 * timestamps), and the Paxos round that starts after it was acknowledged takes a later timestamp. Found flaky by
 * Cassandra's own InsertUpdateIfConditionTest#testSimpleCas run through the Python driver against `ringsim serve`.
 */
class LwtAfterWriteServedTest extends ServedClusterTest {
  private static final int ROUNDS = 500;

  LwtAfterWriteServedTest() {
    super(3, 11, "CREATE KEYSPACE lwt WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
        "CREATE TABLE lwt.t (k int PRIMARY KEY, v int)");
  }

  /** The Python driver's client timestamp: time.time() in microseconds (the Java driver may round to the ms). */
  private static long wallMicros() {
    return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
  }

  @Test
  void aConditionalUpdateRightAfterAPlainWriteIsWhatALaterReadSees() {
    List<String> lost = new ArrayList<>();
    for (int i = 0; i < ROUNDS; i++) {
      long written = wallMicros();
      session.execute(SimpleStatement.newInstance("UPDATE lwt.t SET v = 1 WHERE k = 0").setQueryTimestamp(written));
      Row cas = session.execute(SimpleStatement.newInstance("UPDATE lwt.t SET v = 2 WHERE k = 0 IF v = 1")
          .setQueryTimestamp(wallMicros())).one();
      Row read = session.execute("SELECT v, writetime(v) AS w FROM lwt.t WHERE k = 0").one();
      if (!cas.getBoolean("[applied]") || read.getInt("v") != 2) {
        lost.add("round " + i + ": applied=" + cas.getBoolean("[applied]") + " read v=" + read.getInt("v")
            + " writetime " + read.getLong("w") + " (plain write stamped " + written + ")");
      }
    }
    assertThat(lost).as("rounds whose LWT did not win over the plain write just before it (of " + ROUNDS + ")").isEmpty();
  }
}
