package io.ringsim.cluster.node;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import io.ringsim.cluster.MessageDispatch;
import io.ringsim.cluster.gossip.GossiperCommand;
import io.ringsim.ring.Node;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.ReplayReport;
import io.ringsim.storage.TableSchema;
import io.ringsim.storage.TableStore;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the simulation harness does to a node whether it runs or is crashed: schema and ring changes, membership,
 * clock skew, truncation, reports; and the crash and restart themselves. Shared by the node's two behaviours,
 * {@link NodeActor} (running) and {@link CrashedNode}, so that a crashed node still learns what changed while it
 * was down, as a real one would from the system tables and gossip when it comes back.
 */
final class NodeControl {
  private final NodeContext node;
  private final ActorRef<GossiperCommand> gossiper;
  /** Gossip's generation: a restarted node announces a higher one, so peers take its new state over the old. */
  private long generation = 1;

  NodeControl(NodeContext node, ActorRef<GossiperCommand> gossiper) {
    this.node = node;
    this.gossiper = gossiper;
  }

  ActorRef<GossiperCommand> gossiper() {
    return gossiper;
  }

  /** Adds the harness's commands to {@code b}; each handler stays in {@code current}. */
  MessageDispatch.Builder<NodeCommand> handle(
      MessageDispatch.Builder<NodeCommand> b, Behavior<NodeCommand> current, boolean running) {
    return b
        .onMessage(NodeCommand.SetSchema.class, s -> {
          setSchema(s.catalog());
          return current;
        })
        .onMessage(NodeCommand.SetRing.class, r -> {
          node.topology.setRing(r.ring());
          return current;
        })
        .onMessage(NodeCommand.SetPendingRing.class, r -> {
          node.topology.setPendingRing(r.ring());
          return current;
        })
        .onMessage(NodeCommand.AddPeer.class, a -> {
          gossiper.tell(new GossiperCommand.AddPeer(a.node()));
          return current;
        })
        .onMessage(NodeCommand.RemovePeer.class, a -> {
          gossiper.tell(new GossiperCommand.RemovePeer(a.node()));
          node.forgetPeer(a.node());
          return current;
        })
        .onMessage(NodeCommand.SetClockSkew.class, s -> {
          node.setSkewMicros(s.skewMicros());
          return current;
        })
        .onMessage(NodeCommand.SetClockEpoch.class, s -> {
          node.setEpochMicros(s.epochMicros());
          return current;
        })
        .onMessage(NodeCommand.Truncate.class, t -> {
          node.storage.truncate(t.table());
          return current;
        })
        .onMessage(NodeCommand.GetReport.class, g -> {
          g.replyTo().tell(report(running));
          return current;
        })
        .onMessage(NodeCommand.GetPartitionSizes.class, g -> {
          g.replyTo().tell(partitionSizes(g));
          return current;
        });
  }

  /** The process dies: unsynced commit log and memtables are lost, requests in flight with them. */
  void crash() {
    node.storage.crash();
    node.dropAllPending();
    gossiper.tell(new GossiperCommand.Crash());
  }

  /** The process starts again: commit-log replay, and gossip with a new generation. */
  ReplayReport restart() {
    generation++;
    ReplayReport report = node.storage.restart();
    gossiper.tell(new GossiperCommand.Restart(generation));
    return report;
  }

  private void setSchema(Catalog catalog) {
    Catalog old = node.catalog();
    node.topology.setCatalog(catalog);
    for (TableMetadata t : catalog.tablesAndViews()) {
      Optional<TableStore> existing = node.storage.table(t.qualifiedName());
      TableSchema ts = TableSchema.of(withDropTimes(t, old.table(t.qualifiedName()).orElse(null),
          existing.map(e -> e.schema().metadata()).orElse(null)), node.ring().partitioner());
      if (existing.isEmpty()) node.storage.createTable(ts);
      else if (!old.table(t.qualifiedName()).map(t::equals).orElse(false)) existing.get().alter(ts);
    }
    for (TableMetadata t : old.tablesAndViews()) {
      if (catalog.table(t.qualifiedName()).isEmpty()) node.storage.dropTable(t.qualifiedName());
    }
    for (io.ringsim.schema.ViewMetadata v : catalog.allViews()) {
      if (old.view(v.qualifiedName()).isEmpty()) ViewUpdates.build(node, v);
    }
  }


  /**
   * The table as this node stores it: a dropped column keeps the drop time its statement carries (a client
   * session stamps every DROP once, as Cassandra's coordinator does; USING TIMESTAMP gives the statement's), so its
   * cells written before the DROP stay hidden even if a column of that name comes back (Cassandra's
   * dropped_columns). A schema given whole, without a drop time (a scenario's, a member's), gets this node's next
   * write timestamp; a drop this node stamped earlier keeps its time.
   */
  private TableMetadata withDropTimes(TableMetadata t, TableMetadata before, TableMetadata stored) {
    if (t.droppedColumns().isEmpty()) return t;
    Map<String, TableMetadata.DroppedColumn> stamped = new java.util.LinkedHashMap<>();
    for (Map.Entry<String, TableMetadata.DroppedColumn> d : t.droppedColumns().entrySet()) {
      boolean droppedNow = before == null || before.column(d.getKey()).isPresent();
      TableMetadata.DroppedColumn known = stored == null ? null : stored.droppedColumns().get(d.getKey());
      boolean timed = d.getValue().droppedAtMicros() != Long.MIN_VALUE; // ALTER ... DROP c USING TIMESTAMP t
      stamped.put(d.getKey(), timed ? d.getValue() : !droppedNow && known != null ? known
          : d.getValue().at(node.nextTimestamp()));
    }
    return new TableMetadata(t.keyspace(), t.name(), t.columns(), t.params(), stamped);
  }

  private NodeReport report(boolean running) {
    Map<String, Boolean> view = new TreeMap<>();
    for (Node n : node.ring().nodes()) view.put(n.name(), n.name().equals(node.name()) ? running : node.isUp(n.name()));
    NodeMetrics m = node.metrics;
    return new NodeReport(node.name(), node.dc(), running, view, node.storage.stats(), m.coordinatedWrites,
        m.coordinatedReads, m.replicaWrites, m.replicaReads, node.hints.stored(), m.hintsReplayed,
        node.hints.pending(), m.readRepairs, node.storage.commitLog().size());
  }

  private NodeCommand.NodePartitionSizes partitionSizes(NodeCommand.GetPartitionSizes g) {
    Map<String, NodeCommand.TableSizes> out = new TreeMap<>();
    for (TableStore t : node.storage.tables()) {
      String table = t.schema().name();
      TableMetadata md = node.catalog().table(table).orElse(null);
      if (md == null) continue;
      out.put(table, PartitionSizeScan.scan(t, md, token -> !g.primaryOnly()
          || node.topology.placement(table, token).replicas().get(0).equals(node.name()), g.topN()));
    }
    return new NodeCommand.NodePartitionSizes(node.name(), out);
  }
}
