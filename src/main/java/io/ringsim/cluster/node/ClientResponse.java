package io.ringsim.cluster.node;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.WriteType;
import io.ringsim.storage.LivePartition;
import java.util.List;

/** A coordinator's answer to a client, with the trace when tracing was asked for. */
public sealed interface ClientResponse extends akka.actor.NoSerializationVerificationNeeded {
  String coordinator();

  List<TraceEvent> trace();

  /** A coordinator's now that its answer does not report (a now can be 0 or below: a clock's first second, a skew). */
  int NOW_NOT_REPORTED = Integer.MIN_VALUE;

  /**
   * {@code nowInSec}: the coordinator's now for the write (whole seconds of its clock, or the client's now), which
   * the TTLs it wrote count from; {@link #NOW_NOT_REPORTED} when not reported.
   */
  record WriteDone(String coordinator, long timestampMicros, List<String> acked, List<TraceEvent> trace,
      int nowInSec) implements ClientResponse {
    public WriteDone(String coordinator, long timestampMicros, List<String> acked, List<TraceEvent> trace) {
      this(coordinator, timestampMicros, acked, trace, NOW_NOT_REPORTED);
    }
  }

  /**
   * {@code truncated}: a page's read whose replicas disagreed where one of them stopped at the row limit, so it ends
   * at that replica's last row with fewer rows than asked; more rows may follow. {@code nowInSec}: the now the
   * coordinator fixed for the read, by which every replica judged expiry; {@link #NOW_NOT_REPORTED} when
   * not reported.
   */
  record ReadDone(String coordinator, List<LivePartition> partitions, List<String> replicas, boolean repaired,
      List<String> warnings, List<TraceEvent> trace, boolean truncated, int nowInSec) implements ClientResponse {
    public ReadDone(String coordinator, List<LivePartition> partitions, List<String> replicas, boolean repaired,
        List<String> warnings, List<TraceEvent> trace, boolean truncated) {
      this(coordinator, partitions, replicas, repaired, warnings, trace, truncated, NOW_NOT_REPORTED);
    }

    public ReadDone(String coordinator, List<LivePartition> partitions, List<String> replicas, boolean repaired,
        List<String> warnings, List<TraceEvent> trace) {
      this(coordinator, partitions, replicas, repaired, warnings, trace, false);
    }
  }

  /**
   * {@code nowInSec}: the Paxos round's now, fixed by its coordinator (or the client's now): the condition read the
   * partition at it, and the TTLs an applied update wrote count from it; {@link #NOW_NOT_REPORTED} when not reported.
   */
  record CasDone(String coordinator, boolean applied, LivePartition current, List<TraceEvent> trace, int nowInSec)
      implements ClientResponse {
    public CasDone(String coordinator, boolean applied, LivePartition current, List<TraceEvent> trace) {
      this(coordinator, applied, current, trace, NOW_NOT_REPORTED);
    }
  }

  /**
   * A failed request as Cassandra reports it: Unavailable (required, alive), WriteTimeout/ReadTimeout (received,
   * required), ReadFailure, InvalidRequest. {@code reported} and {@code writeType}, when not null, are the consistency
   * level and write type the error names where they are not the request's own: a Paxos round's timeout names SERIAL
   * (or LOCAL_SERIAL) and CAS, as Cassandra's CasWriteTimeoutException does.
   */
  record Failed(String coordinator, CqlErrorClass error, String message, int received, int required,
      List<TraceEvent> trace, ConsistencyLevel reported, WriteType writeType) implements ClientResponse {
    public Failed(String coordinator, CqlErrorClass error, String message, int received, int required,
        List<TraceEvent> trace) {
      this(coordinator, error, message, received, required, trace, null, null);
    }
  }
}
