package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A cluster served faster than the wall clock (`serve --speed 4`): the driver stamps each write with its wall clock,
 * the nodes' clocks run four times faster. A client's writes must still order as they were sent, against each
 * other and against the timestamps the nodes choose themselves (an LWT's), as they do on Cassandra.
 */
class ServeSpeedTest {
  private static ServedClusterFixture fx;
  private static CqlSession session;

  @BeforeAll
  static void start() throws Exception {
    fx = new ServedClusterFixture(1, 5, 4.0);
    session = fx.connect(null);
    session.execute("CREATE KEYSPACE sp WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    session.execute("CREATE TABLE sp.kv (k int PRIMARY KEY, v text)");
  }

  @AfterAll
  static void stop() {
    if (session != null) session.close();
    if (fx != null) fx.close();
  }

  @Test
  void aWriteAfterAnLwtIsNotLost() throws Exception {
    Thread.sleep(1500); // let the nodes' clocks run ahead of the wall clock, as they do in a long session
    session.execute("INSERT INTO sp.kv (k, v) VALUES (1, 'lwt') IF NOT EXISTS");
    session.execute("UPDATE sp.kv SET v = 'plain' WHERE k = 1");
    Row r = session.execute("SELECT v FROM sp.kv WHERE k = 1").one();
    assertThat(r.getString("v")).isEqualTo("plain");
  }

  @Test
  void writetimeFollowsTheSimulatedClock() throws Exception {
    session.execute("INSERT INTO sp.kv (k, v) VALUES (2, 'a')");
    long lwt = session.execute("INSERT INTO sp.kv (k, v) VALUES (3, 'b') IF NOT EXISTS").wasApplied() ? 1 : 0;
    assertThat(lwt).isEqualTo(1);
    Thread.sleep(1000);
    session.execute("INSERT INTO sp.kv (k, v) VALUES (4, 'c')");
    long w2 = session.execute("SELECT writetime(v) AS w FROM sp.kv WHERE k = 2").one().getLong("w");
    long w3 = session.execute("SELECT writetime(v) AS w FROM sp.kv WHERE k = 3").one().getLong("w");
    long w4 = session.execute("SELECT writetime(v) AS w FROM sp.kv WHERE k = 4").one().getLong("w");
    // The LWT's timestamp is the node's; the plain writes' are the driver's, mapped onto the same clock.
    assertThat(w2).isLessThan(w3);
    assertThat(w3).isLessThan(w4);
    // One wall second between them is four simulated seconds (generously bounded: the test machine may be slow).
    assertThat(w4 - w2).isGreaterThanOrEqualTo(3_000_000L);
  }
}
