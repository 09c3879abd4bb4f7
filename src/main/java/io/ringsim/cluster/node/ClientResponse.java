package io.ringsim.cluster.node;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.storage.LivePartition;
import java.util.List;

/** A coordinator's answer to a client, with the trace when tracing was asked for. */
public sealed interface ClientResponse extends akka.actor.NoSerializationVerificationNeeded {
  String coordinator();

  List<TraceEvent> trace();

  record WriteDone(String coordinator, long timestampMicros, List<String> acked, List<TraceEvent> trace)
      implements ClientResponse {}

  /**
   * {@code truncated}: a page's read whose replicas disagreed where one of them stopped at the row limit, so it ends
   * at that replica's last row with fewer rows than asked; more rows may follow.
   */
  record ReadDone(String coordinator, List<LivePartition> partitions, List<String> replicas, boolean repaired,
      List<String> warnings, List<TraceEvent> trace, boolean truncated) implements ClientResponse {
    public ReadDone(String coordinator, List<LivePartition> partitions, List<String> replicas, boolean repaired,
        List<String> warnings, List<TraceEvent> trace) {
      this(coordinator, partitions, replicas, repaired, warnings, trace, false);
    }
  }

  record CasDone(String coordinator, boolean applied, LivePartition current, List<TraceEvent> trace)
      implements ClientResponse {}

  /**
   * A failed request as Cassandra reports it: Unavailable (required, alive), WriteTimeout/ReadTimeout (received,
   * required), ReadFailure, InvalidRequest.
   */
  record Failed(String coordinator, CqlErrorClass error, String message, int received, int required,
      List<TraceEvent> trace) implements ClientResponse {}
}
