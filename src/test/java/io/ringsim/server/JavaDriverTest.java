package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultProtocolVersion;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.SyntaxError;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.ReplicationStrategies;
import io.ringsim.schema.types.CqlTypes;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** The DataStax Java driver 4.x against six simulated nodes served over the native protocol. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class JavaDriverTest extends ServedClusterTest {
  JavaDriverTest() {
    super(6, 7, "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}",
        "CREATE TABLE shop.kv (k int PRIMARY KEY, v text)",
        "CREATE TABLE shop.wide (k int, c int, v text, PRIMARY KEY (k, c))");
  }

  @Test
  @Order(1)
  void metadataShowsEveryNodeWithItsDataCentreRackAndTokens() {
    Map<java.util.UUID, Node> nodes = session.getMetadata().getNodes();
    assertThat(nodes).hasSize(6);
    Set<String> addresses = new TreeSet<>();
    for (Node n : nodes.values()) {
      assertThat(n.getDatacenter()).isEqualTo("datacenter1");
      assertThat(n.getRack()).isEqualTo("rack1");
      addresses.add(((InetSocketAddress) n.getEndPoint().resolve()).getAddress().getHostAddress());
    }
    assertThat(addresses).containsExactlyInAnyOrderElementsOf(
        fx.served.addresses().values().stream().map(a -> a.getHostAddress()).toList());
    TokenMap tokens = session.getMetadata().getTokenMap().orElseThrow();
    assertThat(tokens.getPartitionerName()).isEqualTo("org.apache.cassandra.dht.Murmur3Partitioner");
    assertThat(tokens.getTokenRanges()).hasSize(6 * 16);
  }

  @Test
  @Order(2)
  void theDriversTokenMapGivesTheReplicasRingsimsRingGives() {
    TokenMap tokens = session.getMetadata().getTokenMap().orElseThrow();
    ReplicaMap ringsim = fx.sim.ring().replicaMap(ReplicationStrategies.fromCql(Map.of("class", "SimpleStrategy",
        "replication_factor", "3")));
    Map<String, String> nodeOfAddress = new java.util.HashMap<>();
    fx.served.addresses().forEach((n, a) -> nodeOfAddress.put(a.getHostAddress(), n));
    for (int k = 0; k < 1000; k++) {
      ByteBuffer key = TypeCodecs.INT.encode(k, DefaultProtocolVersion.V4);
      Set<String> driver = tokens.getReplicas("shop", key).stream()
          .map(n -> nodeOfAddress.get(((InetSocketAddress) n.getEndPoint().resolve()).getAddress().getHostAddress()))
          .collect(Collectors.toCollection(TreeSet::new));
      Set<String> expected = fx.sim.ring().partitioner() == null ? Set.of() : ringsim
          .replicasFor(fx.sim.ring().partitioner().token(CqlTypes.INT.serialize(k))).stream()
          .map(io.ringsim.ring.Node::name).collect(Collectors.toCollection(TreeSet::new));
      assertThat(driver).as("replicas of key %d", k).isEqualTo(expected).hasSize(3);
    }
  }

  @Test
  @Order(3)
  void writesAndReadsGoThroughTheCluster() {
    // QUORUM writes and reads: at the driver's default (LOCAL_ONE) a read right after a write may reach a replica the
    // write has not reached yet, which is the consistency lesson, not a bug.
    for (int k = 0; k < 20; k++) {
      session.execute(SimpleStatement.newInstance("INSERT INTO shop.kv (k, v) VALUES (" + k + ", 'v" + k + "')")
          .setConsistencyLevel(ConsistencyLevel.QUORUM));
    }
    Row r = session.execute(SimpleStatement.newInstance("SELECT v FROM shop.kv WHERE k = 7")
        .setConsistencyLevel(ConsistencyLevel.QUORUM)).one();
    assertThat(r.getString("v")).isEqualTo("v7");
    assertThat(session.execute(SimpleStatement.newInstance("SELECT * FROM shop.kv")
        .setConsistencyLevel(ConsistencyLevel.QUORUM)).all()).hasSize(20);
  }

  @Test
  @Order(3)
  void pagesThroughAPartitionOfTenThousandRows() throws Exception {
    List<CompletionStage<?>> inFlight = new ArrayList<>();
    for (int c = 0; c < 10_000; c++) {
      inFlight.add(session.executeAsync("INSERT INTO shop.wide (k, c, v) VALUES (1, " + c + ", 'x')"));
      if (inFlight.size() == 128) {
        for (CompletionStage<?> f : inFlight) f.toCompletableFuture().get();
        inFlight.clear();
      }
    }
    for (CompletionStage<?> f : inFlight) f.toCompletableFuture().get();
    ResultSet rs = session.execute(SimpleStatement.newInstance("SELECT c FROM shop.wide WHERE k = 1")
        .setPageSize(100).setConsistencyLevel(ConsistencyLevel.ALL));
    int expected = 0;
    int pages = 1;
    for (Row row : rs) {
      assertThat(row.getInt("c")).isEqualTo(expected++);
      if (expected == 300) {
        // Between two pages, rows change before the cursor (two more, one less): as with Cassandra, which resumes
        // after the last row's key, the next page neither repeats nor skips a row (resuming by position would
        // repeat row 299).
        for (int c = -1; c >= -2; c--) {
          session.execute(SimpleStatement.newInstance("INSERT INTO shop.wide (k, c, v) VALUES (1, " + c + ", 'new')")
              .setConsistencyLevel(ConsistencyLevel.ALL));
        }
        session.execute(SimpleStatement.newInstance("DELETE FROM shop.wide WHERE k = 1 AND c = 10")
            .setConsistencyLevel(ConsistencyLevel.ALL));
      }
      if (rs.getAvailableWithoutFetching() == 0 && !rs.isFullyFetched()) pages++;
    }
    assertThat(expected).isEqualTo(10_000);
    // 100 full pages and the empty page Cassandra also answers after a full last page.
    assertThat(pages).isEqualTo(101);
  }

  @Test
  @Order(4)
  void tenThousandPreparedInsertsAreEachCoordinatedByAReplicaOfTheirKey() throws Exception {
    session.execute("CREATE TABLE shop.routed (k int PRIMARY KEY, v text)");
    PreparedStatement insert = session.prepare("INSERT INTO shop.routed (k, v) VALUES (?, ?)");
    assertThat(insert.getPartitionKeyIndices()).containsExactly(0);
    List<CompletionStage<?>> inFlight = new ArrayList<>();
    for (int k = 0; k < 10_000; k++) {
      inFlight.add(session.executeAsync(insert.bind(k, "v" + k).setConsistencyLevel(ConsistencyLevel.QUORUM)));
      if (inFlight.size() == 128) {
        for (CompletionStage<?> f : inFlight) f.toCompletableFuture().get();
        inFlight.clear();
      }
    }
    for (CompletionStage<?> f : inFlight) f.toCompletableFuture().get();
    ReplicaMap ringsim = fx.sim.ring().replicaMap(ReplicationStrategies.fromCql(Map.of("class", "SimpleStrategy",
        "replication_factor", "3")));
    int checked = 0;
    for (ClientHistory.Op op : fx.served.history().ops()) {
      if (!op.table().equals("shop.routed")) continue;
      checked++;
      assertThat(op.outcome()).isEqualTo(io.ringsim.sim.OpOutcome.OK);
      assertThat(op.consistency()).isEqualTo(io.ringsim.cluster.ConsistencyLevel.QUORUM);
      List<String> replicas = ringsim.replicasFor(fx.sim.ring().partitioner().token(op.keyBytes())).stream()
          .map(io.ringsim.ring.Node::name).toList();
      assertThat(replicas).as("replicas of key %s", op.key()).contains(op.coordinator());
    }
    assertThat(checked).isEqualTo(10_000);
    PreparedStatement select = session.prepare("SELECT v FROM shop.routed WHERE k = ?");
    assertThat(session.execute(select.bind(4242).setConsistencyLevel(ConsistencyLevel.QUORUM)).one().getString(0))
        .isEqualTo("v4242");
  }

  @Test
  @Order(5)
  void lightweightTransactionsSayWhetherTheyApplied() {
    Row first = session.execute("INSERT INTO shop.kv (k, v) VALUES (1000, 'first') IF NOT EXISTS").one();
    assertThat(first.getBoolean("[applied]")).isTrue();
    ResultSet second = session.execute("INSERT INTO shop.kv (k, v) VALUES (1000, 'second') IF NOT EXISTS");
    assertThat(second.wasApplied()).isFalse();
    assertThat(second.one().getString("v")).isEqualTo("first");
  }

  @Test
  @Order(6)
  void batchesApplyEveryStatement() {
    BatchStatement b = BatchStatement.newInstance(DefaultBatchType.LOGGED,
        SimpleStatement.newInstance("INSERT INTO shop.kv (k, v) VALUES (2001, 'a')"),
        SimpleStatement.newInstance("INSERT INTO shop.kv (k, v) VALUES (2002, 'b')"))
        .setConsistencyLevel(ConsistencyLevel.QUORUM);
    session.execute(b);
    // QUORUM both ways: at the driver's default (LOCAL_ONE) the read may reach a replica the batch has not reached
    // yet, which is the lesson of the consistency-levels scenario, not a bug.
    assertThat(session.execute(SimpleStatement.newInstance("SELECT v FROM shop.kv WHERE k = 2002")
        .setConsistencyLevel(ConsistencyLevel.QUORUM)).one().getString("v")).isEqualTo("b");
  }

  @Test
  @Order(7)
  void schemaAgreesAfterDdlAndErrorsAreCassandras() {
    session.execute("CREATE TABLE shop.later (k text PRIMARY KEY, n int)");
    assertThat(session.checkSchemaAgreement()).isTrue();
    assertThat(session.getMetadata().getKeyspace("shop").orElseThrow().getTable("later")).isPresent();
    assertThatThrownBy(() -> session.execute("SELEKT * FROM shop.kv")).isInstanceOf(SyntaxError.class);
    assertThatThrownBy(() -> session.execute("SELECT * FROM shop.nope"))
        .isInstanceOf(InvalidQueryException.class);
  }

  @Test
  @Order(7)
  void userDefinedTypesAreInTheSchemaAndBindAndReadAsUdtValues() {
    session.execute("CREATE TYPE shop.address (street text, city text, zip int)");
    session.execute("CREATE TABLE shop.customers (id int PRIMARY KEY, home frozen<address>, work address)");
    UserDefinedType address = session.getMetadata().getKeyspace("shop").orElseThrow()
        .getUserDefinedType("address").orElseThrow();
    assertThat(address.getFieldNames()).extracting(CqlIdentifier::asInternal).containsExactly("street", "city", "zip");
    PreparedStatement insert = session.prepare("INSERT INTO shop.customers (id, home, work) VALUES (?, ?, ?)");
    UdtValue home = address.newValue().setString("street", "1 Main St").setString("city", "Paris")
        .setInt("zip", 75001);
    session.execute(insert.bind(1, home, address.newValue().setString("city", "Lyon"))
        .setConsistencyLevel(ConsistencyLevel.QUORUM));
    // One field of the non-frozen column, through a marker the driver knows as work.city.
    PreparedStatement setCity = session.prepare("UPDATE shop.customers SET work.zip = ? WHERE id = ?");
    assertThat(setCity.getVariableDefinitions().get(0).getName().asInternal()).isEqualTo("work.zip");
    session.execute(setCity.bind(69001, 1).setConsistencyLevel(ConsistencyLevel.QUORUM));
    Row r = session.execute(SimpleStatement.newInstance("SELECT home, work, home.city FROM shop.customers WHERE id = 1")
        .setConsistencyLevel(ConsistencyLevel.QUORUM)).one();
    assertThat(r.getUdtValue("home")).isEqualTo(home);
    assertThat(r.getUdtValue("work").getString("city")).isEqualTo("Lyon");
    assertThat(r.getUdtValue("work").getInt("zip")).isEqualTo(69001);
    assertThat(r.getUdtValue("work").isNull("street")).isTrue();
    assertThat(r.getColumnDefinitions().get(2).getName().asInternal()).isEqualTo("home.city");
    assertThat(r.getString(2)).isEqualTo("Paris");
    // A marker inside a UDT literal is received by the field, named column.field as Cassandra names it.
    PreparedStatement partial = session.prepare("INSERT INTO shop.customers (id, home) VALUES (?, {city: ?})");
    assertThat(partial.getVariableDefinitions().get(1).getName().asInternal()).isEqualTo("home.city");
    session.execute(partial.bind(2, "Nice").setConsistencyLevel(ConsistencyLevel.QUORUM));
    assertThat(session.execute(SimpleStatement.newInstance("SELECT home FROM shop.customers WHERE id = 2")
        .setConsistencyLevel(ConsistencyLevel.QUORUM)).one().getUdtValue(0).getString("city")).isEqualTo("Nice");
    // A UDT value bound where the key is.
    Row byHome = session.execute(session.prepare("SELECT id FROM shop.customers WHERE home = ? ALLOW FILTERING")
        .bind(home).setConsistencyLevel(ConsistencyLevel.QUORUM)).one();
    assertThat(byHome.getInt(0)).isEqualTo(1);
  }

  @Test
  @Order(6)
  void theClientsTimestampIsTheWritesTimestamp() {
    session.execute(SimpleStatement.newInstance("INSERT INTO shop.kv (k, v) VALUES (3001, 'newer')")
        .setQueryTimestamp(2_000_000_000_000_000L).setConsistencyLevel(ConsistencyLevel.ALL));
    // An older client timestamp loses, whenever it arrives: last write wins by timestamp, as in Cassandra.
    session.execute(SimpleStatement.newInstance("INSERT INTO shop.kv (k, v) VALUES (3001, 'older')")
        .setQueryTimestamp(1_000_000_000_000_000L).setConsistencyLevel(ConsistencyLevel.ALL));
    Row r = session.execute(SimpleStatement.newInstance("SELECT v, writetime(v) FROM shop.kv WHERE k = 3001")
        .setConsistencyLevel(ConsistencyLevel.ALL)).one();
    assertThat(r.getString(0)).isEqualTo("newer");
    assertThat(r.getLong(1)).isEqualTo(2_000_000_000_000_000L);
  }

  @Test
  @Order(6)
  void nowInSecondsIsWhatTtlsCountFrom() {
    // A day ahead of the served cluster's clock, which shows today's date: TTL() counts from the request's
    // now_in_seconds, and whether a cell is live is decided by it too, not by the nodes' clocks (docs/drivers.md).
    int now = (int) (System.currentTimeMillis() / 1000) + 86_400;
    session.execute(SimpleStatement.newInstance("INSERT INTO shop.kv (k, v) VALUES (3002, 'ttl') USING TTL 3600")
        .setNowInSeconds(now).setConsistencyLevel(ConsistencyLevel.ALL));
    Row r = session.execute(SimpleStatement.newInstance("SELECT ttl(v) FROM shop.kv WHERE k = 3002")
        .setNowInSeconds(now + 600).setConsistencyLevel(ConsistencyLevel.ALL)).one();
    assertThat(r.getInt(0)).isEqualTo(3000);
    // Past its expiry by the request's now, while every node's clock is a day and more before it: gone, as in
    // Cassandra (request_now.cql's statement 6, answered by the oracle).
    assertThat(session.execute(SimpleStatement.newInstance("SELECT v FROM shop.kv WHERE k = 3002")
        .setNowInSeconds(now + 3700).setConsistencyLevel(ConsistencyLevel.ALL)).one()).isNull();
  }

  @Test
  @Order(7)
  void aTracedRequestTellsTheStoryWithTheAddressOfEachNodeThatWorked() {
    ResultSet rs = session.execute(SimpleStatement.newInstance("SELECT v FROM shop.kv WHERE k = 5")
        .setConsistencyLevel(ConsistencyLevel.QUORUM).setTracing(true));
    com.datastax.oss.driver.api.core.cql.QueryTrace trace = rs.getExecutionInfo().getQueryTrace();
    InetSocketAddress coordinator = (InetSocketAddress) rs.getExecutionInfo().getCoordinator().getEndPoint().resolve();
    assertThat(trace.getCoordinatorAddress().getAddress()).isEqualTo(coordinator.getAddress());
    assertThat(trace.getRequestType()).isEqualTo("Execute CQL3 query");
    assertThat(trace.getEvents()).isNotEmpty();
    Set<String> sources = trace.getEvents().stream().map(e -> e.getSourceAddress().getAddress().getHostAddress())
        .collect(Collectors.toCollection(TreeSet::new));
    // QUORUM at RF 3: the coordinator and at least one other replica each wrote what they did.
    assertThat(sources).hasSizeGreaterThanOrEqualTo(2);
    assertThat(fx.served.addresses().values().stream().map(a -> a.getHostAddress()).toList())
        .containsAll(sources);
  }

  @Test
  @Order(8)
  void protocolV4AndV5BothWork() {
    assertThat(session.getContext().getProtocolVersion()).isEqualTo(DefaultProtocolVersion.V5);
    try (CqlSession v4 = fx.connect("V4")) {
      assertThat(v4.getContext().getProtocolVersion()).isEqualTo(DefaultProtocolVersion.V4);
      assertThat(v4.execute(SimpleStatement.newInstance("SELECT v FROM shop.kv WHERE k = 3")
          .setConsistencyLevel(ConsistencyLevel.QUORUM)).one().getString("v")).isEqualTo("v3");
    }
  }

  @Test
  @Order(9)
  void aCrashedNodeIsSeenDownAndRoutedAroundThenUnavailableAtAll() throws Exception {
    String victim = "n3";
    fx.crashAndAwaitDown(session, victim);
    for (int k = 0; k < 50; k++) {
      session.execute(SimpleStatement.newInstance("INSERT INTO shop.kv (k, v) VALUES (" + k + ", 'after')")
          .setConsistencyLevel(ConsistencyLevel.ONE));
    }
    // Let the survivors' failure detectors convict the node (about 18 simulated seconds of silence): after that a
    // write at ALL to a key it replicates is refused before it is tried.
    ReplicaMap ringsim = fx.sim.ring().replicaMap(ReplicationStrategies.fromCql(Map.of("class", "SimpleStrategy",
        "replication_factor", "3")));
    int key = 0;
    while (ringsim.replicasFor(fx.sim.ring().partitioner().token(CqlTypes.INT.serialize(key))).stream()
        .noneMatch(n -> n.name().equals(victim))) key++;
    int k = key;
    ServedClusterFixture.await("an Unavailable at ALL", Duration.ofSeconds(90), () -> {
      try {
        session.execute(SimpleStatement.newInstance("INSERT INTO shop.kv (k, v) VALUES (" + k + ", 'all')")
            .setConsistencyLevel(ConsistencyLevel.ALL));
        return false;
      } catch (UnavailableException e) {
        assertThat(e.getRequired()).isEqualTo(3);
        assertThat(e.getAlive()).isEqualTo(2);
        return true;
      } catch (RuntimeException e) {
        return false; // a timeout while the detector has not convicted yet
      }
    });
    fx.served.restart(victim);
    fx.awaitDriverSees(session, victim, NodeState.UP);
    // The restarted node forgot its prepared statements: it answers UNPREPARED and the driver prepares again.
    Node restarted = fx.driverNode(session, victim).orElseThrow();
    // Right after its restart the node has not heard its peers' gossip yet and says Unavailable, as Cassandra does.
    PreparedStatement select = session.prepare("SELECT v FROM shop.kv WHERE k = ?");
    ServedClusterFixture.await("a prepared read coordinated by the restarted node", Duration.ofSeconds(60), () -> {
      try {
        return session.execute(select.bind(2001).setNode(restarted).setConsistencyLevel(ConsistencyLevel.ONE))
            .getExecutionInfo().getCoordinator().equals(restarted);
      } catch (com.datastax.oss.driver.api.core.AllNodesFailedException e) {
        return false;
      }
    });
  }

  @Test
  @Order(11)
  void aNodeThatJoinsOrLeavesIsAnnouncedAndTheDriverFollows() throws Exception {
    String joined = fx.served.bootstrap();
    assertThat(joined).startsWith("n7 joined at 127.0.0.7");
    ServedClusterFixture.await("the driver to add n7", Duration.ofSeconds(60),
        () -> session.getMetadata().getNodes().size() == 7);
    session.execute(SimpleStatement.newInstance("INSERT INTO shop.kv (k, v) VALUES (7777, 'seven')")
        .setConsistencyLevel(ConsistencyLevel.QUORUM));
    fx.served.decommission("n7");
    ServedClusterFixture.await("the driver to drop n7", Duration.ofSeconds(60),
        () -> session.getMetadata().getNodes().size() == 6);
    assertThat(session.execute(SimpleStatement.newInstance("SELECT v FROM shop.kv WHERE k = 7777")
        .setConsistencyLevel(ConsistencyLevel.QUORUM)).one().getString(0)).isEqualTo("seven");
  }
}
