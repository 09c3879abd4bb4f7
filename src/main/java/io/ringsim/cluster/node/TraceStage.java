package io.ringsim.cluster.node;

/**
 * Which of a Cassandra node's threads records a traced event: system_traces.events.thread, which cqlsh prints in
 * brackets after the activity ("Executing single-partition query on kv [ReadStage-1]"). Cassandra names the thread
 * of the stage that did the work; its number is whichever worker of the pool ran it (it varies from request to
 * request), so ringsim, which has no such threads, gives every stage's one number, 1. {@link #RINGSIM} marks
 * ringsim's own commentary (where a token lives, a speculative retry's reason): ringsim's shells show it, a served
 * cluster's system_traces does not, since Cassandra never writes it.
 */
public enum TraceStage {
  /** The native protocol's request threads: parsing, preparing, coordinating (StorageProxy runs on them). */
  NATIVE_TRANSPORT("Native-Transport-Requests-1"),
  /** Reads a replica serves, the coordinator's own local read included (Stage.READ). */
  READ("ReadStage-1"),
  /** Mutations a replica applies, the coordinator's own local write included (Stage.MUTATION). */
  MUTATION("MutationStage-1"),
  /** A counter write's leader (Stage.COUNTER_MUTATION). */
  COUNTER_MUTATION("CounterMutationStage-1"),
  /** Responses the coordinator processes (Stage.REQUEST_RESPONSE, ResponseVerbHandler). */
  REQUEST_RESPONSE("RequestResponseStage-1"),
  /** Internode messaging's event loop: a message sent (OutboundConnection) or received (InboundMessageHandler). */
  MESSAGING("Messaging-EventLoop-3-1"),
  /** ringsim's own words, not Cassandra's: shown by ringsim's shells, never in a served cluster's system_traces. */
  RINGSIM(null);

  private final String thread;

  TraceStage(String thread) {
    this.thread = thread;
  }

  /** The thread name Cassandra records (null for {@link #RINGSIM}). */
  public String thread() {
    return thread;
  }

  /** Whether Cassandra records this event too (it writes it to system_traces). */
  public boolean cassandra() {
    return this != RINGSIM;
  }
}
