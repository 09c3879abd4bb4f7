package io.ringsim.report;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * Something that happened to the cluster at a simulated time: crash, restart, partition, heal, clock-skew, bootstrap,
 * decommission, repair, compaction... {@code node} is empty for cluster-wide events.
 */
public record RunEvent(long atMillis, String kind, String node, String text) {
  public RunEvent {
    kind = Lists.text(kind);
    node = Lists.text(node);
    text = Lists.text(text);
  }

  /** Whether the event takes capacity away (drawn red on timelines) rather than restoring it. */
  @JsonIgnore
  public boolean isFailure() {
    return switch (kind) {
      case "crash", "partition", "stop", "kill", "disk-failure", "clock-skew", "slow" -> true;
      default -> false;
    };
  }
}
