package io.ringsim.cli;

import io.ringsim.sim.Durations;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a --set did that a user might not expect, said before the run: a longer duration does not stretch a workload
 * whose file gives it an explicit window (from 0s to 2m), so the extra time runs without that load.
 */
final class OverrideNotes {
  private OverrideNotes() {}

  static List<String> of(RunSpec run, Map<String, String> overrides) {
    List<String> notes = new ArrayList<>();
    if (overrides.containsKey("duration")) {
      for (WorkloadSpec w : run.workloads()) {
        if (w.endMillis() < run.durationMillis()) {
          notes.add("--set duration=" + overrides.get("duration") + ": workload " + w.name() + " keeps the window its"
              + " file gives it (" + Durations.format(w.startMillis()) + " to " + Durations.format(w.endMillis())
              + "); the last " + Durations.format(run.durationMillis() - w.endMillis()) + " run without its load");
        }
      }
    }
    return notes;
  }
}
