package io.ringsim.report;

import java.util.List;

/**
 * Why one anomaly happened, in plain records for report.html and {@code ringsim explain}: the key, its token and
 * replicas, a story in plain words, and the messages around it as a sequence diagram.
 *
 * @param number the anomaly's place in the run's list (1 = first), as {@code explain --anomaly N} takes it; 0 for a
 *     key asked for with {@code --key}
 */
public record AnomalyStory(int number, String kind, String table, String key, String token, List<String> replicas,
    long atMillis, String story, SequenceDiagram diagram) {
  public AnomalyStory {
    replicas = List.copyOf(replicas);
  }
}
