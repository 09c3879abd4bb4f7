package io.ringsim.cluster;

import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;

/**
 * Sees every request a {@link CqlSession} sends to a coordinator and its answer, with the virtual time of each: how
 * `serve` records a user's own traffic for the checker, as workloads record theirs.
 */
public interface RequestObserver {
  /**
   * A request leaves for {@code coordinator}. {@code kind}: write, delete, lwt or read (what the statement does).
   *
   * @return a token handed back with the answer
   */
  Object sent(String coordinator, String kind, ClientRequest request, long nowNanos);

  /** The answer; null when the client gave up (no answer within the client timeout). */
  void answered(Object token, ClientResponse response, long nowNanos);
}
