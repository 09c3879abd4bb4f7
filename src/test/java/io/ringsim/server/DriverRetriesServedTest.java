package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.ExecutionInfo;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import io.ringsim.report.ClientRetries;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Java driver's default retry policy answers an Unavailable by trying the next host: the coordinators then count
 * two failed replies for one failed request. The served clients' figures recognise the second as the driver's retry,
 * as many as the driver itself reports (each request's ExecutionInfo lists the errors it retried past).
 */
class DriverRetriesServedTest {
  private long appRequests;
  private long driverRetries;
  private long appFailures;

  /** Runs a request as an application does, and counts what the driver says it retried. */
  private boolean run(CqlSession session, Statement<?> s) {
    appRequests++;
    try {
      count(session.execute(s).getExecutionInfo());
      return true;
    } catch (DriverException e) {
      appFailures++;
      count(e.getExecutionInfo());
      return false;
    }
  }

  private void count(ExecutionInfo info) {
    if (info != null) driverRetries += info.getErrors().size();
  }

  @Test
  void unavailableAnswersRetriedByTheDriverAreRecognisedAsItsRetries() throws Exception {
    // Five simulated seconds per second: the survivors convict the crashed node sooner.
    try (ServedClusterFixture fx = new ServedClusterFixture(3, 11, 5.0); CqlSession session = fx.connect(null)) {
      session.execute("CREATE KEYSPACE rt WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
      session.execute("CREATE TABLE rt.kv (k int PRIMARY KEY, v int)");
      PreparedStatement insert = session.prepare("INSERT INTO rt.kv (k, v) VALUES (?, ?)");
      for (int k = 0; k < 10; k++) {
        assertThat(run(session, insert.bind(k, 0).setConsistencyLevel(ConsistencyLevel.QUORUM))).isTrue();
      }
      String victim = "n3";
      fx.crashAndAwaitDown(session, victim);
      // Until a survivor convicts the node, a write at ALL it coordinates times out (not retried: not idempotent);
      // once it has, it refuses the write with Unavailable, which the driver retries once on the next host. The two
      // survivors convict at their own moments: wait until six writes in a row, spread over both, are retried.
      int[] v = {1};
      ServedClusterFixture.await("Unavailable at ALL from both survivors", Duration.ofSeconds(90), () -> {
        for (int i = 0; i < 6; i++) {
          long before = driverRetries;
          run(session, insert.bind(100, v[0]++).setConsistencyLevel(ConsistencyLevel.ALL));
          if (driverRetries == before) return false;
        }
        return true;
      });
      for (int k = 0; k < 20; k++) {
        assertThat(run(session, insert.bind(200 + k, k).setConsistencyLevel(ConsistencyLevel.ALL))).isFalse();
        assertThat(run(session, insert.bind(300 + k, k).setConsistencyLevel(ConsistencyLevel.QUORUM))).isTrue();
      }
      List<ClientRetries> rows = fx.served.history().retries();
      long replies = rows.stream().mapToLong(ClientRetries::replies).sum();
      long retries = rows.stream().mapToLong(ClientRetries::retries).sum();
      long failed = rows.stream().mapToLong(ClientRetries::failed).sum();
      long retried = rows.stream().mapToLong(ClientRetries::failuresRetried).sum();
      assertThat(driverRetries).as("the driver retried each of the 20 refused writes").isGreaterThanOrEqualTo(21);
      assertThat(retries).as(rows.toString()).isEqualTo(driverRetries);
      assertThat(retried).as(rows.toString()).isEqualTo(driverRetries);
      // What the application saw: its requests and its failures, once the retries are taken out.
      assertThat(replies - retries).as(rows.toString()).isEqualTo(appRequests);
      assertThat(failed - retried).as(rows.toString()).isEqualTo(appFailures);
      // history.jsonl marks each recognised retry with the failed request it retried: as many as the driver made.
      java.util.Map<Long, Long> marked = ClientHistory.retried(fx.served.history().ops());
      assertThat((long) marked.size()).isEqualTo(driverRetries);
      java.util.Map<Long, ClientHistory.Op> byId = new java.util.HashMap<>();
      for (ClientHistory.Op op : fx.served.history().ops()) byId.put(op.id(), op);
      marked.forEach((retry, failure) -> {
        assertThat(byId.get(failure).outcome()).isNotEqualTo(io.ringsim.sim.OpOutcome.OK);
        assertThat(byId.get(retry).key()).isEqualTo(byId.get(failure).key());
        assertThat(byId.get(retry).invokeMicros()).isGreaterThanOrEqualTo(byId.get(failure).completeMicros());
      });
      ClientRetries quorum = rows.stream().filter(r -> r.consistency().equals("QUORUM")).findFirst().orElseThrow();
      assertThat(quorum).isEqualTo(new ClientRetries("QUORUM", 30, 0, 0, 0));
    }
  }
}
