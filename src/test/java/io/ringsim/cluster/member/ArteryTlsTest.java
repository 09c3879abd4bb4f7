package io.ringsim.cluster.member;

import static org.assertj.core.api.Assertions.assertThat;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import akka.cluster.MemberStatus;
import akka.cluster.typed.Cluster;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.RequestKind;
import io.ringsim.schema.types.CqlTypes;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Members talk over Artery TLS (the test key and trust stores of src/test/resources/tls): two members and a driver
 * form a cluster and a QUORUM write crosses JVMs encrypted; a member that speaks plain TCP cannot join them.
 */
class ArteryTlsTest {
  private final List<ActorSystem<?>> systems = new ArrayList<>();
  private ClusterClient client;

  @AfterEach
  void stop() throws Exception {
    if (client != null) client.close();
    for (ActorSystem<?> s : systems) s.terminate();
    for (ActorSystem<?> s : systems) {
      try {
        s.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
      } catch (java.util.concurrent.TimeoutException e) {
        // best effort: a member that never joined can take long to give up leaving
      }
    }
  }

  static Config tls() throws Exception {
    String keystore = Path.of(ArteryTlsTest.class.getResource("/tls/keystore.p12").toURI()).toString();
    String truststore = Path.of(ArteryTlsTest.class.getResource("/tls/truststore.p12").toURI()).toString();
    return ConfigFactory.parseString("""
        akka.remote.artery.transport = tls-tcp
        akka.remote.artery.ssl.config-ssl-engine.key-store = "%s"
        akka.remote.artery.ssl.config-ssl-engine.trust-store = "%s"
        akka.remote.artery.ssl.config-ssl-engine.key-store-password = "changeit"
        akka.remote.artery.ssl.config-ssl-engine.key-password = "changeit"
        akka.remote.artery.ssl.config-ssl-engine.trust-store-password = "changeit"
        akka.remote.artery.ssl.config-ssl-engine.require-mutual-authentication = on
        akka.remote.artery.ssl.config-ssl-engine.protocol = "TLSv1.3"
        akka.remote.artery.ssl.config-ssl-engine.enabled-algorithms = ["TLS_AES_256_GCM_SHA384"]
        """.formatted(keystore.replace("\\", "\\\\"), truststore.replace("\\", "\\\\")));
  }

  static Config member(Config transport, int port, int seedPort) {
    Config test = ConfigFactory.parseString("""
        akka.loglevel = ERROR
        akka.cluster.jmx.multi-mbeans-in-same-jvm = on
        ringsim.cluster.members = 2
        ringsim.cluster.nodes = 4
        ringsim.cluster.vnodes = 4
        """);
    Config merged = transport.withFallback(test).withFallback(ConfigFactory.parseFile(new File("config/cluster.conf")))
        .withFallback(ConfigFactory.load("application-test"));
    return MemberRuntime.configure(merged, "127.0.0.1", port, List.of("127.0.0.1:" + seedPort), null);
  }

  @Test
  void membersFormAClusterOverTlsAndRefuseAPlainTcpMember() throws Exception {
    int p1 = RealClusterTest.freePort(), p2 = RealClusterTest.freePort(), p3 = RealClusterTest.freePort();
    systems.add(MemberRuntime.startMember(member(tls(), p1, p1)));
    systems.add(MemberRuntime.startMember(member(tls(), p2, p1)));
    client = ClusterClient.connect(tls().withFallback(ConfigFactory.parseString(
        "akka.loglevel = ERROR\nakka.cluster.jmx.multi-mbeans-in-same-jvm = on")), "127.0.0.1:" + p1,
        Duration.ofSeconds(60));
    assertThat(client.hostsByNode()).hasSize(4);
    assertThat(client.system().settings().config().getString("akka.remote.artery.transport")).isEqualTo("tls-tcp");
    client.applySchema(List.of("CREATE KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy',"
        + " 'datacenter1': 2}", "CREATE TABLE ks.kv (k int PRIMARY KEY, v int)"));
    byte[] key = CqlTypes.INT.serialize(7);
    MemberProtocol.RowOpResult r = null;
    for (int attempt = 0; attempt < 20; attempt++) {
      r = AskPattern.<MemberProtocol, MemberProtocol.RowOpResult>ask(client.hostOf("n1"),
          reply -> new MemberProtocol.RowOp(1, "n1", RequestKind.WRITE, "ks.kv", key, List.of(),
              Map.of("k", key, "v", CqlTypes.INT.serialize(70)), 0, ConsistencyLevel.QUORUM,
              ConsistencyLevel.QUORUM, reply),
          Duration.ofSeconds(15), client.system().scheduler()).toCompletableFuture().get(20, TimeUnit.SECONDS);
      if (r.outcome() == MemberProtocol.RowOpResult.Outcome.OK) break;
      Thread.sleep(500);
    }
    assertThat(r.outcome()).as(String.valueOf(r.error())).isEqualTo(MemberProtocol.RowOpResult.Outcome.OK);

    // A member without TLS cannot complete a handshake with the seed: it never becomes a member.
    // It never joins, so it has no cluster to leave: it stops at once when the test ends.
    ActorSystem<Object> plain = MemberRuntime.startMember(member(ConfigFactory.parseString(
        "akka.remote.artery.transport = tcp\nakka.coordinated-shutdown.run-by-actor-system-terminate = off"), p3, p1));
    systems.add(plain);
    Thread.sleep(6000);
    assertThat(Cluster.get(plain).selfMember().status()).isNotEqualTo(MemberStatus.up());
    for (akka.cluster.Member m : Cluster.get(systems.get(0)).state().getMembers()) {
      assertThat(m.address().port().get()).isNotEqualTo(p3);
    }
  }
}
