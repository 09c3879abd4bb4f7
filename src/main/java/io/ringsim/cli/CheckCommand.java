package io.ringsim.cli;

import io.ringsim.sim.Durations;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.script.ScenarioException;
import io.ringsim.sim.script.ScenarioReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Parses and validates scenario files without running them. */
@Command(
    name = "check",
    header = "Check scenario files with every validation run does, without simulating.",
    mixinStandardHelpOptions = true,
    description = {"Check scenario files: syntax and meaning (node names, times, mixes), without running them.",
        "Runs every validation 'run' does before simulating: the cql section is parsed and checked against the",
        "schema it builds, and each workload's table, columns and generators are resolved.",
        "Errors are reported as FILE:LINE:COL: message; the exit code is 2 when any file has one."})
public final class CheckCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @picocli.CommandLine.Mixin LangOption langOption = new LangOption();

  @Parameters(arity = "1..*", description = "Scenario files.")
  List<Path> files;

  @Override
  public Integer call() {
    int rc = ExitCodes.OK;
    io.ringsim.report.Labels t = langOption.resolve().labels();
    for (Path f : files) {
      try {
        RunSpec r = ScenarioReader.read(f, Map.of());
        spec.commandLine().getOut().println(t.f("check.ok", f, count(t, r.nodeCount(), "check.node"),
            count(t, r.workloads().size(), "check.workload"), count(t, r.timeline().size(), "check.action"),
            Durations.format(r.durationMillis())));
      } catch (ScenarioException e) {
        // One line, as run prints the same error (a line break in the file's text, even a vertical tab, is a space).
        String msg = ExitCodes.oneLine(e.getMessage());
        // The file's name too: a line break in it would otherwise split the line.
        // In the chosen language: the FILE:LINE:COL and the offending values stay as they are.
        spec.commandLine().getErr().println(t.sayError(msg.startsWith(ExitCodes.oneLine(f.toString()))
            || f.toString().isBlank() ? msg : ExitCodes.oneLine(f + ": " + msg)));
        rc = ExitCodes.BAD_INPUT;
      }
    }
    return rc;
  }

  /** "1 workload", "2 workloads". */
  static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  private static String count(io.ringsim.report.Labels t, int n, String key) {
    return t.f(key + (n == 1 ? ".one" : ".many"), n);
  }
}
