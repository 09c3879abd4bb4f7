package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.QueryTrace;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.TraceEvent;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * TRACING as a driver reads it from system_traces on three served nodes: the session on the wall clock's date, the
 * client's address, and every replica that answered telling what it did in Cassandra 4.1's words.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServedTracingTest {
  private static final Pattern RESPONSE_FROM = Pattern.compile("Processing response from /([0-9.]+):7000");

  ServedClusterFixture fx;
  CqlSession session;

  @BeforeAll
  void start() throws Exception {
    fx = new ServedClusterFixture(3, 11);
    session = fx.connect(null);
    session.execute("CREATE KEYSPACE tr WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
    session.execute("CREATE TABLE tr.kv (k int PRIMARY KEY, v text)");
  }

  @AfterAll
  void stop() {
    if (session != null) session.close();
    if (fx != null) fx.close();
  }

  @Test
  void aTracedQuorumWriteShowsTheCoordinatorAndEachReplicaThatAnswered() throws InterruptedException {
    long before = System.currentTimeMillis();
    ResultSet rs = session.execute(SimpleStatement.newInstance("INSERT INTO tr.kv (k, v) VALUES (1, 'a')")
        .setConsistencyLevel(ConsistencyLevel.QUORUM).setTracing(true));
    QueryTrace trace = rs.getExecutionInfo().getQueryTrace();
    String coordinator = checkSession(rs, trace, before);
    Set<String> answered = replicasThatAnswered(trace, coordinator);
    assertThat(answered).as("QUORUM of 3: at least one replica besides the coordinator").isNotEmpty();
    for (String replica : answered) {
      assertThat(activitiesOf(trace, replica)).containsSubsequence(
          "MUTATION_REQ message received from /" + coordinator + ":7000", "Appending to commitlog",
          "Adding to kv memtable", "Enqueuing response to /" + coordinator + ":7000");
    }
    // QUORUM answers after two of the three replicas; the third's events come later, as Cassandra's do.
    ServedClusterFixture.await("every replica's events", java.time.Duration.ofSeconds(30),
        () -> sourcesOf(trace.getTracingId()).size() == 3);
    assertThat(activitiesOf(trace, coordinator)).startsWith(
        "Parsing INSERT INTO tr.kv (k, v) VALUES (1, 'a')", "Preparing statement",
        "Determining replicas for mutation");
  }

  @Test
  void aTracedQuorumReadShowsEachReplicaReadingThePartition() {
    session.execute(SimpleStatement.newInstance("INSERT INTO tr.kv (k, v) VALUES (2, 'b')")
        .setConsistencyLevel(ConsistencyLevel.ALL));
    long before = System.currentTimeMillis();
    ResultSet rs = session.execute(SimpleStatement.newInstance("SELECT v FROM tr.kv WHERE k = 2")
        .setConsistencyLevel(ConsistencyLevel.QUORUM).setTracing(true));
    assertThat(rs.one().getString("v")).isEqualTo("b");
    QueryTrace trace = rs.getExecutionInfo().getQueryTrace();
    String coordinator = checkSession(rs, trace, before);
    Set<String> answered = replicasThatAnswered(trace, coordinator);
    assertThat(answered).isNotEmpty();
    for (String replica : answered) {
      assertThat(activitiesOf(trace, replica)).containsSubsequence(
          "READ_REQ message received from /" + coordinator + ":7000", "Executing single-partition query on kv",
          "Read 1 live rows and 0 tombstone cells", "Enqueuing response to /" + coordinator + ":7000");
    }
  }

  /** What every traced session must show; returns the coordinator's address. */
  private String checkSession(ResultSet rs, QueryTrace trace, long before) {
    InetSocketAddress connected = (InetSocketAddress) rs.getExecutionInfo().getCoordinator().getEndPoint().resolve();
    String coordinator = connected.getAddress().getHostAddress();
    assertThat(trace.getCoordinatorAddress().getAddress().getHostAddress()).isEqualTo(coordinator);
    assertThat(trace.getCoordinatorAddress().getPort()).as("coordinator_port: the storage port").isEqualTo(7000);
    // The driver's QueryTrace leaves the client out: read it as cqlsh does.
    assertThat(session.execute(SimpleStatement.newInstance(
        "SELECT client FROM system_traces.sessions WHERE session_id = ?", trace.getTracingId()))
        .one().getInetAddress("client").getHostAddress()).as("client").isEqualTo("127.0.0.1");
    assertThat(trace.getStartedAt()).as("started_at on the wall clock's date")
        .isBetween(before - 60_000, System.currentTimeMillis() + 60_000);
    assertThat(trace.getDurationMicros()).isGreaterThanOrEqualTo(0);
    assertThat(trace.getParameters()).containsEntry("consistency_level", "QUORUM");
    for (TraceEvent e : trace.getEvents()) {
      assertThat(e.getSourceElapsedMicros()).as(e.getActivity()).isGreaterThanOrEqualTo(0);
      assertThat(e.getTimestamp()).isBetween(before - 60_000, System.currentTimeMillis() + 60_000);
    }
    return coordinator;
  }

  /** The replicas whose answers the coordinator processed: each must have its own events in the trace. */
  private static Set<String> replicasThatAnswered(QueryTrace trace, String coordinator) {
    Set<String> answered = new TreeSet<>();
    for (String a : activitiesOf(trace, coordinator)) {
      Matcher m = RESPONSE_FROM.matcher(a);
      if (m.matches()) answered.add(m.group(1));
    }
    Set<String> sources = new TreeSet<>();
    for (TraceEvent e : trace.getEvents()) sources.add(e.getSourceAddress().getAddress().getHostAddress());
    assertThat(sources).as("sources").containsAll(answered).contains(coordinator);
    assertThat(answered).doesNotContain(coordinator);
    return answered;
  }

  private Set<String> sourcesOf(java.util.UUID session) {
    Set<String> sources = new TreeSet<>();
    for (var row : this.session.execute(SimpleStatement.newInstance(
        "SELECT source FROM system_traces.events WHERE session_id = ?", session))) {
      sources.add(row.getInetAddress("source").getHostAddress());
    }
    return sources;
  }

  private static List<String> activitiesOf(QueryTrace trace, String source) {
    return trace.getEvents().stream().filter(e -> e.getSourceAddress().getAddress().getHostAddress().equals(source))
        .map(TraceEvent::getActivity).toList();
  }
}
