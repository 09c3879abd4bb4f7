package io.ringsim.cluster;

import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cql.ast.Statement;
import io.ringsim.schema.Catalog;

/**
 * Sees every request a {@link ClientSession} sends to a coordinator and its answer, with the virtual time of each: how
 * `serve` records a user's own traffic for the checker, as workloads record theirs.
 */
public interface RequestObserver {
  /**
   * A request leaves for {@code coordinator}. {@code kind}: what the statement does.
   *
   * @return a token handed back with the answer
   */
  Object sent(String coordinator, RequestKind kind, ClientRequest request, long nowNanos);

  /** The answer; null when the client gave up (no answer within the client timeout). */
  void answered(Object token, ClientResponse response, long nowNanos);

  /**
   * The request about to be sent, which the observer may hand back wrapped (to see the mutation its coordinator
   * builds, with the timestamp and "now" the coordinator picked); what it returns is what is sent.
   */
  default ClientRequest instrument(ClientRequest request) {
    return request;
  }

  /** The (bound) statement the session runs next: the requests until the next one are its. */
  default void statement(Statement s) {}

  /**
   * The statement is a lightweight transaction: {@code row} is the row its condition is on ({@link
   * io.ringsim.storage.Clustering#EMPTY} on a table with clustering columns: a conditional batch's or a static
   * condition's partition), {@code conditionColumns} the columns its IF names (null for IF EXISTS / IF NOT EXISTS).
   */
  default void conditional(io.ringsim.storage.Clustering row, java.util.List<io.ringsim.schema.ColumnDef> conditionColumns) {}

  /**
   * A schema statement (or TRUNCATE) succeeded: what it removed is gone for the reads that follow. {@code keyspace}:
   * the session's, for unqualified names.
   */
  default void schemaChanged(Statement s, String keyspace, Catalog before, Catalog after, long invokeNanos,
      long completeNanos) {}
}
