package io.ringsim.storage;

import java.util.List;

/** What a restart's commit-log replay did: entries applied, entries skipped as corrupt (with why), bytes lost. */
public record ReplayReport(int replayed, int skippedFlushed, List<String> corrupt, int lostUnsynced) {
  public ReplayReport {
    corrupt = List.copyOf(corrupt);
  }
}
