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

  /** The notes, in {@code t}'s language. */
  static List<String> of(RunSpec run, Map<String, String> overrides, io.ringsim.report.Labels t) {
    List<String> notes = new ArrayList<>();
    if (overrides.containsKey("duration")) {
      for (WorkloadSpec w : run.workloads()) {
        if (w.endMillis() < run.durationMillis()) {
          notes.add(t.f("note.set-duration.window", overrides.get("duration"), w.name(), Durations.format(w.startMillis()),
              Durations.format(w.endMillis()), Durations.format(run.durationMillis() - w.endMillis())));
        }
      }
    }
    return notes;
  }
}
