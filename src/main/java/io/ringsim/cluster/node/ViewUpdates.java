package io.ringsim.cluster.node;

import io.ringsim.ring.Token;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.ViewMetadata;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.PartitionRead;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.TableStore;
import io.ringsim.storage.TombstoneOverwhelmingException;
import io.ringsim.storage.ViewUpdateGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A base replica's part in keeping materialized views, as Cassandra 4.1 does it (Keyspace.applyInternal,
 * TableViews.pushViewReplicaUpdates, StorageProxy.mutateMV): before a write to a base table is applied here, the
 * replica reads the base partition as it stands (read-before-write), works out the view rows the write changes
 * ({@link ViewUpdateGenerator}) and sends each to its paired view replica, the node at this replica's position among
 * the view token's replicas (ViewUtils.getViewNaturalEndpoint); it applies it itself when that is this node. A paired
 * replica this node sees down gets a hint. The base write's acknowledgement does not wait for remote view writes,
 * as in Cassandra: a view can lag its base, and miss rows for good when a view write is lost (Cassandra's local
 * batchlog, which would replay it, is not simulated).
 */
final class ViewUpdates {
  private ViewUpdates() {}

  /** Called with every write to table {@code table} this replica is about to apply. */
  static void beforeApply(NodeContext node, String table, Partition update) {
    List<ViewMetadata> views = node.catalog().viewsOf(table);
    if (views.isEmpty()) return;
    TableStore base = node.storage.table(table).orElse(null);
    TableMetadata baseMeta = node.catalog().table(table).orElse(null);
    if (base == null || baseMeta == null) return;
    int now = node.nowInSeconds();
    Partition existing;
    try {
      PartitionRead r = base.scanRead(update.key(), ReadFilter.ALL, now);
      existing = r.data();
    } catch (TombstoneOverwhelmingException e) {
      existing = null; // Cassandra's read would fail the write here; the view misses this change instead
    }
    for (ViewMetadata v : views) {
      TableStore viewStore = node.storage.table(v.qualifiedName()).orElse(null);
      if (viewStore == null) continue;
      for (Partition p : ViewUpdateGenerator.generate(v, baseMeta, viewStore.schema(), existing, update, now)) {
        send(node, table, update.key().token(), v, p);
      }
    }
  }

  /**
   * A view new to this node's schema is built from the base rows this node holds, as Cassandra's ViewBuilder builds
   * it on each node from its local data (there in the background; here when the schema arrives): each row gets its
   * view row, sent to its paired replica.
   */
  static void build(NodeContext node, ViewMetadata v) {
    TableStore base = node.storage.table(v.qualifiedBase()).orElse(null);
    TableStore viewStore = node.storage.table(v.qualifiedName()).orElse(null);
    TableMetadata baseMeta = node.catalog().table(v.qualifiedBase()).orElse(null);
    if (base == null || viewStore == null || baseMeta == null) return;
    int now = node.nowInSeconds();
    for (io.ringsim.storage.DecoratedKey k : base.keysInRange(null, null, Integer.MAX_VALUE)) {
      Partition data;
      try {
        data = base.scanRead(k, ReadFilter.ALL, now).data();
      } catch (TombstoneOverwhelmingException e) {
        continue; // Cassandra's build would fail on it too
      }
      if (data == null) continue;
      for (Partition p : ViewUpdateGenerator.generate(v, baseMeta, viewStore.schema(), null, data, now)) {
        send(node, v.qualifiedBase(), k.token(), v, p);
      }
    }
  }

  private static void send(NodeContext node, String baseTable, Token baseToken, ViewMetadata v, Partition p) {
    String table = v.qualifiedName();
    String paired = paired(node, node.topology.placement(baseTable, baseToken),
        node.topology.placement(table, p.key().token()));
    if (paired == null) return; // not a replica of the base token (a range movement): nothing is sent
    byte[] bytes = PartitionCodec.encode(p);
    node.traceEvent("view-write", paired, table, p.key().token(), 0, p.maxTimestamp());
    if (paired.equals(node.name())) {
      ReplicaVerbs.applyMutation(node, table, bytes, p, RequestTrace.OFF);
    } else if (node.isUp(paired)) {
      // One way: this replica does not wait for the view replica, so the message asks for no acknowledgement.
      node.send(paired, new NodeMessage.Mutation(0, table, bytes, true, false, p));
    } else if (node.cfg.hintedHandoff()) {
      int ttl = v.table().params().gcGraceSeconds();
      boolean stored = node.hints.store(paired, new NodeMessage.Mutation(0, table, bytes, true), node.loopNanos(),
          node.downSince(paired), ttl);
      node.traceEvent(stored ? "hint-stored" : "hint-refused", paired, table, p.key().token(), 0, p.maxTimestamp());
    }
  }

  /**
   * ViewUtils.getViewNaturalEndpoint: this node when it is itself a replica of the view token; else, among the base
   * and view replicas in this node's DC that the other list does not hold, the view replica at this node's position
   * in the base list; null when this node is not among the base replicas.
   */
  static String paired(NodeContext node, Placement base, Placement view) {
    String self = node.name();
    if (view.replicas().contains(self)) return self;
    String dc = node.cfg.dc();
    Map<String, String> dcOf = base.dcOf();
    List<String> b = new ArrayList<>();
    for (String r : base.replicas()) {
      if (!view.replicas().contains(r) && (!base.nts() || dc.equals(dcOf.get(r)))) b.add(r);
    }
    List<String> w = new ArrayList<>();
    for (String r : view.replicas()) {
      if (!base.replicas().contains(r) && (!view.nts() || dc.equals(view.dcOf().get(r)))) w.add(r);
    }
    int i = b.indexOf(self);
    return i < 0 || i >= w.size() ? null : w.get(i);
  }
}
