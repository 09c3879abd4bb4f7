package io.ringsim.cli;

import com.typesafe.config.ConfigFactory;
import io.ringsim.report.Labels;
import io.ringsim.sim.Durations;
import io.ringsim.sim.RunResult;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.ScenarioRunner;
import io.ringsim.sim.script.Names;
import io.ringsim.sim.script.ScenarioReader;
import io.ringsim.sim.script.ScenarioWriter;
import io.ringsim.sim.shrink.Changes;
import io.ringsim.sim.shrink.Shrinker;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Searches for a smaller scenario that still fails a check, and writes it as a .sim file. */
@Command(
    name = "shrink",
    header = "Find a smaller scenario that still fails a check, and write it as a .sim file.",
    mixinStandardHelpOptions = true,
    description = {"Run a failing scenario, then search for a smaller one that fails the same",
        "check: fewer timeline lines and workloads (delta debugging), then a shorter",
        "duration, lower rates, narrower workload windows, fewer keys, fewer nodes",
        "and vnodes. Every try is a deterministic run in virtual time; progress goes",
        "to stderr. The result has a header saying what was removed and the command",
        "that shows it fails. With --budget the result can depend on the machine's",
        "speed; with --tries, or a budget large enough to finish, it does not.",
        "",
        "Example:",
        "  ringsim shrink simulations/zombies.sim --check 'no lost writes' --budget 5m"})
public final class ShrinkCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", description = "The failing scenario file.")
  Path file;

  @Option(names = "--check", paramLabel = "NAME", description = "The check to keep failing, as the run prints it"
      + " (e.g. 'no lost writes'); default: the first check that fails.")
  String check;

  @Option(names = "--out", paramLabel = "SMALLER.sim", description = "Where to write the result (default:"
      + " FILE-min.sim in the current directory).")
  Path out;

  @Option(names = "--budget", paramLabel = "DURATION", defaultValue = "2m", description = "Wall time to spend"
      + " searching (default: ${DEFAULT-VALUE}); the try under way when it runs out is finished.")
  String budget;

  @Option(names = "--tries", paramLabel = "N", description = "Stop after N runs instead (or as well): the same"
      + " result on any machine.")
  Integer maxTries;

  @Option(names = "--seed", description = "Seed (overrides the scenario's; written into the result).")
  Long seed;

  @Option(names = "--set", description = "Override a setting, as run does: key=value (written into the result).")
  List<String> sets = new ArrayList<>();

  /** The language of what it prints when done; the result's header, a scenario file, is English like every file. */
  @picocli.CommandLine.Mixin LangOption langOption = new LangOption();

  @Override
  public Integer call() throws IOException {
    long budgetMillis;
    try {
      budgetMillis = Durations.parse(budget);
    } catch (Durations.BadDuration e) {
      throw new BadInputException("--budget: " + e.getMessage());
    }
    if (budgetMillis <= 0) throw new BadInputException("--budget must be longer than 0s, got '" + budget + "'");
    if (maxTries != null && maxTries < 1) throw new BadInputException("--tries must be at least 1, got " + maxTries);
    Labels t = langOption.resolve().labels();
    // The queries and model sections take no part in a run; they are carried into the result unchanged, so that
    // the smaller scenario can still be modelled.
    ScenarioReader.Model model = ScenarioReader.readModel(file, RunCommand.overrides(sets, seed));
    RunSpec run = model.spec();
    try {
      // Every try is written and read back: a scenario that does not survive that cannot be shrunk faithfully.
      ScenarioReader.Model back = ScenarioReader.parseModel(ScenarioWriter.write(model, List.of()), file.toString(),
          Map.of());
      if (!back.spec().equals(run) || !back.limits().equals(model.limits())
          || !back.queries().stream().map(q -> q.cql()).toList().equals(model.queries().stream().map(q -> q.cql())
              .toList())) {
        throw new IllegalArgumentException("it does not read back the same once written");
      }
    } catch (IllegalArgumentException e) {
      throw new BadInputException(file + ": cannot shrink: " + e.getMessage());
    }
    Path target = out != null ? out : Path.of(baseName(file) + "-min.sim");
    checkWritable(target);
    if (run.checks().isEmpty()) throw new BadInputException(file + " makes no checks: there is no failure to shrink"
        + " (add a check section)");
    List<String> names = run.checks().stream().map(c -> c.text()).toList();
    if (check != null && !names.contains(check.strip())) {
      throw new BadInputException("--check '" + check + "': " + file + " has no such check (its checks: '"
          + String.join("', '", names) + "')");
    }
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter outw = spec.commandLine().getOut();
    long start = System.nanoTime();
    RunResult first;
    // The first run, to see which checks fail, shows the run's progress bar on a terminal (erased when done).
    try (ProgressLine progress = new ProgressLine(err, System.console() != null)) {
      first = new ScenarioRunner(run, ConfigFactory.load(), progress).run().result();
    } catch (ScenarioRunner.ScenarioFailure e) {
      throw new BadInputException(file + ": " + e.getMessage());
    }
    String goal = goal(first, run);
    Shrinker.Budget limit = tries -> (maxTries != null && tries >= maxTries)
        || (System.nanoTime() - start) / 1_000_000 >= budgetMillis;
    Shrinker shrinker = new Shrinker(ConfigFactory.load(), limit, line -> {
      err.println("shrink " + clock(start) + " " + line);
      err.flush();
    }, t);
    Shrinker.Result result = shrinker.shrink(run, goal);
    String name = baseName(target);
    RunSpec smallest = renamed(result.smallest(), name);
    boolean replaced = Files.exists(target);
    Files.writeString(target, ScenarioWriter.write(new ScenarioReader.Model(target.toString(), smallest,
        model.queries(), model.limits()), header(result, target)), StandardCharsets.UTF_8);
    List<String> changes = Changes.of(result.original(), result.smallest(), t);
    outw.println(t.f("shrink.wrote", target, replaced ? t.get("shrink.wrote.replacing") : "",
        Shrinker.size(result.smallest(), t), Shrinker.size(result.original(), t)));
    for (String c : changes) outw.println("  " + c);
    if (changes.isEmpty())
      outw.println("  " + t.get(result.stoppedByBudget() ? "shrink.nothing.budget" : "shrink.nothing"));
    outw.println(t.f(result.stoppedByBudget() ? "shrink.tries.budget" : "shrink.tries.done", result.tries(),
        clock(start).replaceAll("[\\[\\]]", "")));
    outw.println(t.f("shrink.fails", goal, RerunCommand.of(target, smallest.seed(), List.of())));
    return ExitCodes.OK;
  }

  /** The check to keep failing: the one asked for, or the first that fails; a passing one is nothing to shrink. */
  private String goal(RunResult first, RunSpec run) {
    for (RunResult.CheckRow row : first.checks()) {
      if (check != null && !row.check().equals(check.strip())) continue;
      if (row.failed()) return row.check();
      if (check == null) continue;
      throw new BadInputException("--check '" + row.check() + "' " + (row.passed() ? "passes" : "is not applicable")
          + " (" + row.detail() + ") with seed "
          + run.seed() + ": there is no failure to shrink");
    }
    throw new BadInputException("every check of " + file + " passes with seed " + run.seed()
        + ": there is no failure to shrink (try another --seed)");
  }

  private List<String> header(Shrinker.Result r, Path target) {
    List<String> h = new ArrayList<>();
    StringBuilder cmd = new StringBuilder("bin/ringsim shrink ").append(RerunCommand.quote(file.toString()));
    cmd.append(" --check ").append(RerunCommand.quote(r.check()));
    if (seed != null) cmd.append(" --seed ").append(seed);
    for (String s : sets) cmd.append(" --set ").append(RerunCommand.quote(s));
    h.add(baseName(target) + ": " + r.original().name() + " shrunk by `" + cmd + "`.");
    h.add("It still fails the check '" + r.check() + "'; see it with:");
    h.add("  " + RerunCommand.of(target, r.smallest().seed(), List.of()));
    h.add("What shrinking changed (" + r.tries() + " tries" + (r.stoppedByBudget()
        ? "; stopped by the budget: a larger one may shrink it further" : "; search finished") + "):");
    List<String> changes = Changes.of(r.original(), r.smallest());
    if (changes.isEmpty()) h.add("  nothing");
    for (String c : changes) h.add("  - " + c);
    return h;
  }

  /** The result gets its own scenario name, so that its results folder is not the original's. */
  private static RunSpec renamed(RunSpec s, String name) {
    // A scenario NAME as Scenario.g4 reads it; a file name that is not one leaves the original's name, with -min.
    String n = Names.isName(name) && readsAsName(name) ? name : s.name() + "-min";
    return new RunSpec(n, s.description(), s.seed(), s.durationMillis(), s.dcs(), s.vnodes(), s.allocator(),
        s.partitioner(), s.latency(), s.loss(), s.storage(), s.cql(), s.workloads(), s.timeline(), s.checks(),
        s.recordHistory(), s.consistentRangeMovement());
  }

  /** Whether a scenario file can be named {@code name}: not a word of the language such as check or cluster. */
  private static boolean readsAsName(String name) {
    try {
      return ScenarioReader.parse("scenario " + name + "\n", "name.sim", Map.of()).name().equals(name);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** Before the search, not after minutes of it: a result that cannot be written should cost nothing. */
  private static void checkWritable(Path target) {
    if (Files.isDirectory(target)) throw new BadInputException("--out " + target + " is a folder; give a file name");
    Path parent = target.toAbsolutePath().getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw new BadInputException("--out " + target + ": no such folder " + parent);
    }
    if (!Files.isWritable(parent) || (Files.exists(target) && !Files.isWritable(target))) {
      throw new BadInputException("--out " + target + ": cannot write there");
    }
  }

  private static String baseName(Path p) {
    String n = p.getFileName() == null ? "scenario" : p.getFileName().toString();
    return n.endsWith(".sim") ? n.substring(0, n.length() - 4) : n;
  }

  private static String clock(long startNanos) {
    long s = (System.nanoTime() - startNanos) / 1_000_000_000L;
    return "[" + s / 60 + ":" + String.format("%02d", s % 60) + "]";
  }
}
