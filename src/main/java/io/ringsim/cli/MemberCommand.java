package io.ringsim.cli;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import io.ringsim.cluster.member.ClusterShape;
import io.ringsim.cluster.member.MemberProtocol;
import io.ringsim.cluster.member.MemberRuntime;
import java.io.File;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ringsim member}: a JVM that joins the Akka Cluster and hosts its share of the simulated nodes. */
@Command(
    name = "member",
    header = "Start a member JVM of a real-time Akka Cluster that hosts simulated nodes.",
    mixinStandardHelpOptions = true,
    description = {
      "Starts a member JVM of a real-time cluster: it joins the Akka Cluster through the seed nodes, and once",
      "ringsim.cluster.members host members are Up it hosts its share of the simulated nodes until stopped",
      "(Ctrl-C leaves the cluster gracefully). Settings come from config/cluster.conf (or --config FILE).",
      "Run a scenario against the cluster with: bin/ringsim run FILE.sim --cluster HOST:PORT"
    })
public final class MemberCommand implements Callable<Integer> {

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @picocli.CommandLine.Mixin HelpLangOption lang = new HelpLangOption();

  @Option(names = "--host", description = "Address to bind and advertise (default 127.0.0.1: loopback only).")
  String host;

  @Option(names = "--port", description = "Artery port (default from the config, 25520; 0 picks a free one).")
  Integer port;

  @Option(names = "--seed-nodes", split = ",", description = "HOST:PORT of the seed members (default from config).")
  List<String> seedNodes;

  @Option(names = "--members", description = "How many member JVMs host nodes (ringsim.cluster.members).")
  Integer members;

  @Option(names = "--nodes", description = "Simulated nodes in the cluster (ringsim.cluster.nodes).")
  Integer nodes;

  @Override
  public Integer call() throws Exception {
    lang.check();
    PrintWriter out = spec.commandLine().getOut();
    Config loaded = ConfigFactory.load();
    if (!loaded.hasPath("ringsim.cluster.members")) { // reference.conf sets only ringsim.cluster.settle-time
      // Started without --config: use config/cluster.conf next to the launcher's application.conf.
      String home = System.getProperty("ringsim.home");
      File f = home == null ? null : new File(home, "config/cluster.conf");
      if (f == null || !f.canRead()) {
        throw new BadInputException("no ringsim.cluster settings: start with --config config/cluster.conf");
      }
      ConfigFactory.invalidateCaches();
      loaded = ConfigFactory.parseFile(f).withFallback(ConfigFactory.load()).resolve();
    }
    Config c = loaded;
    if (members != null) {
      c = c.withValue("ringsim.cluster.members", ConfigValueFactory.fromAnyRef(members)).withValue(
          "akka.cluster.role.ringsim-host.min-nr-of-members", ConfigValueFactory.fromAnyRef(members));
    }
    if (nodes != null) c = c.withValue("ringsim.cluster.nodes", ConfigValueFactory.fromAnyRef(nodes));
    if (!c.getString("akka.actor.provider").equals("cluster")) {
      throw new BadInputException("akka.actor.provider must be \"cluster\" for a member (config/cluster.conf sets it)");
    }
    ClusterShape shape;
    try {
      c = MemberRuntime.configure(c, host, port, seedNodes, null);
      shape = ClusterShape.fromConfig(c);
    } catch (IllegalArgumentException | com.typesafe.config.ConfigException e) {
      throw new BadInputException(e.getMessage());
    }
    ActorSystem<Object> system;
    try {
      system = MemberRuntime.startMember(c);
    } catch (RuntimeException e) {
      Throwable cause = e;
      while (cause.getCause() != null) cause = cause.getCause();
      throw new BadInputException("cannot start the member on " + c.getString("akka.remote.artery.canonical.hostname")
          + ":" + c.getInt("akka.remote.artery.canonical.port") + ": " + cause.getMessage());
    }
    out.println("member " + system.address() + " joining via " + c.getStringList("akka.cluster.seed-nodes")
        + "; the cluster hosts " + shape.nodes() + " nodes on " + shape.members() + " members");
    out.flush();
    // Say which nodes this member hosts once it knows (all host members Up); then serve until stopped.
    while (!system.whenTerminated().isCompleted()) {
      try {
        MemberProtocol.MemberInfo info = AskPattern.<Object, MemberProtocol.MemberInfo>ask(system,
            MemberProtocol.Describe::new, Duration.ofSeconds(2), system.scheduler()).toCompletableFuture().get();
        if (!info.hosted().isEmpty()) {
          out.println("hosting " + String.join(", ", info.hosted()));
          out.flush();
          break;
        }
      } catch (Exception e) {
        // not ready yet
      }
      Thread.sleep(1000);
    }
    system.getWhenTerminated().toCompletableFuture().get();
    return ExitCodes.OK;
  }
}
