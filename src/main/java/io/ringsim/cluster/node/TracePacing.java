package io.ringsim.cluster.node;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * When a traced statement's events show as happening. ringsim's nodes do a request's steps (parse, plan, read the
 * memtable, answer) within one instant of simulated time, so their clocks alone would give every event the same
 * microsecond and cqlsh would print "--" for each one's source_elapsed. Here each step a node traces takes
 * {@link #STEP_MICROS} of simulated time after that node's previous step: source_elapsed then grows with the work
 * done, step by step, on top of what the simulation's clocks already hold (network delays, a replica's service
 * time before it answers, waits in its queue). Cassandra's own gaps between steps are real CPU time and vary from
 * run to run; these are ringsim's simulated time, deterministic.
 */
public final class TracePacing {
  /** The simulated time one traced step takes on the node that records it, in microseconds. */
  public static final long STEP_MICROS = 10;

  private TracePacing() {}

  /**
   * An event, when it shows as happening (microseconds on its node's clock), and how long after the session started
   * on that node (its source_elapsed).
   */
  public record Paced(TraceEvent event, long atMicros, long elapsedMicros) {}

  /**
   * {@code events} (those {@code keep} keeps), each paced after its node's previous one, in the order they show:
   * by time, same-time events in the order they were recorded. The session starts on the coordinator at the
   * request's arrival ({@code startMicros}), on a replica when the message that brought it the request arrived (its
   * first event's clock reading, as Cassandra starts a replica's trace state on the message); each node's first step
   * comes a step after that.
   */
  public static List<Paced> pace(List<TraceEvent> events, String coordinator, long startMicros,
      Predicate<TraceEvent> keep) {
    List<TraceEvent> ordered = new ArrayList<>(events.size());
    for (TraceEvent e : events) if (keep.test(e)) ordered.add(e);
    ordered.sort(Comparator.comparingLong(TraceEvent::atMicros)); // stable
    Map<String, Long> startOn = new HashMap<>();
    Map<String, Long> last = new HashMap<>();
    startOn.put(coordinator, startMicros);
    last.put(coordinator, startMicros);
    List<Paced> out = new ArrayList<>(ordered.size());
    for (TraceEvent e : ordered) {
      long start = startOn.computeIfAbsent(e.node(), n -> e.atMicros());
      long at = Math.max(e.atMicros(), last.getOrDefault(e.node(), start) + STEP_MICROS);
      last.put(e.node(), at);
      out.add(new Paced(e, at, at - start));
    }
    out.sort(Comparator.comparingLong(Paced::atMicros));
    return out;
  }

  /** When the request completed: its answer's time, and at least a step after the coordinator's last event. */
  public static long end(List<Paced> paced, String coordinator, long startMicros, long endMicros) {
    long last = startMicros;
    for (Paced p : paced) if (p.event().node().equals(coordinator)) last = Math.max(last, p.atMicros());
    return Math.max(endMicros, last + STEP_MICROS);
  }
}
