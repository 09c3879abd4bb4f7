package io.ringsim.server;

import static io.ringsim.server.TraceLines.activitiesOf;
import static io.ringsim.server.TraceLines.checkWordsThreadsAndTimes;
import static io.ringsim.server.TraceLines.lines;
import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.QueryTrace;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.TraceEvent;
import io.ringsim.server.TraceLines.Line;
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
    // Read again, as cqlsh would a while later: now with the third replica's late events.
    List<Line> events = eventsOf(trace.getTracingId());
    assertThat(activitiesOf(events, coordinator)).startsWith(
        "Parsing INSERT INTO tr.kv (k, v) VALUES (1, 'a')", "Preparing statement",
        "Determining replicas for mutation");
    // The coordinator is a replica too (RF 3 on 3 nodes): its own write runs on its mutation stage, no message, after
    // it has sent the others theirs (StorageProxy.sendToHintedReplicas writes locally last).
    List<String> own = activitiesOf(events, coordinator);
    assertThat(own).contains("Appending to commitlog", "Adding to kv memtable");
    assertThat(own.lastIndexOf("Sending MUTATION_REQ message to " + "/" + sourcesOf(trace.getTracingId()).stream()
        .filter(x -> !x.equals(coordinator)).findFirst().orElseThrow() + ":7000 message size "))
        .as("sent before writing its own copy").isLessThan(own.indexOf("Appending to commitlog"));
    for (String replica : sourcesOf(trace.getTracingId())) {
      if (replica.equals(coordinator)) continue;
      String to = "/" + replica + ":7000", back = "/" + coordinator + ":7000";
      assertThat(activitiesOf(events, coordinator)).as("the coordinator's side of " + replica).containsSubsequence(
          "Sending MUTATION_REQ message to " + to + " message size ", "MUTATION_RSP message received from " + to,
          "Processing response from " + to);
      assertThat(activitiesOf(events, replica)).as(replica).containsExactly(
          "MUTATION_REQ message received from " + back, "Appending to commitlog", "Adding to kv memtable",
          "Enqueuing response to " + back, "Sending MUTATION_RSP message to " + back + " message size ");
    }
    checkWordsThreadsAndTimes(events);
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
    List<Line> events = lines(trace);
    for (String replica : answered) {
      String to = "/" + replica + ":7000", back = "/" + coordinator + ":7000";
      // Each replica's own account, with its own address as the source, in Cassandra's words and order.
      assertThat(activitiesOf(events, replica)).as(replica).containsExactly(
          "READ_REQ message received from " + back, "Executing single-partition query on kv",
          "Acquiring sstable references", "Merging memtable contents", "Read 1 live rows and 0 tombstone cells",
          "Enqueuing response to " + back, "Sending READ_RSP message to " + back + " message size ");
      assertThat(activitiesOf(events, coordinator)).as("the coordinator's side of " + replica).containsSubsequence(
          "reading data from " + to, "Sending READ_REQ message to " + to + " message size ",
          "READ_RSP message received from " + to, "Processing response from " + to);
    }
    // The coordinator reads its own copy after asking the others (AbstractReadExecutor.makeRequests).
    List<String> own = activitiesOf(events, coordinator);
    assertThat(own).startsWith("Parsing SELECT v FROM tr.kv WHERE k = 2", "Preparing statement");
    for (String replica : answered) {
      assertThat(own.indexOf("Sending READ_REQ message to /" + replica + ":7000 message size "))
          .as("asked " + replica + " before reading its own copy")
          .isLessThan(own.indexOf("Executing single-partition query on kv"));
    }
    checkWordsThreadsAndTimes(events);
  }

  @Test
  void aTracedRangeScanShowsEachRequestAndTheReplicaThatScannedIt() {
    session.execute("CREATE KEYSPACE IF NOT EXISTS tr1 WITH replication = {'class': 'SimpleStrategy', "
        + "'replication_factor': 1}");
    session.execute("CREATE TABLE IF NOT EXISTS tr1.kv (k int PRIMARY KEY, v text)");
    for (int k = 0; k < 20; k++) session.execute("INSERT INTO tr1.kv (k, v) VALUES (" + k + ", 'x')");
    long before = System.currentTimeMillis();
    ResultSet rs = session.execute(SimpleStatement.newInstance("SELECT * FROM tr1.kv")
        .setConsistencyLevel(ConsistencyLevel.QUORUM).setTracing(true));
    assertThat(rs.all()).hasSize(20);
    QueryTrace trace = rs.getExecutionInfo().getQueryTrace();
    String coordinator = checkSession(rs, trace, before);
    List<Line> events = lines(trace);
    List<String> own = activitiesOf(events, coordinator);
    // 3 nodes of 16 tokens split the ring in 49 ranges; a page asks them one request at a time.
    assertThat(own).containsSubsequence("Parsing SELECT * FROM tr1.kv", "Preparing statement",
        "Computing ranges to query", "Submitting range requests on 49 ranges with a concurrency of 1 (0.0 rows per range"
            + " expected)", "Submitted 1 concurrent range requests");
    // RF 1: each request goes to the one node holding its ranges; consecutive ranges of one node go as one request.
    long requests = own.stream().filter(a -> a.equals("Submitted 1 concurrent range requests")).count();
    long scans = events.stream().filter(e -> e.activity().startsWith("Executing seq scan across ")).count();
    assertThat(scans).as("one scan per request").isEqualTo(requests);
    assertThat(requests).as("at most one request per range").isBetween(3L, 49L);
    Set<String> sources = new TreeSet<>();
    for (Line e : events) sources.add(e.source());
    assertThat(sources).as("all three nodes scanned their ranges").hasSize(3);
    for (String replica : sources) {
      if (replica.equals(coordinator)) continue;
      String to = "/" + replica + ":7000", back = "/" + coordinator + ":7000";
      // Each request, on the replica that holds its ranges, in Cassandra's words and order.
      List<String> shapes = activitiesOf(events, replica).stream()
          .map(a -> a.replaceFirst("^Executing seq scan across 0 sstables for \\((min|max)\\(-?\\d+\\), (min|max)"
              + "\\(-?\\d+\\)\\]$", "Executing seq scan").replaceFirst("^Read \\d+ live rows and 0 tombstone cells$", "Read"))
          .toList();
      List<String> one = List.of("RANGE_REQ message received from " + back, "Executing seq scan", "Read",
          "Enqueuing response to " + back, "Sending RANGE_RSP message to " + back + " message size ");
      assertThat(shapes).as(replica).isNotEmpty().hasSize(shapes.size() / 5 * 5);
      for (int i = 0; i < shapes.size(); i += 5) assertThat(shapes.subList(i, i + 5)).as(replica).isEqualTo(one);
      assertThat(own.stream().filter(a -> a.startsWith("Enqueuing request to Full(" + to + ",(")).count())
          .as("requests to " + replica).isPositive();
      assertThat(own).containsSubsequence("Sending RANGE_REQ message to " + to + " message size ",
          "RANGE_RSP message received from " + to, "Processing response from " + to);
    }
    checkWordsThreadsAndTimes(events);
    // RF 3 on 3 nodes: the coordinator holds every range, so all 49 merge into one request it serves itself.
    ResultSet whole = session.execute(SimpleStatement.newInstance("SELECT * FROM tr.kv")
        .setConsistencyLevel(ConsistencyLevel.ONE).setTracing(true));
    List<Line> local = lines(whole.getExecutionInfo().getQueryTrace());
    assertThat(local).extracting(Line::activity).containsSubsequence("Computing ranges to query",
        "Submitting range requests on 49 ranges with a concurrency of 1 (0.0 rows per range expected)",
        "Submitted 1 concurrent range requests",
        "Executing seq scan across 0 sstables for (min(-9223372036854775808), min(-9223372036854775808)]")
        .filteredOn(a -> a.startsWith("Executing seq scan") || a.startsWith("Sending ")).hasSize(1);
    checkWordsThreadsAndTimes(local);
  }

  @Test
  void aTracedLwtShowsEachPaxosPhaseOnEveryReplica() {
    long before = System.currentTimeMillis();
    ResultSet rs = session.execute(SimpleStatement.newInstance("INSERT INTO tr.kv (k, v) VALUES (40, 'a') IF NOT EXISTS")
        .setConsistencyLevel(ConsistencyLevel.QUORUM).setTracing(true));
    assertThat(rs.wasApplied()).isTrue();
    QueryTrace trace = rs.getExecutionInfo().getQueryTrace();
    String coordinator = checkSession(rs, trace, before);
    List<Line> events = lines(trace);
    List<String> own = activitiesOf(events, coordinator);
    String ballot = own.stream().filter(a -> a.matches("Preparing [0-9a-f-]{36}")).findFirst().orElseThrow()
        .substring("Preparing ".length());
    assertThat(own).containsSubsequence("Preparing " + ballot, "Reading existing values for CAS precondition",
        "CAS precondition is met; proposing client-requested updates for " + ballot, "CAS applied successfully");
    // The values are read in a QUORUM read of the round's own, between the promises and the proposal: a message
    // round trip of its own, as Cassandra's readOne makes it (four round trips in all).
    int reading = own.indexOf("Reading existing values for CAS precondition");
    int readReq = own.indexOf(own.stream().filter(a -> a.startsWith("Sending READ_REQ message to ")).findFirst()
        .orElseThrow());
    int proposing = own.indexOf("CAS precondition is met; proposing client-requested updates for " + ballot);
    assertThat(readReq).isGreaterThan(reading).isLessThan(proposing);
    Set<String> answered = replicasThatAnswered(trace, coordinator);
    assertThat(answered).as("a quorum of 3 answers each phase: another node at least").isNotEmpty();
    for (String replica : answered) {
      String to = "/" + replica + ":7000", back = "/" + coordinator + ":7000";
      // A replica's answer may come after the next phase went out: only each phase's own order is fixed.
      assertThat(own).as("the coordinator's side of " + replica).containsSubsequence(
          "Sending PAXOS_PREPARE_REQ message to " + to + " message size ", "PAXOS_PREPARE_RSP message received from " + to)
          .containsSubsequence("Sending PAXOS_PROPOSE_REQ message to " + to + " message size ",
              "Sending PAXOS_COMMIT_REQ message to " + to + " message size ");
      assertThat(activitiesOf(events, replica)).as(replica).containsSubsequence(
          "PAXOS_PREPARE_REQ message received from " + back, "Promising ballot " + ballot, "Appending to commitlog",
          "Adding to paxos memtable", "Sending PAXOS_PREPARE_RSP message to " + back + " message size ");
    }
    // The coordinator is a replica too: its own promise, acceptance and commit, without messages.
    assertThat(own).containsSubsequence("Promising ballot " + ballot, "Adding to paxos memtable",
        "Executing single-partition query on kv", "Read 0 live rows and 0 tombstone cells");
    assertThat(own.stream().filter(a -> a.startsWith("Accepting proposal Accepted(")).toList()).singleElement()
        .asString().contains(ballot).endsWith(":key=40\n    Row: EMPTY | v=a)");
    checkWordsThreadsAndTimes(events);
    // Not applied: Cassandra 4.1 still proposes (an empty update) and commits nothing.
    ResultSet again = session.execute(SimpleStatement.newInstance("INSERT INTO tr.kv (k, v) VALUES (40, 'b') IF NOT "
        + "EXISTS").setConsistencyLevel(ConsistencyLevel.QUORUM).setTracing(true));
    assertThat(again.wasApplied()).isFalse();
    QueryTrace second = again.getExecutionInfo().getQueryTrace();
    List<String> notApplied = activitiesOf(lines(second), second.getCoordinatorAddress().getAddress().getHostAddress());
    String mismatch = "CAS precondition does not match current values [tr.kv] key=40 partition_deletion=deletedAt="
        + "-9223372036854775808, localDeletion=2147483647 columns=[[] | [v]]\n    Row[info=[ts=";
    int read = notApplied.indexOf("Reading existing values for CAS precondition");
    int judged = notApplied.indexOf(notApplied.stream().filter(a -> a.startsWith(mismatch)).findFirst().orElseThrow());
    assertThat(read).isNotNegative().isLessThan(judged);
    assertThat(notApplied.get(judged)).matches("(?s).*\\]: EMPTY \\| \\[v=a ts=\\d+\\]");
    assertThat(notApplied).endsWith("CAS did not apply").contains("CAS precondition is met; proposing client-requested "
        + "updates for " + notApplied.get(2).substring("Preparing ".length()))
        .noneMatch(a -> a.startsWith("Committing proposal") || a.startsWith("Sending PAXOS_COMMIT"));
  }

  @Test
  void aTracedLoggedBatchGoesThroughTheBatchlogOfTwoOtherNodes() throws InterruptedException {
    ResultSet rs = session.execute(SimpleStatement.newInstance("BEGIN BATCH INSERT INTO tr.kv (k, v) VALUES (50, 'a'); "
        + "INSERT INTO tr.kv (k, v) VALUES (51, 'b'); APPLY BATCH").setConsistencyLevel(ConsistencyLevel.ONE)
        .setTracing(true));
    QueryTrace trace = rs.getExecutionInfo().getQueryTrace();
    String coordinator = trace.getCoordinatorAddress().getAddress().getHostAddress();
    java.util.UUID id = trace.getTracingId();
    // The removes reach the batchlog nodes after the client has its answer: wait for their lines.
    ServedClusterFixture.await("the batchlog's removes", java.time.Duration.ofSeconds(30),
        () -> eventsOf(id).stream().filter(e -> e.activity().startsWith("BATCH_REMOVE_REQ message received")).count()
            == 2);
    List<Line> events = eventsOf(id);
    List<String> own = activitiesOf(events, coordinator);
    assertThat(own).startsWith("Parsing BEGIN BATCH INSERT INTO tr.kv (k, v) VALUES (50, 'a'); INSERT INTO tr.kv (k, v)"
        + " VALUES (51, 'b'); APPLY BATCH", "Preparing statement", "Determining replicas for atomic batch")
        .doesNotContain("Determining replicas for mutation");
    Set<String> others = new TreeSet<>();
    for (Line e : events) if (!e.source().equals(coordinator)) others.add(e.source());
    assertThat(others).hasSize(2);
    for (String node : others) {
      String to = "/" + node + ":7000", back = "/" + coordinator + ":7000";
      // Stored before any mutation goes out, removed after.
      assertThat(own).containsSubsequence("Sending BATCH_STORE_REQ message to " + to + " message size ",
          "BATCH_STORE_RSP message received from " + to, "Processing response from " + to,
          "Sending MUTATION_REQ message to " + to + " message size ",
          "Sending BATCH_REMOVE_REQ message to " + to + " message size ");
      assertThat(own.indexOf("Sending BATCH_STORE_REQ message to " + to + " message size "))
          .isLessThan(own.indexOf("Processing response from " + to));
      assertThat(activitiesOf(events, node)).containsSubsequence("BATCH_STORE_REQ message received from " + back,
          "Appending to commitlog", "Adding to batches memtable", "Sending BATCH_STORE_RSP message to " + back
              + " message size ", "BATCH_REMOVE_REQ message received from " + back, "Appending to commitlog",
          "Adding to batches memtable");
    }
    checkWordsThreadsAndTimes(events);
  }

  @Test
  void aTracedCounterWriteShowsItsLeader() {
    session.execute("CREATE KEYSPACE IF NOT EXISTS tr1 WITH replication = {'class': 'SimpleStrategy', "
        + "'replication_factor': 1}");
    session.execute("CREATE TABLE IF NOT EXISTS tr1.hits (k int PRIMARY KEY, n counter)");
    // RF 1: a key another node holds is forwarded to it, its leader.
    for (int k = 0; k < 30; k++) {
      ResultSet rs = session.execute(SimpleStatement.newInstance("UPDATE tr1.hits SET n = n + 1 WHERE k = " + k)
          .setTracing(true));
      QueryTrace trace = rs.getExecutionInfo().getQueryTrace();
      String coordinator = trace.getCoordinatorAddress().getAddress().getHostAddress();
      List<Line> events = lines(trace);
      List<String> own = activitiesOf(events, coordinator);
      String leader = events.stream().map(Line::source).filter(x -> !x.equals(coordinator)).findFirst().orElse(null);
      if (leader == null) {
        assertThat(own).containsSubsequence("Determining replicas for mutation", "Acquiring counter locks",
            "Reading 1 counter values from the CF", "Executing single-partition query on hits",
            "Appending to commitlog", "Adding to hits memtable");
        continue;
      }
      String to = "/" + leader + ":7000", back = "/" + coordinator + ":7000";
      assertThat(own).containsExactly("Parsing UPDATE tr1.hits SET n = n + 1 WHERE k = " + k, "Preparing statement",
          "Determining replicas for mutation", own.get(3), "Sending COUNTER_MUTATION_REQ message to " + to
              + " message size ", "COUNTER_MUTATION_RSP message received from " + to, "Processing response from " + to);
      assertThat(own.get(3)).startsWith("Enqueuing counter update to Full(" + to + ",(");
      assertThat(activitiesOf(events, leader)).containsExactly("COUNTER_MUTATION_REQ message received from " + back,
          "Acquiring counter locks", "Reading 1 counter values from the CF", "Executing single-partition query on hits",
          "Acquiring sstable references",
          "Skipped 0/0 non-slice-intersecting sstables, included 0 due to tombstones", "Appending to commitlog",
          "Adding to hits memtable", "Sending COUNTER_MUTATION_RSP message to " + back + " message size ");
      checkWordsThreadsAndTimes(events);
      return;
    }
    throw new AssertionError("no key of 30 was held by another node");
  }


  /**
   * The statements of oracle/tracing-one-node.cql whose traces a served node gives as Cassandra 4.1.10 gave them to
   * cqlsh: single-partition reads and writes, a range scan, LWTs (applied, not applied, IF NOT EXISTS) and a counter
   * update. The logged batch ({@link #LOGGED_BATCH}) is compared without the order of its two mutations' lines.
   */
  /**
   * A logged batch over two partitions: the batchlog's store and remove around its mutations, whose lines Cassandra's
   * threads interleave as they run at once (one on the request thread, one on the mutation stage).
   */
  private static final String LOGGED_BATCH = "BEGIN BATCH INSERT INTO kv (k, v) VALUES (5, 'e'); INSERT INTO wide (k, c, v)"
      + " VALUES (1, 1, 'f'); APPLY BATCH;";

  private static final Set<String> ONE_NODE_AS_CASSANDRA = Set.of("INSERT INTO kv (k, v) VALUES (2, 'b');",
      "SELECT v FROM kv WHERE k = 2;", "SELECT v FROM kv WHERE k = 3;", "SELECT * FROM wide WHERE k = 1 AND c > 0;",
      "BEGIN UNLOGGED BATCH INSERT INTO kv (k, v) VALUES (6, 'g'); INSERT INTO kv (k, v) VALUES (7, 'h'); APPLY BATCH;",
      "DELETE FROM kv WHERE k = 1;", "SELECT * FROM kv;", "UPDATE kv SET v = 'c' WHERE k = 2 IF v = 'b';",
      "UPDATE kv SET v = 'd' WHERE k = 2 IF v = 'zzz';", "INSERT INTO kv (k, v) VALUES (9, 'x') IF NOT EXISTS;",
      "UPDATE hits SET n = n + 1 WHERE k = 1;", LOGGED_BATCH);

  /**
   * A trace line with what differs from run to run made generic: ballots (time UUIDs), their clocks and the write
   * timestamps a proposal or current value shows. A line break inside an activity is written as cqlsh prints it.
   */
  private static String generic(String line) {
    return line.replace("\n", "\\n")
        .replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}", "<ballot>")
        .replaceAll("\\((\\d+):<ballot>, (\\d+):key=", "(<clock>:<ballot>, <ts>:key=")
        .replaceAll("ts=\\d+", "ts=<ts>");
  }

  /**
   * The oracle's lines less Cassandra's one-time loads of system.local (its truncation record, read at a node's
   * first Paxos commit, and its host id, at its first counter write), which later statements no longer show:
   * "Executing single-partition query on local" and the read lines after it.
   */
  private static List<String> withoutLocalLoads(List<String> oracle) {
    List<String> out = new java.util.ArrayList<>();
    boolean loading = false;
    for (String l : oracle) {
      if (l.startsWith("Executing single-partition query on local ")) loading = true;
      else if (loading && !l.matches("(Acquiring sstable references|Merging memtable contents|Skipped .*"
          + "|Merged data from .*|Read \\d+ live rows and \\d+ tombstone cells) \\[.*")) loading = false;
      if (!loading) out.add(generic(l));
    }
    return out;
  }

  @Test
  void oneNodeTracesWhatCassandraTraces() throws Exception {
    List<java.util.Map.Entry<String, List<String>>> oracle = oracleTraces();
    // One token, as the oracle's node has: a scan of the whole ring is then asked as Cassandra split it, in 2 ranges.
    try (ServedClusterFixture one = new ServedClusterFixture(1, 5, 1.0, com.typesafe.config.ConfigFactory.load(
        "application-test"), 1); CqlSession s = one.connect(null)) {
      int compared = 0;
      boolean tracing = false;
      for (var statement : oracle) {
        String cql = statement.getKey();
        if (cql.startsWith("TRACING ")) {
          tracing = cql.equals("TRACING ON;");
          continue;
        }
        // The oracle's SERIAL read left cqlsh no trace to fetch (its CONSISTENCY lines are not replayed here).
        boolean noTrace = tracing && statement.getValue().isEmpty();
        if (cql.startsWith("CONSISTENCY ") || noTrace || tracing && !ONE_NODE_AS_CASSANDRA.contains(cql)) continue;
        ResultSet rs = s.execute(SimpleStatement.newInstance(cql).setTracing(tracing));
        if (!tracing) continue;
        QueryTrace trace = rs.getExecutionInfo().getQueryTrace();
        List<String> got = trace.getEvents().stream()
            .map(e -> generic(e.getActivity() + " [" + stage(e.getThreadName()) + "]")).toList();
        List<String> expected = withoutLocalLoads(statement.getValue());
        if (cql.equals(LOGGED_BATCH)) {
          // Its first five lines (to the batchlog's store) and last two (its remove) in order; the mutations between
          // as a set of activities, their threads and order being Cassandra's scheduling.
          assertThat(got.subList(0, 5)).as(cql).isEqualTo(expected.subList(0, 5));
          assertThat(got.subList(got.size() - 2, got.size())).as(cql)
              .isEqualTo(expected.subList(expected.size() - 2, expected.size()));
          java.util.function.Function<List<String>, List<String>> activities = l -> l.subList(5, l.size() - 2).stream()
              .map(a -> a.replaceFirst(" \\[[A-Za-z-]+\\]$", "")).sorted().toList();
          assertThat(activities.apply(got)).as(cql).isEqualTo(activities.apply(expected));
        } else {
          assertThat(got).as(cql).containsExactlyElementsOf(expected);
        }
        checkWordsThreadsAndTimes(lines(trace));
        compared++;
      }
      assertThat(compared).as("statements compared").isEqualTo(ONE_NODE_AS_CASSANDRA.size() + 1);
    }
  }

  /** A thread's name without the pool worker's number: "ReadStage-2" is "ReadStage". */
  private static String stage(String thread) {
    return thread.replaceFirst("(-\\d+)+$", "");
  }

  /**
   * Each statement of the oracle's cqlsh transcript with its trace's events as "activity [stage]", in order (the
   * session's own first and last rows, "Execute CQL3 query" and "Request complete", left out); empty when untraced.
   */
  private static List<java.util.Map.Entry<String, List<String>>> oracleTraces() throws java.io.IOException {
    List<java.util.Map.Entry<String, List<String>>> out = new java.util.ArrayList<>();
    Pattern row = Pattern.compile("^\\s*(.*?) \\[([A-Za-z-]+?)(-\\d+)+\\] \\|.*");
    try (var in = ServedTracingTest.class.getResourceAsStream("/oracle/tracing-one-node.cqlsh.txt")) {
      List<String> events = null;
      for (String l : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
        if (l.startsWith("=== ")) {
          events = new java.util.ArrayList<>();
          out.add(java.util.Map.entry(l.substring(4), events));
          continue;
        }
        Matcher m = row.matcher(l);
        if (events != null && m.matches()) events.add(m.group(1) + " [" + m.group(2) + "]");
      }
    }
    return out;
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


  /** The session's events as cqlsh reads them from system_traces.events, in the table's order. */
  private List<Line> eventsOf(java.util.UUID id) {
    List<Line> out = new java.util.ArrayList<>();
    for (var row : session.execute(SimpleStatement.newInstance(
        "SELECT activity, source, source_elapsed, thread FROM system_traces.events WHERE session_id = ?", id))) {
      out.add(new Line(row.getString("activity"), row.getInetAddress("source").getHostAddress(),
          row.getInt("source_elapsed"), row.getString("thread")));
    }
    return out;
  }
}
