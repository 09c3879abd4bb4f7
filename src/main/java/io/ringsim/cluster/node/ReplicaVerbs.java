package io.ringsim.cluster.node;

import io.ringsim.ring.Token;
import io.ringsim.storage.DecoratedKey;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.PartitionRead;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.TableStore;
import io.ringsim.storage.TombstoneOverwhelmingException;
import java.util.ArrayList;
import java.util.List;

/**
 * The replica's side of every request another node sends (Cassandra's verb handlers): apply a mutation, serve a
 * partition or a token range, answer Paxos, build a Merkle tree for repair, apply streamed partitions, lead a
 * forwarded counter write. A coordinator calls the same methods for the replica it is itself, so a local replica does
 * exactly what a remote one does.
 */
final class ReplicaVerbs {
  private ReplicaVerbs() {}

  /** Serves {@code m} if it is a request; false when it is a reply, for the request in flight it answers. */
  static boolean serve(NodeContext node, String from, NodeMessage m) {
    if (m instanceof NodeMessage.Mutation mu) {
      RequestTrace trace = mu.trace() ? received(node, "MUTATION_REQ", from) : RequestTrace.OFF;
      applyMutation(node, mu.table(), mu.update(), mu.decodedUpdate(), trace);
      // A hint replays in the background (Cassandra throttles its delivery), so it does not hold the node up.
      if (!mu.hint()) {
        long ready = mu.replay() ? node.loopNanos() : node.durable(node.serve(node.cfg.costs().write()));
        // A MutationAck carries no payload beyond its request id.
        responding(node, trace, TraceStage.MUTATION, "MUTATION_RSP", from, 0, ready);
        node.answer(from, new NodeMessage.MutationAck(mu.requestId(), trace.events()), ready);
      }
    } else if (m instanceof NodeMessage.ReadData rd) {
      RequestTrace trace = rd.trace() ? received(node, "READ_REQ", from) : RequestTrace.OFF;
      NodeMessage.ReadDataReply reply = read(node, rd, trace);
      long ready = node.serve(readCost(node, rd.table(), reply.sstables(), reply.rows(), reply.tombstones()));
      if (trace.isOn()) {
        responding(node, trace, TraceStage.READ, "READ_RSP", from, reply.data().length, ready);
        reply = reply.withTrace(trace.events());
      }
      node.answer(from, reply, ready);
    } else if (m instanceof NodeMessage.RangeRead rr) {
      serveRangeRead(node, from, rr, RequestTrace.OFF);
    } else if (m instanceof NodeMessage.PaxosPrepare pp) {
      RequestTrace trace = pp.trace() ? paxosReceived(node, "PAXOS_PREPARE_REQ", from) : RequestTrace.OFF;
      NodeMessage.PaxosPromise promise = node.paxos.prepare(pp, node, trace);
      if (trace.isOn()) {
        paxosResponding(node, trace, "PAXOS_PREPARE_RSP", from, promise.accepted().length);
        promise = promise.withTrace(trace.events());
      }
      node.send(from, promise);
    } else if (m instanceof NodeMessage.PaxosPropose pp) {
      RequestTrace trace = pp.trace() ? paxosReceived(node, "PAXOS_PROPOSE_REQ", from) : RequestTrace.OFF;
      NodeMessage.PaxosAccepted accepted = node.paxos.propose(pp, node, trace);
      if (trace.isOn()) {
        paxosResponding(node, trace, "PAXOS_PROPOSE_RSP", from, 1);
        accepted = new NodeMessage.PaxosAccepted(accepted.requestId(), accepted.ballot(), accepted.accepted(),
            trace.events());
      }
      node.send(from, accepted);
    } else if (m instanceof NodeMessage.PaxosCommit pc) {
      RequestTrace trace = pc.trace() ? paxosReceived(node, "PAXOS_COMMIT_REQ", from) : RequestTrace.OFF;
      node.paxos.commit(pc, node, trace);
      paxosResponding(node, trace, "PAXOS_COMMIT_RSP", from, 0);
      node.send(from, new NodeMessage.MutationAck(pc.requestId(), trace.events(), pc.ballot()));
    } else if (m instanceof NodeMessage.Stream s) {
      TableStore t = node.storage.table(s.table()).orElse(null);
      if (t != null) for (byte[] p : s.partitions()) applyMutation(node, s.table(), p);
      node.send(from, new NodeMessage.StreamAck(s.requestId(), s.partitions().size()));
    } else if (m instanceof NodeMessage.BatchStore bs) {
      RequestTrace trace = bs.trace() ? received(node, "BATCH_STORE_REQ", from) : RequestTrace.OFF;
      batchlog(node, bs.batchId(), bs.mutations(), false, trace);
      // BatchStoreVerbHandler answers once the batch is stored (an empty response).
      if (trace.isOn()) {
        trace.add(new TraceEvent(node.nowMicros(), node.name(), TraceStage.MESSAGING,
            "Sending BATCH_STORE_RSP message to {} message size 0 bytes", List.of(from)));
      }
      node.send(from, new NodeMessage.BatchAck(bs.requestId(), trace.events()));
    } else if (m instanceof NodeMessage.BatchRemove br) {
      RequestTrace trace = br.trace() ? received(node, "BATCH_REMOVE_REQ", from) : RequestTrace.OFF;
      batchlog(node, br.batchId(), 0, true, trace);
      node.send(from, new NodeMessage.BatchAck(br.requestId(), trace.events()));
    } else if (m instanceof NodeMessage.CounterForward cf) {
      CounterLeader.onForward(node, from, cf);
    } else if (m instanceof NodeMessage.TreeRequest tr) {
      node.send(from, RepairCoordinator.tree(tr, node.name(), node.storage, node.ring()));
    } else {
      return false;
    }
    return true;
  }

  /**
   * This node's own part of a write it coordinates: applied now, acknowledged to {@code requestId} once the node has
   * done the work (and, in batch mode, synced the commit log), as a peer's acknowledgement would come.
   */
  static void localMutation(NodeContext node, long requestId, String table, byte[] update, Partition decoded,
      RequestTrace trace) {
    applyMutation(node, table, update, decoded, trace);
    node.answer(node.name(), new NodeMessage.MutationAck(requestId),
        node.durable(node.serve(node.cfg.costs().write())));
  }

  /** This node's own part of a read it coordinates: its answer comes once the node has done the work. */
  static void localRead(NodeContext node, NodeMessage.ReadData rd, RequestTrace trace) {
    NodeMessage.ReadDataReply reply = read(node, rd, trace);
    node.answer(node.name(), reply,
        node.serve(readCost(node, rd.table(), reply.sstables(), reply.rows(), reply.tombstones())));
  }

  /**
   * A token range's partitions, answered to {@code to} (this node or a peer) once the node has read them. A traced
   * request's events go with the answer to a peer, or straight into {@code localTrace} when this node coordinates.
   */
  static void serveRangeRead(NodeContext node, String to, NodeMessage.RangeRead rr, RequestTrace localTrace) {
    boolean remote = !to.equals(node.name());
    RequestTrace trace = !rr.trace() ? RequestTrace.OFF : remote ? received(node, "RANGE_REQ", to) : localTrace;
    NodeMessage.RangeReadReply reply = rangeRead(node, rr, trace);
    long ready = node.serve(readCost(node, rr.table(), reply.sstables(), reply.rows(), reply.tombstones()));
    if (trace.isOn() && remote) {
      int bytes = 0;
      for (byte[] p : reply.partitions()) bytes += p.length;
      responding(node, trace, TraceStage.READ, "RANGE_RSP", to, bytes, ready);
      reply = reply.withTrace(trace.events());
    }
    node.answer(to, reply, ready);
  }

  /**
   * The node's time for a read that touched {@code touched} SSTables and walked past {@code rows} live rows and
   * {@code tombstones} tombstones: every SSTable of the table has its bloom filter asked.
   */
  private static long readCost(NodeContext node, String table, int touched, long rows, long tombstones) {
    int sstables = node.storage.table(table).map(TableStore::sstableCount).orElse(0);
    return node.cfg.costs().read(Math.max(sstables, touched), touched, rows, tombstones);
  }

  static void applyMutation(NodeContext node, String table, byte[] update) {
    applyMutation(node, table, update, null, RequestTrace.OFF);
  }

  /**
   * This node's batchlog (system.batches): a logged batch stored, or removed once applied, as BatchlogManager writes
   * it, on the mutation stage.
   */
  static void batchlog(NodeContext node, long batchId, int mutations, boolean remove, RequestTrace trace) {
    if (remove) node.batchlog.remove(batchId);
    else node.batchlog.put(batchId, mutations);
    if (trace.isOn()) {
      long now = node.nowMicros();
      trace.add(new TraceEvent(now, node.name(), TraceStage.MUTATION, "Appending to commitlog"));
      trace.add(new TraceEvent(now, node.name(), TraceStage.MUTATION, "Adding to batches memtable"));
    }
  }

  /**
   * The first event of a traced request on a replica, as Cassandra's messaging records it when a message with a
   * trace session arrives (InboundMessageHandler.dispatch): the replica's own events follow it, and its
   * source_elapsed counts from here.
   */
  private static RequestTrace received(NodeContext node, String verb, String from) {
    RequestTrace trace = RequestTrace.replica();
    trace.add(new TraceEvent(node.nowMicros(), node.name(), TraceStage.MESSAGING, verb + " message received from {}",
        List.of(from)));
    return trace;
  }

  /**
   * A traced Paxos message's first event: its arrival, when it came from another node (a coordinator's message to
   * itself is no message in Cassandra, which runs its own part locally).
   */
  private static RequestTrace paxosReceived(NodeContext node, String verb, String from) {
    return from.equals(node.name()) ? RequestTrace.replica() : received(node, verb, from);
  }

  /** A traced Paxos answer leaving for another node (Tracing.traceOutgoingMessage; size in ringsim's encoding). */
  private static void paxosResponding(NodeContext node, RequestTrace trace, String verb, String to, int bytes) {
    if (!trace.isOn() || to.equals(node.name())) return;
    trace.add(new TraceEvent(node.nowMicros(), node.name(), TraceStage.MESSAGING,
        "Sending " + verb + " message to {} message size " + bytes + " bytes", List.of(to)));
  }

  /**
   * A replica's last events, once the work is done at {@code readyNanos}: the verb handler on its stage queues the
   * answer (ReadCommandVerbHandler / MutationVerbHandler, "Enqueuing response to {}") and messaging sends it
   * (Tracing.traceOutgoingMessage; {@code bytes}: the payload's size in ringsim's encoding, not Cassandra's).
   */
  private static void responding(NodeContext node, RequestTrace trace, TraceStage stage, String verb, String to,
      int bytes, long readyNanos) {
    if (!trace.isOn()) return;
    long now = node.nowMicros() + Math.max(0, readyNanos - node.loopNanos()) / 1000;
    trace.add(new TraceEvent(now, node.name(), stage, "Enqueuing response to {}", List.of(to)));
    trace.add(new TraceEvent(now, node.name(), TraceStage.MESSAGING,
        "Sending " + verb + " message to {} message size " + bytes + " bytes", List.of(to)));
  }

  /** Cassandra names a table by its own name in trace events ("Adding to kv memtable"), not its keyspace's. */
  private static String tableName(String qualified) {
    return qualified.substring(qualified.lastIndexOf('.') + 1);
  }

  /**
   * {@code decoded}: the partition {@code update} encodes, when the sender had it at hand (null: decode here). Only a
   * write's coordinator attaches it, after validating that very partition, so it is not validated again; bytes that
   * arrive alone (across JVMs, hints, read repair, streaming, Paxos commits) are. {@code trace}: where a traced
   * request's events go.
   */
  static void applyMutation(NodeContext node, String table, byte[] update, Partition decoded,
      RequestTrace trace) {
    TableStore t = node.storage.table(table).orElse(null);
    if (t == null) return;
    if (trace.isOn()) {
      // CassandraKeyspaceWriteHandler.beginWrite and CassandraTableWriteHandler.write, on the mutation stage.
      long now = node.nowMicros();
      trace.add(new TraceEvent(now, node.name(), TraceStage.MUTATION, "Appending to commitlog"));
      trace.add(new TraceEvent(now, node.name(), TraceStage.MUTATION, "Adding to " + tableName(table) + " memtable"));
    }
    Partition p = decoded != null ? decoded : PartitionCodec.decode(update, t.schema());
    ViewUpdates.beforeApply(node, table, p);
    if (decoded != null) node.storage.applyValidated(table, decoded, update);
    else node.storage.apply(table, p, update);
    node.metrics.replicaWrites++;
  }

  /** One partition with its tombstones, so the coordinator can reconcile; a tombstone overwhelm is a failure. */
  static NodeMessage.ReadDataReply read(NodeContext node, NodeMessage.ReadData rd, RequestTrace trace) {
    node.metrics.replicaReads++;
    TableStore t = node.storage.table(rd.table()).orElse(null);
    if (t == null) return new NodeMessage.ReadDataReply(rd.requestId(), new byte[0], 0, 0, 0, List.of(), null);
    if (trace.isOn()) {
      // SinglePartitionReadCommand.queryMemtableAndDisk and the read path it takes, on the read stage.
      long now = node.nowMicros();
      trace.add(new TraceEvent(now, node.name(), TraceStage.READ,
          "Executing single-partition query on " + tableName(rd.table())));
      trace.add(new TraceEvent(now, node.name(), TraceStage.READ, "Acquiring sstable references"));
    }
    try {
      DecoratedKey key = t.schema().decorate(rd.key());
      ReadFilter f = rd.filter().toFilter();
      // Judged at the coordinator's now; a sender that gave none (NO_NOW) leaves it to this replica's clock.
      PartitionRead r = rd.nowInSec() != NodeMessage.NO_NOW ? t.readData(key, f, rd.nowInSec()) : t.readData(key, f);
      byte[] data = r.data() == null ? new byte[0] : PartitionCodec.encode(r.data());
      if (trace.isOn()) {
        traceReadPath(node, t, key, f, r.stats(), trace, TraceStage.READ, t.readsInTimestampOrder(f), true);
      }
      return new NodeMessage.ReadDataReply(rd.requestId(), data, r.stats().sstablesTouched(), r.stats().liveRows(),
          r.stats().tombstonesScanned(), r.stats().warnings(), null, r.data());
    } catch (TombstoneOverwhelmingException e) {
      return new NodeMessage.ReadDataReply(rd.requestId(), new byte[0], 0, 0, e.tombstones(), List.of(),
          e.getMessage());
    }
  }

  /**
   * What Cassandra 4.1's SinglePartitionReadCommand traces after "Acquiring sstable references", by the path the
   * read takes. Rows named by their whole key are read in timestamp order (queryMemtableAndSSTablesInTimestampOrder):
   * "Merging memtable contents". Other reads merge every SSTable whose keys span the partition
   * (queryMemtableAndDiskInternal): "Skipped X/Y non-slice-intersecting sstables, included Z due to tombstones", then,
   * when the memtable or an SSTable had something to merge, "Merged data from memtables and N sstables" with N the
   * SSTables read (the SSTables-per-read histogram's value, which NamedRowsReadTest compares with the oracle's).
   * Both end with ReadCommand's count, "Read N live rows and M tombstone cells".
   */
  static void traceReadPath(NodeContext node, TableStore t, DecoratedKey key, ReadFilter f,
      io.ringsim.storage.ReadStats stats, RequestTrace trace, TraceStage stage, boolean timestampOrder,
      boolean counted) {
    long now = node.nowMicros();
    if (timestampOrder) {
      trace.add(new TraceEvent(now, node.name(), stage, "Merging memtable contents"));
    } else {
      int spanning = t.sstablesSpanning(key);
      // Cassandra skips an SSTable whose clustering bounds miss the slices; ringsim keeps no such bounds, so it
      // says how many it skipped only when that is certainly none: no SSTable, or a read of the whole partition.
      if (spanning == 0 || f.slices().equals(List.of(io.ringsim.storage.Slice.ALL))) {
        trace.add(new TraceEvent(now, node.name(), stage, "Skipped 0/" + spanning
            + " non-slice-intersecting sstables, included 0 due to tombstones"));
      }
      if (stats.memtableHit() || spanning > 0) {
        trace.add(new TraceEvent(now, node.name(), stage,
            "Merged data from memtables and " + stats.sstablesTouched() + " sstables"));
      }
    }
    if (!counted) return; // a counter leader reads its shards without ReadCommand's count
    trace.add(new TraceEvent(now, node.name(), stage, "Read " + stats.liveRows() + " live rows and "
        + stats.tombstonesScanned() + " tombstone cells" + (stats.warnings().isEmpty() ? ""
        : " (see tombstone_warn_threshold)")));
  }

  /** The partitions of a token range, up to the request's partition limit counting only those with live rows. */
  static NodeMessage.RangeReadReply rangeRead(NodeContext node, NodeMessage.RangeRead rr) {
    return rangeRead(node, rr, RequestTrace.OFF);
  }

  /** As {@link #rangeRead(NodeContext, NodeMessage.RangeRead)}, telling {@code trace} what it did. */
  static NodeMessage.RangeReadReply rangeRead(NodeContext node, NodeMessage.RangeRead rr, RequestTrace trace) {
    node.metrics.replicaReads++;
    TableStore t = node.storage.table(rr.table()).orElse(null);
    if (t == null) return new NodeMessage.RangeReadReply(rr.requestId(), List.of(), 0, 0, 0, null);
    Token start = rr.startExclusive() == null ? null : node.ring().partitioner().parseToken(rr.startExclusive());
    Token end = rr.endInclusive() == null ? null : node.ring().partitioner().parseToken(rr.endInclusive());
    io.ringsim.storage.IndexQuery iq = rr.filter().index();
    io.ringsim.storage.LocalIndex ix = iq == null ? null : t.index(iq.column(), iq.kind());
    if (ix != null) return IndexRead.read(node, t, ix, iq, rr, start, end, trace);
    if (trace.isOn()) {
      // PartitionRangeReadCommand.queryStorage, on the read stage: the SSTables whose tokens meet the range.
      int sstables = 0;
      for (io.ringsim.storage.SSTable s : t.sstables()) {
        if ((start == null || s.maxToken().compareTo(start) > 0) && (end == null || s.minToken().compareTo(end) <= 0)) {
          sstables++;
        }
      }
      trace.add(new TraceEvent(node.nowMicros(), node.name(), TraceStage.READ, "Executing seq scan across " + sstables
          + " sstables for " + RangeRequests.text(rr.startExclusive(), rr.endInclusive(), node.ring().partitioner())));
    }
    List<byte[]> out = new ArrayList<>();
    int sstables = 0;
    long tombs = 0, rows = 0;
    ReadFilter f = rr.filter().toFilter();
    // A page's scan (rowLimit > 0): each partition reads only the rows still wanted, and the scan stops there.
    long wanted = rr.rowLimit() > 0 ? rr.rowLimit() : Long.MAX_VALUE;
    try {
      for (DecoratedKey k : rr.rowLimit() > 0 ? PagedRangeScan.replicaKeys(t, start, end, rr.rowLimit())
          : t.keysInRange(start, end, Integer.MAX_VALUE)) {
        if (wanted <= 0) break;
        // Judged at the coordinator's now; not counted among the table's point reads (as in Cassandra).
        ReadFilter kf = rr.rowLimit() > 0 ? f.withLimit((int) Math.min(wanted, f.limit())) : f;
        PartitionRead r = rr.nowInSec() != NodeMessage.NO_NOW ? t.scanRead(k, kf, rr.nowInSec()) : t.scanRead(k, kf);
        if (rr.rowLimit() > 0) wanted -= r.live().rows().size();
        sstables += r.stats().sstablesTouched();
        tombs += r.stats().tombstonesScanned();
        rows += r.stats().liveRows();
        if (r.data() != null) out.add(PartitionCodec.encode(r.data()));
        if (!r.live().isEmpty() && out.size() >= rr.partitionLimit()) break;
      }
    } catch (TombstoneOverwhelmingException e) {
      return new NodeMessage.RangeReadReply(rr.requestId(), List.of(), sstables, rows, e.tombstones(),
          e.getMessage());
    }
    if (trace.isOn()) {
      // ReadCommand's count of what the scan read (MetricRecording.onClose).
      trace.add(new TraceEvent(node.nowMicros(), node.name(), TraceStage.READ, "Read " + rows + " live rows and "
          + tombs + " tombstone cells"));
    }
    return new NodeMessage.RangeReadReply(rr.requestId(), out, sstables, rows, tombs, null);
  }
}
