package io.ringsim.cluster.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A request's trace: an untraced request's drops every event; a traced one's shows them all, late ones included. */
class RequestTraceTest {
  private static final TraceEvent READ = new TraceEvent(5, "n2", TraceStage.READ, "Acquiring sstable references");
  private static final TraceEvent SENT = new TraceEvent(9, "n2", TraceStage.MESSAGING,
      "Sending READ_RSP message to {} message size 3 bytes", List.of("n1"));

  @Test
  void anUntracedRequestRecordsNothing() {
    RequestTrace off = RequestTrace.coordinator(false);
    off.add(READ);
    off.addAll(List.of(SENT));
    assertThat(off.isOn()).isFalse();
    assertThat(off.events()).isEmpty();
    assertThat(RequestTrace.OFF.events()).isEmpty();
  }

  @Test
  void aCoordinatorsEventsShowThoseRecordedAfterTheyWereHandedOut() {
    RequestTrace trace = RequestTrace.coordinator(true);
    List<TraceEvent> shown = trace.events();
    trace.add(READ);
    // A replica beyond the consistency level answers after the client has its answer.
    trace.addAll(List.of(SENT));
    assertThat(trace.isOn()).isTrue();
    assertThat(shown).containsExactly(READ, SENT);
    assertThatThrownBy(() -> shown.add(READ)).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aReplicasEventsKeepTheirOrder() {
    RequestTrace trace = RequestTrace.replica();
    trace.add(SENT);
    trace.add(READ);
    assertThat(trace.events()).containsExactly(SENT, READ);
  }
}
