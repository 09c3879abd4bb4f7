package io.ringsim.report;

import java.util.List;

/**
 * A sequence (Lamport) diagram of the messages about one key in a time window: a lane per client, coordinator and
 * replica, an arrow per message (a drop ends short, with its reason), faults as bands. What the window leaves out is
 * counted, not drawn. Times are simulated microseconds. {@code clientLanes}: how many of the first lanes are
 * clients (a terminal too narrow for them folds them into one).
 */
public record SequenceDiagram(List<String> lanes, long fromMicros, long toMicros, List<Arrow> arrows,
    List<Band> bands, int elidedBefore, int elidedAfter, int clientLanes) {
  public SequenceDiagram {
    lanes = List.copyOf(lanes);
    arrows = List.copyOf(arrows);
    bands = List.copyOf(bands);
  }

  public SequenceDiagram(List<String> lanes, long fromMicros, long toMicros, List<Arrow> arrows, List<Band> bands,
      int elidedBefore, int elidedAfter) {
    this(lanes, fromMicros, toMicros, arrows, bands, elidedBefore, elidedAfter, 0);
  }

  /**
   * One message, or a node event when {@code from} equals {@code to} and {@code outcome} is "event".
   *
   * @param outcome delivered, event, or why it was dropped: partitioned, lost, crashed, undeliverable
   */
  public record Arrow(long sendMicros, long arriveMicros, String from, String to, String label, String outcome) {
    public boolean dropped() {
      return !outcome.equals("delivered") && !outcome.equals("event");
    }
  }

  /** A fault over a time span: on one lane (a crashed node) or, with an empty lane, across all (a partition). */
  public record Band(long fromMicros, long toMicros, String lane, String text) {}
}
