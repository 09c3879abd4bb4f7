package io.ringsim.cluster.member;

import akka.actor.NoSerializationVerificationNeeded;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AskPattern;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.receptionist.Receptionist;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.ringsim.ring.Node;
import io.ringsim.ring.Ring;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * A driver's connection to a real-time cluster: it joins the Akka Cluster as a member with the role
 * {@code ringsim-driver} (hosting no simulated nodes), finds the host members through the Receptionist, and from the
 * caller's thread ships the schema, sends faults to every member, and starts actors (workloads) in its own JVM.
 */
public final class ClusterClient implements AutoCloseable {

  /** The driver's own settings on top of whatever configuration it runs with. */
  private static final String DRIVER_DEFAULTS =
      """
      akka.actor.provider = cluster
      akka.cluster.downing-provider-class = "akka.cluster.sbr.SplitBrainResolverProvider"
      akka.cluster.split-brain-resolver.active-strategy = keep-majority
      akka.cluster.split-brain-resolver.keep-majority.role = "ringsim-host"
      akka.coordinated-shutdown.exit-jvm = off
      akka.coordinated-shutdown.run-by-jvm-shutdown-hook = on
      """;

  public static final String DRIVER_ROLE = "ringsim-driver";

  record SpawnRequest<T>(Behavior<T> behavior, String name, CompletableFuture<ActorRef<T>> result)
      implements NoSerializationVerificationNeeded {}

  private final ActorSystem<SpawnRequest<?>> system;
  private final ClusterShape shape;
  private final Ring ring;
  private final Map<String, ActorRef<MemberProtocol>> hostOf = new TreeMap<>();
  private final Map<String, ActorRef<MemberProtocol>> members = new TreeMap<>();

  private ClusterClient(ActorSystem<SpawnRequest<?>> system, Duration timeout) {
    this.system = system;
    try {
      long deadline = System.nanoTime() + timeout.toNanos();
      ClusterShape found = null;
      while (true) {
        hostOf.clear();
        members.clear();
        Receptionist.Listing l = AskPattern.<Receptionist.Command, Receptionist.Listing>ask(system.receptionist(),
            r -> Receptionist.find(MemberHost.MEMBERS, r), Duration.ofSeconds(5), system.scheduler())
            .toCompletableFuture().get();
        Set<ActorRef<MemberProtocol>> refs = l.getServiceInstances(MemberHost.MEMBERS);
        for (ActorRef<MemberProtocol> m : refs) {
          MemberProtocol.MemberInfo info;
          try {
            info = AskPattern.<MemberProtocol, MemberProtocol.MemberInfo>ask(m, MemberProtocol.Describe::new,
                Duration.ofSeconds(5), system.scheduler()).toCompletableFuture().get();
          } catch (java.util.concurrent.ExecutionException e) {
            continue;
          }
          found = info.shape();
          members.put(info.address(), m);
          for (String n : info.hosted()) hostOf.put(n, m);
        }
        if (found != null && hostOf.size() == found.nodes()) break;
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(found == null
              ? "no ringsim member answered within " + timeout.toSeconds() + " s (is `bin/ringsim member` running"
                  + " there, with the same cluster settings?)"
              : "the cluster hosts " + hostOf.size() + " of its " + found.nodes() + " nodes after "
                  + timeout.toSeconds() + " s: " + members.size() + " of " + found.members()
                  + " host members have answered");
        }
        Thread.sleep(500);
      }
      this.shape = found;
      this.ring = found.ring();
    } catch (InterruptedException e) {
      system.terminate();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while joining the cluster", e);
    } catch (RuntimeException | java.util.concurrent.ExecutionException e) {
      system.terminate();
      throw e instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
    }
  }

  /**
   * Joins the cluster through {@code seed} (host:port of any member) and waits until every simulated node is hosted.
   *
   * @param base the configuration to run with (TLS settings and the like); the driver binds a free port on
   *     127.0.0.1 unless {@code akka.remote.artery.canonical.hostname} says otherwise
   */
  public static ClusterClient connect(Config base, String seed, Duration timeout) {
    // Downing and membership settings must match the members' (Akka refuses a join otherwise); transport (TLS)
    // and hostname come from the caller's configuration.
    Config c = ConfigFactory.parseString(DRIVER_DEFAULTS).withFallback(base).withFallback(ConfigFactory.load());
    String host = c.getString("akka.remote.artery.canonical.hostname");
    c = MemberRuntime.configure(c, host.startsWith("<") ? "127.0.0.1" : null, 0, List.of(seed),
        List.of(DRIVER_ROLE));
    ActorSystem<SpawnRequest<?>> system = ActorSystem.create(Behaviors.receive((ctx, msg) -> {
      spawnChild(ctx, msg);
      return Behaviors.same();
    }), MemberRuntime.SYSTEM, c);
    return new ClusterClient(system, timeout);
  }

  private static <T> void spawnChild(akka.actor.typed.javadsl.ActorContext<SpawnRequest<?>> ctx, SpawnRequest<T> r) {
    r.result().complete(ctx.spawn(r.behavior(), r.name()));
  }

  public ClusterShape shape() {
    return shape;
  }

  public Ring ring() {
    return ring;
  }

  public List<String> nodeNames() {
    List<String> out = new ArrayList<>();
    for (Node n : ring.nodes()) out.add(n.name());
    return out;
  }

  /** The member that hosts {@code node}. */
  public ActorRef<MemberProtocol> hostOf(String node) {
    ActorRef<MemberProtocol> m = hostOf.get(node);
    if (m == null) throw new IllegalArgumentException("no node named '" + node + "' (nodes: " + hostOf.keySet() + ")");
    return m;
  }

  public Map<String, ActorRef<MemberProtocol>> hostsByNode() {
    return Map.copyOf(hostOf);
  }

  /** Member address -> member, sorted. */
  public Map<String, ActorRef<MemberProtocol>> members() {
    return new TreeMap<>(members);
  }

  public ActorSystem<?> system() {
    return system;
  }

  public <T> ActorRef<T> spawn(Behavior<T> behavior, String name) {
    CompletableFuture<ActorRef<T>> f = new CompletableFuture<>();
    system.tell(new SpawnRequest<>(behavior, name, f));
    return f.join();
  }

  /** Applies schema statements on every member; fails with the first member's error. */
  public void applySchema(List<String> statements) {
    for (ActorRef<MemberProtocol> m : members.values()) {
      MemberProtocol.Result r = ask(m, reply -> new MemberProtocol.ApplySchema(statements, reply));
      if (r.error() != null) throw new IllegalArgumentException(r.error());
    }
  }

  /** Sends a fault to every member (see {@link MemberProtocol.Fault}); members that are gone are skipped. */
  public void fault(MemberProtocol.FaultKind kind, String node, List<String> side1, List<String> side2,
      boolean oneWay, double value) {
    if (node != null) hostOf(node);
    for (Map.Entry<String, ActorRef<MemberProtocol>> m : new TreeMap<>(members).entrySet()) {
      try {
        MemberProtocol.Result r = ask(m.getValue(), reply -> new MemberProtocol.Fault(kind, node, side1, side2,
            oneWay, value, reply));
        if (r.error() != null) throw new IllegalArgumentException(r.error());
      } catch (IllegalStateException unreachable) {
        // A member that died cannot apply faults; the others still do. Forget it, so that later faults do not wait
        // for it again.
        members.remove(m.getKey());
      }
    }
  }

  /**
   * Stops member JVM number {@code position} (1-based, in address order, as members number themselves) and forgets
   * it. Returns the simulated nodes it hosted.
   */
  public List<String> stopMember(int position) {
    List<String> addresses = new ArrayList<>(members.keySet());
    if (position < 1 || position > addresses.size()) {
      throw new IllegalArgumentException("no member " + position + " (the cluster has " + addresses.size()
          + " members)");
    }
    ActorRef<MemberProtocol> m = members.remove(addresses.get(position - 1));
    List<String> hosted = new ArrayList<>();
    for (Map.Entry<String, ActorRef<MemberProtocol>> e : hostOf.entrySet()) if (e.getValue().equals(m)) hosted.add(e.getKey());
    this.<MemberProtocol.Result>ask(m, reply -> new MemberProtocol.Fault(MemberProtocol.FaultKind.STOP_MEMBER, null,
        List.of(), List.of(), false, 0, reply));
    return hosted;
  }

  public MemberProtocol.Status status(ActorRef<MemberProtocol> member) {
    return ask(member, MemberProtocol.GetStatus::new);
  }

  public <T> T ask(ActorRef<MemberProtocol> to, Function<ActorRef<T>, MemberProtocol> msg) {
    CompletionStage<T> s = AskPattern.ask(to, msg::apply, Duration.ofSeconds(10), system.scheduler());
    try {
      return s.toCompletableFuture().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException("member " + to.path().address() + " did not answer: " + e.getCause());
    }
  }

  @Override
  public void close() {
    system.terminate();
    try {
      system.getWhenTerminated().toCompletableFuture().get(15, java.util.concurrent.TimeUnit.SECONDS);
    } catch (Exception e) {
      // leaving late is harmless: the members remove the driver when it stops answering
    }
  }
}
