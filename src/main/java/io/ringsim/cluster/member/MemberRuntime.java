package io.ringsim.cluster.member;

import akka.actor.typed.ActorSystem;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.util.ArrayList;
import java.util.List;

/** Starts member and driver ActorSystems of a real-time cluster from config/cluster.conf plus command-line choices. */
public final class MemberRuntime {
  private MemberRuntime() {}

  /** Every JVM of one cluster uses this ActorSystem name (it is part of every member's address). */
  public static final String SYSTEM = "ringsim";

  /**
   * @param host address to bind and advertise (null keeps the configured one, 127.0.0.1 by default)
   * @param port Artery port (null keeps the configured one; 0 picks a free one)
   * @param seedNodes host:port of seed members (empty keeps the configured ones)
   */
  public static Config configure(Config base, String host, Integer port, List<String> seedNodes, List<String> roles) {
    Config c = base;
    if (host != null) c = c.withValue("akka.remote.artery.canonical.hostname", ConfigValueFactory.fromAnyRef(host));
    if (port != null) c = c.withValue("akka.remote.artery.canonical.port", ConfigValueFactory.fromAnyRef(port));
    if (seedNodes != null && !seedNodes.isEmpty()) {
      List<String> addresses = new ArrayList<>();
      for (String s : seedNodes) addresses.add(address(s));
      c = c.withValue("akka.cluster.seed-nodes", ConfigValueFactory.fromIterable(addresses));
    }
    if (roles != null) c = c.withValue("akka.cluster.roles", ConfigValueFactory.fromIterable(roles));
    return c.resolve();
  }

  /** {@code host:port} as an Akka address of this cluster; a full akka:// address is kept as it is. */
  public static String address(String hostPort) {
    String s = hostPort.trim();
    if (s.startsWith("akka://")) return s;
    int colon = s.lastIndexOf(':');
    if (colon <= 0 || colon == s.length() - 1) {
      throw new IllegalArgumentException("expected HOST:PORT, got '" + hostPort + "'");
    }
    try {
      int port = Integer.parseInt(s.substring(colon + 1));
      if (port < 1 || port > 65535) throw new NumberFormatException();
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("bad port in '" + hostPort + "' (expected 1-65535)");
    }
    return "akka://" + SYSTEM + "@" + s;
  }

  /** Loads config/cluster.conf-style settings: {@code file} if given, else the cluster.conf on the classpath. */
  public static Config load(Config fileOrNull) {
    Config base = fileOrNull != null ? fileOrNull : ConfigFactory.parseResources("cluster.conf");
    return base.withFallback(ConfigFactory.load()).resolve();
  }

  /** Starts a member that hosts its share of the simulated nodes. */
  public static ActorSystem<Object> startMember(Config config) {
    return ActorSystem.create(MemberHost.create(ClusterShape.fromConfig(config)), SYSTEM, config);
  }
}
