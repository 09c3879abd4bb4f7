package io.ringsim.cluster.node;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.storage.Clustering;
import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.CounterShards;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.PartitionRead;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Slice;
import io.ringsim.storage.TableStore;
import io.ringsim.storage.TombstoneOverwhelmingException;
import java.util.ArrayList;
import java.util.List;

/**
 * A write to a counter table, the way Cassandra routes it. An increment is not idempotent, so it cannot be sent to
 * every replica as a value that last-write-wins would settle. The coordinator hands it to one live replica, the
 * leader (itself when it is a replica, else the closest one); the leader reads its own shard locally, adds the delta,
 * writes the new shard (its node id, a higher clock, the new count) and replicates that shard like any write, at the
 * client's consistency level. Shards merge per node id, so replicas, read repair and hints converge on the sum.
 * A leader forces its commit log to disk before replicating: a crash must not roll its own shard back, or its next
 * shard would carry a smaller count with a higher clock and silently drop increments.
 */
final class CounterLeader {
  private CounterLeader() {}

  /** A client's counter write, coordinated by {@code node}: led here, or forwarded to a live replica. */
  static void coordinate(NodeContext node, ClientRequest.Write w, Replier replyTo) {
    w.consistency().validateForWrite();
    if (w.consistency() == ConsistencyLevel.ANY) {
      replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.InvalidRequest,
          "Consistency level ANY is not yet supported for counter table " + w.table().substring(w.table().indexOf('.')
              + 1), 0, 0, List.of()));
      return;
    }
    TableStore local = node.storage.table(w.table()).orElseThrow();
    DecoratedKey key = local.schema().decorate(w.key());
    long ts = node.nextTimestamp();
    int now = node.requestNow(w.nowInSec());
    Partition update = w.update().build(ts, now);
    byte[] bytes = PartitionCodec.encode(update);
    Placement p = node.topology.placement(w.table(), key.token());
    String leader = null;
    if (p.replicas().contains(node.name())) leader = node.name();
    for (String r : p.replicas()) if (leader == null && node.isUp(r) && node.dc().equals(p.dcOf().get(r))) leader = r;
    for (String r : p.replicas()) if (leader == null && node.isUp(r)) leader = r;
    if (leader == null) {
      // No live replica to lead the increment: one is required, none is alive.
      replyTo.reply(ReplicaPlan.unavailable(node.name(), w.consistency(), 1, 0, List.of()));
      return;
    }
    if (leader.equals(node.name())) {
      // The client's answer reports this coordinator's now, as any write's does.
      lead(node, w.table(), w.key(), bytes, w.consistency(), w.trace(), true, ts, r -> replyTo.reply(
          r instanceof ClientResponse.WriteDone d ? new ClientResponse.WriteDone(d.coordinator(), d.timestampMicros(),
              d.acked(), d.trace(), now) : r));
      return;
    }
    new Forwarded(node, w, replyTo, leader, ts, now).start(bytes);
  }

  /** The coordinator's side of a forwarded counter write: it waits for the leader's answer. */
  private static final class Forwarded extends PendingRequest {
    private final ClientRequest.Write w;
    private final Replier replyTo;
    private final String leader;
    private final long ts;
    private final int now;

    Forwarded(NodeContext node, ClientRequest.Write w, Replier replyTo, String leader, long ts, int now) {
      super(node, node.newRequestId(), w.trace());
      this.w = w;
      this.replyTo = replyTo;
      this.leader = leader;
      this.ts = ts;
      this.now = now;
    }

    void start(byte[] bytes) {
      node.register(this, node.cfg.writeTimeout());
      trace(TraceStage.NATIVE_TRANSPORT, TraceParts.DETERMINING_REPLICAS); // StorageProxy.mutate
      trace(TraceStage.RINGSIM, "Counter write: forwarding to the leader " + leader);
      if (traced()) {
        // StorageProxy.mutateCounter names the leader as a Replica: its address and the ring range it holds.
        io.ringsim.ring.Ring ring = node.ring();
        DecoratedKey key = node.storage.table(w.table()).orElseThrow().schema().decorate(w.key());
        int owner = 0;
        for (int i = 0; i < ring.size(); i++) {
          if (ring.token(i).compareTo(key.token()) >= 0) {
            owner = i;
            break;
          }
        }
        trace(TraceStage.NATIVE_TRANSPORT, "Enqueuing counter update to Full({},(" + ring.token((owner - 1
            + ring.size()) % ring.size()) + "," + ring.token(owner) + "])", leader);
        trace(TraceStage.MESSAGING, "Sending COUNTER_MUTATION_REQ message to {} message size " + bytes.length
            + " bytes", leader);
      }
      node.send(leader, new NodeMessage.CounterForward(id, w.table(), w.key(), bytes, w.consistency(),
          w.trace()));
    }

    @Override
    void onResponse(String from, NodeMessage m) {
      if (!(m instanceof NodeMessage.CounterForwardReply r) || !from.equals(leader)) return;
      finish();
      absorb(r.trace());
      if (traced()) traceResponse("COUNTER_MUTATION_RSP", leader);
      List<TraceEvent> all = traceList();
      if (r.error() == null) {
        replyTo.reply(new ClientResponse.WriteDone(node.name(), ts, List.of(leader), all, now));
      } else {
        replyTo.reply(new ClientResponse.Failed(node.name(), r.error(), r.message(),
            r.received(), r.required(), all));
      }
    }

    @Override
    void onTimeout() {
      finish();
      trace(TraceStage.RINGSIM, "Counter write timeout: no answer from the leader " + leader);
      replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.WriteTimeout,
          "Operation timed out - received only 0 responses.", 0, 1, traceList()));
    }
  }

  /** The leader received a forwarded counter write. */
  static void onForward(NodeContext node, String from, NodeMessage.CounterForward f) {
    // The leader's events, as its messaging and counter stage record them, go back with its answer.
    long arrived = node.nowMicros();
    Replier back = r -> {
      List<TraceEvent> events = List.of();
      if (f.trace()) {
        List<TraceEvent> all = new ArrayList<>();
        all.add(new TraceEvent(arrived, node.name(), TraceStage.MESSAGING,
            "COUNTER_MUTATION_REQ message received from {}", List.of(from)));
        all.addAll(r.trace());
        all.add(new TraceEvent(node.nowMicros(), node.name(), TraceStage.MESSAGING,
            "Sending COUNTER_MUTATION_RSP message to {} message size 0 bytes", List.of(from)));
        events = all;
      }
      if (r instanceof ClientResponse.Failed x) {
        node.send(from, new NodeMessage.CounterForwardReply(f.requestId(), x.error(), x.message(),
            x.received(), x.required(), events));
      } else {
        node.send(from, new NodeMessage.CounterForwardReply(f.requestId(), null, null, 0, 0, events));
      }
    };
    try {
      lead(node, f.table(), f.key(), f.update(), f.consistency(), f.trace(), false,
          node.nextTimestamp(), back);
    } catch (RuntimeException e) {
      back.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.ServerError, "counter write failed on leader "
          + node.name() + ": " + e.getMessage(), 0, 0, List.of()));
    }
  }

  private static ReadFilter onlyThese(List<Slice> rows) {
    return rows.isEmpty() ? new ReadFilter(List.of(), false, Integer.MAX_VALUE) : ReadFilter.slices(rows);
  }

  /** The leader's step: deltas to this node's shard (a local read), then a normal replicated write of the shard. */
  private static void lead(NodeContext node, String table, byte[] rawKey, byte[] deltas, ConsistencyLevel cl,
      boolean trace, boolean coordinator, long ts, Replier replyTo) {
    TableStore local = node.storage.table(table).orElse(null);
    if (local == null) {
      replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.InvalidRequest, "unconfigured table "
          + table, 0, 0, List.of()));
      return;
    }
    DecoratedKey key = local.schema().decorate(rawKey);
    Partition update = PartitionCodec.decode(deltas, local.schema());
    // Only the rows the update touches (a wide counter partition is not read whole for each increment).
    List<Slice> rows = new ArrayList<>();
    for (Clustering c : update.rows().keySet()) {
      byte[][] v = new byte[c.size()][];
      for (int i = 0; i < c.size(); i++) v[i] = c.get(i);
      rows.add(new Slice(ClusteringBound.inclusive(v),
          ClusteringBound.inclusive(v)));
    }
    PartitionRead current;
    try {
      current = local.read(key, onlyThese(rows));
    } catch (TombstoneOverwhelmingException e) {
      replyTo.reply(new ClientResponse.Failed(node.name(), CqlErrorClass.WriteFailure, e.getMessage(), 0, 1,
          List.of()));
      return;
    }
    Partition shards = CounterShards.toShards(update, current.live(), node.name());
    byte[] bytes = PartitionCodec.encode(shards);
    node.storage.validateWrite(shards);
    ClientRequest.Write w = new ClientRequest.Write(table, rawKey, (t, now) -> shards, cl, trace);
    WriteCoordinator write = new WriteCoordinator(node, node.newRequestId(), w, replyTo,
        node.topology.writePlan(table, key.token(), cl), bytes, shards, ts);
    write.counterLeader = true;
    if (write.traced()) {
      if (coordinator) write.trace(TraceStage.NATIVE_TRANSPORT, TraceParts.DETERMINING_REPLICAS); // StorageProxy.mutate
      // CounterMutation.applyCounterMutation on the counter stage: lock, read the current shards (no counter cache,
      // as the oracle runs it), then write the new ones locally before replicating them.
      String name = table.substring(table.lastIndexOf('.') + 1);
      int cells = 0;
      // One counter cell per counter column the update touches (ringsim keeps each as a column of shards).
      for (io.ringsim.storage.Row r : update.rows().values()) cells += r.cellCount() + r.complex().size();
      if (update.staticRow() != null) cells += update.staticRow().cellCount() + update.staticRow().complex().size();
      write.trace(TraceStage.COUNTER_MUTATION, "Acquiring counter locks");
      write.trace(TraceStage.COUNTER_MUTATION, "Reading " + cells + " counter values from the CF");
      write.trace(TraceStage.COUNTER_MUTATION, "Executing single-partition query on " + name);
      write.trace(TraceStage.COUNTER_MUTATION, "Acquiring sstable references");
      ReplicaVerbs.traceReadPath(node, local, key, onlyThese(rows), current.stats(), write.trace,
          TraceStage.COUNTER_MUTATION, false, false);
      write.trace(TraceStage.COUNTER_MUTATION, "Appending to commitlog");
      write.trace(TraceStage.COUNTER_MUTATION, "Adding to " + name + " memtable");
    }
    write.trace(TraceStage.RINGSIM, "Counter leader " + node.name() + ": read its shard locally and wrote the new one");
    write.start(key);
    node.storage.commitLog().sync(node.nowMicros() / 1000);
  }
}
