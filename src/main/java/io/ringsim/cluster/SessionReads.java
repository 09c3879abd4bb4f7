package io.ringsim.cluster;

import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cluster.node.TraceParts;
import io.ringsim.cql.exec.ReadPlan;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.ReadFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A statement's reads through the coordinator, for the read plan of one {@link ClientSession}: one request per
 * partition (in parallel), or a range scan, at the session's consistency level, each page's trace kept.
 */
final class SessionReads implements ReadPlan.Source {
  private final ClientSession session;

  SessionReads(ClientSession session) {
    this.session = session;
  }

  /** A page's read of one partition: one request, at the session's consistency level, as every page is. */
  @Override
  public ReadPlan.Chunk readPage(TableMetadata table, byte[] key, ReadFilter filter) {
    String coord = session.statementCoordinator();
    ClientResponse r = session.ask(coord, new ClientRequest.Read(table.qualifiedName(), key, filter,
        session.consistency(), session.tracing(), session.requestNow()));
    return chunk(r);
  }

  @Override
  public ReadPlan.Chunk scanPage(TableMetadata table, String start, String end, ReadFilter filter, int rowLimit) {
    String coord = session.statementCoordinator();
    ClientResponse r = session.ask(coord, new ClientRequest.RangeScan(table.qualifiedName(), start, end, filter,
        Integer.MAX_VALUE, session.consistency(), session.tracing(), rowLimit, session.requestNow()));
    return chunk(r);
  }

  /** A page's answer: its partitions and whether a replica cut them short; its trace added to the statement's. */
  private ReadPlan.Chunk chunk(ClientResponse r) {
    session.addTrace(r.trace());
    if (r instanceof ClientResponse.ReadDone d) {
      session.readWarnings(d.warnings());
      return new ReadPlan.Chunk(d.partitions(), d.truncated());
    }
    throw ClientSession.failure(r);
  }

  @Override
  public String token(TableMetadata table, byte[] key) {
    return session.cluster().ring().partitioner().token(key).toString();
  }

  @Override
  public List<LivePartition> read(TableMetadata table, List<byte[]> keys, ReadFilter filter) {
    String coord = session.statementCoordinator();
    List<CompletableFuture<ClientResponse>> pending = new ArrayList<>();
    for (byte[] k : keys) {
      pending.add(session.send(coord, new ClientRequest.Read(table.qualifiedName(), k, filter,
          session.consistency(), session.tracing(), session.requestNow())));
    }
    List<LivePartition> out = new ArrayList<>();
    TraceParts trace = new TraceParts();
    for (CompletableFuture<ClientResponse> f : pending) {
      ClientResponse r = session.await(f, coord);
      trace.append(r.trace());
      if (r instanceof ClientResponse.ReadDone d) {
        out.addAll(d.partitions());
        session.readWarnings(d.warnings());
      } else {
        session.trace(trace);
        throw ClientSession.failure(r);
      }
    }
    session.trace(trace);
    return out;
  }

  @Override
  public List<LivePartition> scan(TableMetadata table, String start, String end, ReadFilter filter) {
    String coord = session.statementCoordinator();
    ClientResponse r = session.ask(coord, new ClientRequest.RangeScan(table.qualifiedName(), start, end, filter,
        Integer.MAX_VALUE, session.consistency(), session.tracing(), 0, session.requestNow()));
    session.trace(r.trace());
    if (r instanceof ClientResponse.ReadDone d) {
      session.readWarnings(d.warnings());
      return d.partitions();
    }
    throw ClientSession.failure(r);
  }
}
