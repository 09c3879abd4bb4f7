package io.ringsim.cluster;

import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cluster.node.TraceParts;
import io.ringsim.cluster.node.WriteBuilder;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.BatchChecks;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.cql.exec.WritePlanner;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.Partition;
import io.ringsim.storage.ReadFilter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * A statement's writes through the coordinator, for one {@link ClientSession}: a conditional write's Paxos round, a
 * list operation's read before the write, a logged batch's batchlog around its mutations, and the mutations
 * themselves, sent in parallel at the session's consistency level, each answer's trace kept.
 */
final class SessionWrites {
  private final ClientSession session;
  /** Batchlog entries this session made: with its seed, an id no other session's batch takes. */
  private long batches;

  SessionWrites(ClientSession session) {
    this.session = session;
  }

  /** Runs {@code plan}, the plan of {@code s}, to its answer: [applied] for a conditional write, else no rows. */
  ResultSet write(Statement s, WritePlanner.WritePlan plan, int nowSec) {
    if (plan.table() == null) return ResultSet.EMPTY; // an empty batch
    String coord = session.statementCoordinator();
    if (plan.cas() != null) return conditional(plan, coord);
    session.consistency().validateForWrite();
    TraceParts trace = new TraceParts();
    List<WritePlanner.UpdateFactory> updates = readsBeforeWrite(plan, coord, trace);
    Batchlog log = s instanceof Statement.Batch b && b.type().equals("LOGGED") ? batchlog(plan, nowSec) : null;
    List<String> batchlogReplicas = null;
    if (log != null) {
      // Straight to the coordinator, not through the observer: the batchlog is no operation of the client's.
      ClientResponse r = session.await(session.cluster().submit(coord, new ClientRequest.Batchlog(
          plan.table().qualifiedName(), log.id(), log.mutations(), log.bytes(), List.of(), false,
          session.consistency(), session.tracing(), session.requestNow()), ClientRequest.CLIENT_TIMEOUT)
          .toCompletableFuture(), coord);
      trace.append(r.trace());
      if (!(r instanceof ClientResponse.WriteDone d)) {
        session.trace(trace);
        throw ClientSession.failure(r);
      }
      batchlogReplicas = d.acked();
    }
    RequestKind kind = s instanceof Statement.Delete ? RequestKind.DELETE : RequestKind.WRITE;
    List<CompletableFuture<ClientResponse>> pending = new ArrayList<>();
    for (int i = 0; i < plan.writes().size(); i++) {
      WritePlanner.UpdateFactory u = updates.get(i);
      WritePlanner.PartitionWrite w = plan.writes().get(i);
      pending.add(session.submitAs(kind, coord, new ClientRequest.Write(w.tableIn(plan).qualifiedName(), w.key(),
          (ts, now) -> u.build(ts, now), session.consistency(), session.tracing(), session.requestNow())));
    }
    io.ringsim.cql.CqlException error = null;
    for (int i = 0; i < pending.size(); i++) {
      ClientResponse r = session.await(pending.get(i), coord);
      // A batch through the batchlog determined its replicas once, for the whole batch.
      if (i == 0 && batchlogReplicas == null) trace.append(r.trace());
      else trace.appendLaterMutation(r.trace());
      if (!(r instanceof ClientResponse.WriteDone) && error == null) error = ClientSession.failure(r);
    }
    if (batchlogReplicas != null && error == null) {
      ClientResponse r = session.await(session.cluster().submit(coord, new ClientRequest.Batchlog(
          plan.table().qualifiedName(), log.id(), log.mutations(), 0, batchlogReplicas, true, session.consistency(),
          session.tracing(), session.requestNow()), ClientRequest.CLIENT_TIMEOUT).toCompletableFuture(), coord);
      trace.append(r.trace());
    }
    session.trace(trace);
    if (error != null) throw error;
    return ResultSet.EMPTY;
  }

  /** A conditional write: one Paxos round on its partition, answered with [applied] and, if not, the current row. */
  private ResultSet conditional(WritePlanner.WritePlan plan, String coord) {
    WritePlanner.PartitionWrite w = plan.writes().get(0);
    WritePlanner.CasSpec cas = plan.cas();
    session.conditional(cas);
    // A table without clustering columns has one row per key: the read names it, as Cassandra's CAS read does.
    ReadFilter read = plan.table().clusteringColumns().isEmpty() ? ReadFilter.ALL_NAMED : ReadFilter.ALL;
    ConsistencyLevel commit = session.consistency() == ConsistencyLevel.ANY ? ConsistencyLevel.ONE
        : session.consistency();
    ClientResponse r = session.await(session.submitAs(RequestKind.LWT, coord, new ClientRequest.Cas(
        plan.table().qualifiedName(), w.key(), read, lp -> cas.condition().test(lp), casUpdate(w),
        session.serialConsistency(), commit, session.tracing(), session.requestNow(), session.clientClockMicros())),
        coord);
    session.trace(r.trace());
    if (r instanceof ClientResponse.CasDone d) {
      if (d.applied()) {
        return new ResultSet(List.of("[applied]"), List.of(CqlTypes.BOOLEAN), List.of(List.of(true)), List.of());
      }
      return cas.failure().apply(d.current());
    }
    throw ClientSession.failure(r);
  }

  /**
   * Each partition write's update; a list element operation first reads the partition as it is now, at the
   * session's consistency level.
   */
  private List<WritePlanner.UpdateFactory> readsBeforeWrite(WritePlanner.WritePlan plan, String coord,
      TraceParts trace) {
    List<WritePlanner.UpdateFactory> updates = new ArrayList<>();
    for (WritePlanner.PartitionWrite w : plan.writes()) {
      if (w.afterRead() == null) {
        updates.add(w.update());
        continue;
      }
      ClientResponse r = session.await(session.submitAs(RequestKind.READ, coord, new ClientRequest.Read(
          w.tableIn(plan).qualifiedName(), w.key(), ReadFilter.ALL, session.consistency(), session.tracing(),
          session.requestNow())), coord);
      trace.append(r.trace());
      if (!(r instanceof ClientResponse.ReadDone d)) {
        session.trace(trace);
        throw ClientSession.failure(r);
      }
      updates.add(w.afterRead().apply(d.partitions().isEmpty() ? null : d.partitions().get(0)));
    }
    return updates;
  }

  /** A logged batch's batchlog entry: its id, the mutations (one per partition) and their size. */
  private record Batchlog(long id, int mutations, int bytes) {}

  /**
   * The batchlog entry of an unconditional logged batch, or null when it goes without one: Cassandra writes a
   * logged batch through its batchlog when it holds more than one mutation (one per partition).
   */
  private Batchlog batchlog(WritePlanner.WritePlan plan, int nowSec) {
    Set<String> partitions = new TreeSet<>();
    for (WritePlanner.PartitionWrite w : plan.writes()) {
      String ks = w.tableIn(plan).qualifiedName();
      partitions.add(ks.substring(0, ks.indexOf('.')) + ":" + HexFormat.of().formatHex(w.key()));
    }
    if (partitions.size() <= 1) return null;
    int bytes = 0;
    for (BatchChecks.Update u : updates(plan, nowSec)) bytes += (int) u.partition().dataSize();
    return new Batchlog(session.seed() * 1_000_003L + batches++, partitions.size(), bytes);
  }

  /** A batch's updates as its mutations will hold them (the timestamp does not change their size). */
  static List<BatchChecks.Update> updates(WritePlanner.WritePlan plan, int nowSec) {
    List<BatchChecks.Update> out = new ArrayList<>();
    for (WritePlanner.PartitionWrite w : plan.writes()) {
      if (w.update() != null) out.add(new BatchChecks.Update(w.tableIn(plan).qualifiedName(), w.key(),
          w.update().build(0L, nowSec)));
    }
    return out;
  }

  /** A conditional write's update; one that needs the list as it is now is built from the Paxos round's read. */
  private static WriteBuilder casUpdate(WritePlanner.PartitionWrite w) {
    return new WriteBuilder() {
      @Override
      public Partition build(long ts, int now) {
        return w.update().build(ts, now);
      }

      @Override
      public Partition build(long ts, int now, LivePartition current) {
        if (w.afterRead() == null) return w.update().build(ts, now);
        return w.afterRead().apply(current.rows().isEmpty() && current.staticRow() == null ? null : current)
            .build(ts, now);
      }
    };
  }
}
