package io.ringsim.cluster.member;

import akka.actor.NoSerializationVerificationNeeded;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.receptionist.Receptionist;
import akka.actor.typed.receptionist.ServiceKey;
import akka.cluster.ClusterEvent;
import akka.cluster.Member;
import akka.cluster.MemberStatus;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.SelfUp;
import akka.cluster.typed.Subscribe;
import io.ringsim.cluster.RowOps;
import io.ringsim.cluster.net.NetworkCommand;
import io.ringsim.cluster.net.NetworkPort;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cluster.node.NodeActor;
import io.ringsim.cluster.node.NodeCommand;
import io.ringsim.cluster.node.NodeConfig;
import io.ringsim.cluster.node.NodeSettings;
import io.ringsim.cluster.node.NodeReport;
import io.ringsim.cql.exec.SchemaOps;
import io.ringsim.cql.exec.Values;
import io.ringsim.cql.exec.WritePlanner;
import io.ringsim.ring.Node;
import io.ringsim.ring.Ring;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.TableSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The guardian of a member JVM: once enough members are Up it takes its share of the simulated nodes (see
 * {@link ClusterShape}), runs them in real time on the member's network, registers with the Receptionist, and serves
 * drivers: schema, workload operations, faults and status.
 */
public final class MemberHost extends AbstractBehavior<Object> {

  /** Every member that hosts simulated nodes registers under this key. */
  public static final ServiceKey<MemberProtocol> MEMBERS = ServiceKey.create(MemberProtocol.class, "ringsim-member");

  /** The Akka Cluster role of members that host simulated nodes (drivers join without it). */
  public static final String HOST_ROLE = "ringsim-host";

  private record ClusterChanged(Object event) implements NoSerializationVerificationNeeded {}

  private record Answer(NodeCommand.TaggedResponse response) implements NoSerializationVerificationNeeded {}

  private record PendingOp(long tag, ActorRef<MemberProtocol.RowOpResult> replyTo, Clustering clustering) {}

  private final ClusterShape shape;
  private final Ring ring;
  private final Cluster cluster;
  private final ActorRef<Object> network;
  private final Map<String, ActorRef<NodeCommand>> nodes = new TreeMap<>();
  private final Set<String> crashed = new TreeSet<>();
  private final Map<Long, PendingOp> pending = new HashMap<>();
  private final ActorRef<NodeCommand.TaggedResponse> answers;
  private final Values values;
  private Catalog catalog = Catalog.EMPTY;
  private int position = -1;
  private long nextTag = 1;

  public static Behavior<Object> create(ClusterShape shape) {
    return Behaviors.setup(ctx -> Behaviors.withTimers(t -> new MemberHost(ctx, t, shape)));
  }

  private final akka.actor.typed.javadsl.TimerScheduler<Object> timers;

  private MemberHost(ActorContext<Object> ctx, akka.actor.typed.javadsl.TimerScheduler<Object> timers,
      ClusterShape shape) {
    super(ctx);
    this.timers = timers;
    this.shape = shape;
    this.ring = shape.ring();
    this.cluster = Cluster.get(ctx.getSystem());
    this.values = new Values(0, shape.seed());
    List<String> names = new ArrayList<>();
    for (Node n : ring.nodes()) names.add(n.name());
    this.network = ctx.spawn(MemberNetwork.create(names, shape.seed()), "network");
    this.answers = ctx.messageAdapter(NodeCommand.TaggedResponse.class, Answer::new);
    ActorRef<Object> self = ctx.getSelf();
    cluster.subscriptions().tell(Subscribe.create(ctx.messageAdapter(SelfUp.class, ClusterChanged::new),
        SelfUp.class));
    cluster.subscriptions().tell(Subscribe.create(ctx.messageAdapter(ClusterEvent.MemberUp.class,
        ClusterChanged::new), ClusterEvent.MemberUp.class));
    ctx.getSystem().receptionist().tell(Receptionist.register(MEMBERS, self.<MemberProtocol>narrow()));
    // The membership snapshot can lag the event that announced it: look again every second until hosting starts.
    timers.startTimerWithFixedDelay("share", new ClusterChanged("tick"), Duration.ofSeconds(1));
  }

  @Override
  public Receive<Object> createReceive() {
    return newReceiveBuilder()
        .onMessage(ClusterChanged.class, c -> {
          maybeTakeShare();
          return this;
        })
        .onMessage(MemberProtocol.Describe.class, d -> {
          d.replyTo().tell(new MemberProtocol.MemberInfo(cluster.selfMember().address().toString(),
              List.copyOf(nodes.keySet()), shape));
          return this;
        })
        .onMessage(MemberProtocol.ApplySchema.class, this::onSchema)
        .onMessage(MemberProtocol.RowOp.class, this::onRowOp)
        .onMessage(Answer.class, a -> onAnswer(a.response()))
        .onMessage(MemberProtocol.Fault.class, this::onFault)
        .onMessage(MemberProtocol.GetStatus.class, this::onStatus)
        .build();
  }

  /** Hosting starts once the expected number of host members are Up; the position never changes afterwards. */
  private void maybeTakeShare() {
    if (position >= 0) return;
    List<Member> up = new ArrayList<>();
    for (Member m : cluster.state().getMembers()) {
      if (m.status() == MemberStatus.up() && m.hasRole(HOST_ROLE)) up.add(m);
    }
    if (up.size() < shape.members()) return;
    up.sort((a, b) -> a.address().toString().compareTo(b.address().toString()));
    for (int i = 0; i < up.size(); i++) {
      if (up.get(i).address().equals(cluster.selfMember().address())) position = i;
    }
    timers.cancel("share");
    if (position < 0 || position >= shape.members()) {
      position = Integer.MAX_VALUE; // a spare member: part of the cluster, hosts nothing
      return;
    }
    List<NodeConfig> configs = NodeSettings.from(getContext().getSystem().settings().config()).forRing(ring,
        shape.seed());
    for (int i = 0; i < configs.size(); i++) {
      if (!shape.hosts(position, i)) continue;
      NodeConfig cfg = configs.get(i);
      Node n = ring.nodes().get(i);
      ActorRef<NodeCommand> ref = getContext().spawn(
          NodeActor.create(cfg, ring, NetworkPort.of(network.<NetworkCommand>narrow()), WallClock::nowNanos), n.name());
      network.tell(new MemberNetwork.Hosted(n.name(), ref));
      if (!catalog.allTables().isEmpty()) ref.tell(new NodeCommand.SetSchema(catalog));
      nodes.put(n.name(), ref);
    }
    getContext().getLog().info("member at position {} of {} hosts {}", position, shape.members(), nodes.keySet());
  }

  private Behavior<Object> onSchema(MemberProtocol.ApplySchema s) {
    try {
      catalog = SchemaOps.applyAll(catalog, s.statements(),
          io.ringsim.cluster.ClusterSpec.features(getContext().getSystem().settings().config()), ring.dataCenters());
    } catch (RuntimeException e) {
      s.replyTo().tell(new MemberProtocol.Result(e.getMessage()));
      return this;
    }
    for (ActorRef<NodeCommand> n : nodes.values()) n.tell(new NodeCommand.SetSchema(catalog));
    s.replyTo().tell(new MemberProtocol.Result(null));
    return this;
  }

  private Behavior<Object> onRowOp(MemberProtocol.RowOp op) {
    ActorRef<NodeCommand> coordinator = nodes.get(op.coordinator());
    TableMetadata t = catalog.table(op.table()).orElse(null);
    String problem = coordinator == null ? "node " + op.coordinator() + " is not hosted by this member"
        : t == null ? "table " + op.table() + " does not exist on this member"
        : op.kind() == null || op.consistency() == null || op.commitConsistency() == null
            ? "an operation or consistency level this member does not know (is the driver another ringsim version?)"
        : null;
    if (problem != null) {
      op.replyTo().tell(MemberProtocol.RowOpResult.failed(op.tag(), "InvalidRequest: " + problem));
      return this;
    }
    TableSchema schema = TableSchema.of(t, ring.partitioner());
    Clustering c = Clustering.of(op.clustering().toArray(new byte[0][]));
    WritePlanner.UpdateFactory update = null;
    if (!op.row().isEmpty()) {
      Map<String, Object> row = new LinkedHashMap<>();
      for (ColumnDef col : t.columns()) {
        byte[] v = op.row().get(col.name());
        if (v != null) row.put(col.name(), col.type().deserialize(v));
      }
      update = WritePlanner.rowInsert(t, schema, row, op.ttl(), values).update();
    }
    ClientRequest req;
    try {
      req = RowOps.request(op.kind(), t.qualifiedName(), schema, op.key(), c, update, op.consistency(),
          op.commitConsistency());
    } catch (RuntimeException e) {
      op.replyTo().tell(MemberProtocol.RowOpResult.failed(op.tag(), "InvalidRequest: " + e.getMessage()));
      return this;
    }
    long tag = nextTag++;
    pending.put(tag, new PendingOp(op.tag(), op.replyTo(), c));
    coordinator.tell(new NodeCommand.CoordinateTagged(req, tag, answers));
    return this;
  }

  private Behavior<Object> onAnswer(NodeCommand.TaggedResponse t) {
    PendingOp p = pending.remove(t.tag());
    if (p == null) return this;
    ClientResponse r = t.response();
    MemberProtocol.RowOpResult out;
    if (r instanceof ClientResponse.Failed f) {
      out = MemberProtocol.RowOpResult.failed(p.tag(), f.error().name());
    } else if (r instanceof ClientResponse.WriteDone w) {
      out = MemberProtocol.RowOpResult.ok(p.tag(), w.timestampMicros(), null);
    } else if (r instanceof ClientResponse.ReadDone rd) {
      out = MemberProtocol.RowOpResult.ok(p.tag(), RowOps.observed(rd.partitions(), p.clustering()), null);
    } else {
      out = MemberProtocol.RowOpResult.ok(p.tag(), -1, ((ClientResponse.CasDone) r).applied());
    }
    p.replyTo().tell(out);
    return this;
  }

  private Behavior<Object> onFault(MemberProtocol.Fault f) {
    if (f.kind() == null) {
      f.replyTo().tell(new MemberProtocol.Result(
          "unknown fault: this member does not know the kind sent (is the driver another ringsim version?)"));
      return this;
    }
    ActorRef<NodeCommand> node = f.node() == null ? null : nodes.get(f.node());
    switch (f.kind()) {
      case CRASH -> {
        if (node != null && crashed.add(f.node())) node.tell(new NodeCommand.Crash());
      }
      case RESTART -> {
        if (node != null && crashed.remove(f.node())) {
          node.tell(new NodeCommand.Restart(getContext().getSystem().ignoreRef()));
        }
      }
      case FLUSH -> {
        if (node != null) node.tell(new NodeCommand.Flush());
      }
      case COMPACT -> {
        if (node != null) node.tell(new NodeCommand.Compact());
      }
      case CLOCK_SKEW -> {
        if (node != null) node.tell(new NodeCommand.SetClockSkew((long) (f.value() * 1000)));
      }
      case PARTITION -> network.tell(new NetworkCommand.Partition(new TreeSet<>(f.side1()),
          new TreeSet<>(f.side2()), f.oneWay()));
      case HEAL -> network.tell(new NetworkCommand.Heal());
      case LOSS -> network.tell(new NetworkCommand.SetLoss(f.value()));
      case SLOW -> {
        if (f.node() != null) network.tell(new NetworkCommand.SlowNode(f.node(), (long) (f.value() * 1_000_000)));
      }
      case STOP_MEMBER -> {
        // The whole JVM goes: it leaves the cluster (coordinated shutdown) and `ringsim member` exits.
        f.replyTo().tell(new MemberProtocol.Result(null));
        getContext().getLog().warn("stopping this member, as the scenario asks");
        getContext().getSystem().terminate();
        return this;
      }
    }
    f.replyTo().tell(new MemberProtocol.Result(null));
    return this;
  }

  private Behavior<Object> onStatus(MemberProtocol.GetStatus g) {
    String address = cluster.selfMember().address().toString();
    List<String> running = new ArrayList<>();
    for (String n : nodes.keySet()) if (!crashed.contains(n)) running.add(n);
    // A crashed node answers nothing but Restart: only running nodes are asked.
    Map<String, ActorRef<NodeCommand>> targets = new TreeMap<>();
    for (String n : running) targets.put(n, nodes.get(n));
    if (targets.isEmpty()) {
      g.replyTo().tell(new MemberProtocol.Status(address, Map.of(), running, List.of()));
      return this;
    }
    getContext().spawnAnonymous(Behaviors.<NodeReport>setup(ctx -> {
      Map<String, Map<String, Boolean>> views = new TreeMap<>();
      List<NodeReport> reports = new ArrayList<>();
      for (ActorRef<NodeCommand> n : targets.values()) n.tell(new NodeCommand.GetReport(ctx.getSelf()));
      return Behaviors.receiveMessage(r -> {
        views.put(r.node(), new TreeMap<>(r.view()));
        reports.add(r);
        if (views.size() < targets.size()) return Behaviors.same();
        reports.sort((a, b) -> a.node().compareTo(b.node()));
        g.replyTo().tell(new MemberProtocol.Status(address, views, running, reports));
        return Behaviors.stopped();
      });
    }));
    return this;
  }
}
