package io.ringsim.sim.shrink;

import com.typesafe.config.Config;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.report.Labels;
import io.ringsim.sim.CheckSpec;
import io.ringsim.sim.Durations;
import io.ringsim.sim.RunResult;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.Say;
import io.ringsim.sim.ScenarioRunner;
import io.ringsim.sim.ValueGen;
import io.ringsim.sim.WorkloadSpec;
import io.ringsim.sim.script.ScenarioException;
import io.ringsim.sim.script.ScenarioReader;
import io.ringsim.sim.script.ScenarioWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * Searches for a smaller scenario that still fails one check: delta debugging (ddmin) over the timeline's actions
 * and the workloads, then smaller values one setting at a time (the duration, each workload's rate, window and key
 * count, each data centre's node count, the vnodes), over and over until a whole round removes nothing or the
 * budget is spent. Every try is a real run in virtual time, in this JVM, writing nothing: a scenario and a seed
 * always give the same run, so "still fails" is exact, and the order of the tries is fixed, so the same scenario
 * shrinks to the same result whenever the budget is large enough to finish.
 *
 * <p>Each candidate is written as scenario text and read back before it runs: the reader rejects what does not make
 * sense (a timeline naming n5 in a cluster of three), and the text is the key of the memo of tries already made.
 */
public final class Shrinker {
  /** When to stop; asked before each try with the number of tries made so far. */
  public interface Budget {
    boolean exhausted(int tries);
  }

  /** What the search found: the smallest failing scenario (the original, with only the check, if nothing went). */
  public record Result(RunSpec original, RunSpec smallest, String check, int tries, boolean stoppedByBudget) {}

  private final Config config;
  private final Budget budget;
  private final Consumer<String> log;
  /** The progress lines' language. */
  private final Labels t;
  /** Scenario text -> whether it fails the check; a candidate met again costs nothing. */
  private final Map<String, Boolean> seen = new HashMap<>();
  private String check;
  private RunSpec best;
  private int tries;
  private boolean stopped;

  public Shrinker(Config config, Budget budget, Consumer<String> log) {
    this(config, budget, log, Say.EN);
  }

  /** A shrinker whose progress lines are in {@code t}'s language. */
  public Shrinker(Config config, Budget budget, Consumer<String> log, Labels t) {
    this.config = config;
    this.budget = budget;
    this.log = log;
    this.t = t;
  }

  /** One run of a scenario in virtual time, writing nothing; its check rows say what failed. */
  private static RunResult run(RunSpec spec, Config config) {
    return new ScenarioRunner(spec, config, line -> {}).run().result();
  }

  /**
   * Shrinks {@code spec}, which fails {@code check} (a check's text as the run prints it, e.g. "no lost writes").
   * The result keeps only that check: the others say nothing about the failure being shrunk.
   */
  public Result shrink(RunSpec spec, String check) {
    this.check = check;
    List<CheckSpec> only = spec.checks().stream().filter(c -> c.text().equals(check)).toList();
    if (only.isEmpty()) throw new IllegalArgumentException("the scenario has no check '" + check + "'");
    best = Reductions.withChecks(spec, only);
    seen.put(text(best), true); // the caller ran it: the checks do not change the run
    log.accept(t.f("shrink.progress.start", check, size(best, t)));
    boolean progress = true;
    while (progress && !stopped) {
      progress = false;
      progress |= ddmin(best.timeline(), l -> Reductions.withTimeline(best, l), "timeline",
          a -> "'" + a.text() + "'");
      progress |= ddmin(best.workloads(), w -> Reductions.withWorkloads(best, w), "workloads", WorkloadSpec::name);
      progress |= number(best.durationMillis() / 1000, 1, s -> Reductions.withDuration(best, s * 1000),
          s -> t.f("shrink.progress.duration", Durations.format(s * 1000)));
      progress |= workloadSettings();
      progress |= cluster();
    }
    return new Result(spec, best, check, tries, stopped);
  }

  private boolean workloadSettings() {
    boolean changed = false;
    for (int i = 0; i < best.workloads().size(); i++) {
      final int wi = i;
      String name = best.workloads().get(i).name();
      changed |= number(Math.round(best.workloads().get(i).rate()), 1,
          r -> Reductions.replaceWorkload(best, wi, Reductions.rate(best.workloads().get(wi), r)),
          r -> t.f("shrink.progress.rate", name, r));
      changed |= number(best.workloads().get(i).endMillis() / 1000, best.workloads().get(i).startMillis() / 1000 + 1,
          e -> Reductions.replaceWorkload(best, wi, Reductions.window(best.workloads().get(wi),
              best.workloads().get(wi).startMillis(), e * 1000)),
          e -> t.f("shrink.progress.ending", name, Durations.format(e * 1000)));
      WorkloadSpec w = best.workloads().get(i);
      changed |= number((w.endMillis() - w.startMillis()) / 1000, 1,
          len -> Reductions.replaceWorkload(best, wi, Reductions.window(best.workloads().get(wi),
              best.workloads().get(wi).endMillis() - len * 1000, best.workloads().get(wi).endMillis())),
          len -> t.f("shrink.progress.starting", name, Durations.format(len * 1000)));
      for (String column : new TreeMap<>(best.workloads().get(i).generators()).keySet()) {
        ValueGen g = best.workloads().get(i).generators().get(column);
        if (Reductions.count(g) <= 1) continue;
        changed |= number(Reductions.count(g), 1,
            n -> Reductions.replaceWorkload(best, wi, Reductions.generator(best.workloads().get(wi), column,
                Reductions.withCount(best.workloads().get(wi).generators().get(column), n))),
            n -> t.f("shrink.progress.values", name, column, n));
      }
    }
    return changed;
  }

  private boolean cluster() {
    boolean changed = false;
    for (int i = 0; i < best.dcs().size(); i++) {
      final int di = i;
      ClusterBuilder.Dc dc = best.dcs().get(i);
      changed |= number(dc.nodes(), 1, n -> {
        List<ClusterBuilder.Dc> dcs = new ArrayList<>(best.dcs());
        ClusterBuilder.Dc d = dcs.get(di);
        dcs.set(di, new ClusterBuilder.Dc(d.name(), (int) n, (int) Math.min(d.racks(), n)));
        return Reductions.withCluster(best, dcs, best.vnodes());
      }, n -> best.dcs().size() == 1 ? t.f("shrink.progress.nodes", n) : t.f("shrink.progress.dc-nodes", dc.name(), n));
    }
    changed |= number(best.vnodes(), 1, v -> Reductions.withCluster(best, best.dcs(), (int) v),
        v -> t.f("shrink.progress.vnodes", v));
    return changed;
  }

  /**
   * Delta debugging (Zeller's ddmin, complements first): removes ever smaller chunks of {@code items} while the
   * scenario still fails. Returns whether anything went.
   */
  private <T> boolean ddmin(List<T> items, Function<List<T>, RunSpec> make, String what, Function<T, String> label) {
    List<T> current = items;
    int n = 2;
    boolean changed = false;
    while (!current.isEmpty() && !stopped) {
      int parts = Math.min(n, current.size());
      List<List<T>> chunks = new ArrayList<>();
      List<List<T>> complements = new ArrayList<>();
      for (int i = 0; i < parts; i++) {
        int from = current.size() * i / parts, to = current.size() * (i + 1) / parts;
        chunks.add(new ArrayList<>(current.subList(from, to)));
        List<T> complement = new ArrayList<>(current.subList(0, from));
        complement.addAll(current.subList(to, current.size()));
        complements.add(complement);
      }
      boolean reduced = false;
      for (int i = 0; i < chunks.size() && !reduced; i++) {
        List<T> complement = complements.get(i);
        if (test(make.apply(complement), t.f("shrink.progress." + what + ".without", labels(chunks.get(i), label)))) {
          current = complement;
          n = Math.max(n - 1, 2);
          reduced = true;
        }
      }
      for (int i = 0; i < chunks.size() && !reduced && chunks.size() > 2; i++) {
        if (test(make.apply(chunks.get(i)), t.f("shrink.progress." + what + ".only", labels(chunks.get(i), label)))) {
          current = chunks.get(i);
          n = 2;
          reduced = true;
        }
      }
      if (reduced) changed = true;
      else if (parts >= current.size()) break;
      else n = Math.min(current.size(), n * 2);
    }
    return changed;
  }

  /** The items a try leaves out (or keeps), named; a long list shortened. */
  private <T> String labels(List<T> items, Function<T, String> label) {
    List<String> names = items.stream().map(label).toList();
    String sep = t.get("shrink.sep");
    return names.size() <= 3 ? String.join(sep, names)
        : t.f("shrink.progress.more", String.join(sep, names.subList(0, 2)), names.size() - 2);
  }

  /**
   * Lowers one whole-number setting from {@code value} towards {@code min}: tries the minimum first, then ever
   * smaller cuts (half the distance, a quarter, ...), keeping each cut that still fails and trying it again.
   */
  private boolean number(long value, long min, LongFunction<RunSpec> make, LongFunction<String> what) {
    boolean changed = false;
    long v = value;
    long delta = v - min;
    while (delta > 0 && !stopped) {
      long candidate = v - delta;
      RunSpec spec;
      try {
        spec = make.apply(candidate);
      } catch (IllegalArgumentException e) {
        delta /= 2; // not a scenario at all (a workload window that ends before it starts)
        continue;
      }
      if (test(spec, what.apply(candidate))) {
        v = candidate;
        changed = true;
        delta = Math.min(delta, v - min);
      } else {
        delta /= 2;
      }
    }
    return changed;
  }

  /** Runs a candidate (unless it was met before); when it still fails the check it becomes the best so far. */
  private boolean test(RunSpec candidate, String what) {
    if (stopped) return false;
    String text;
    try {
      text = text(candidate);
    } catch (IllegalArgumentException e) {
      return false;
    }
    Boolean known = seen.get(text);
    if (known != null) return known;
    if (budget.exhausted(tries)) {
      stopped = true;
      return false;
    }
    tries++;
    String outcome;
    boolean fails = false;
    try {
      RunSpec parsed = ScenarioReader.parse(text, best.name() + ".sim", Map.of());
      RunResult r = run(parsed, config);
      fails = r.checks().stream().anyMatch(c -> c.check().equals(check) && c.failed());
      outcome = t.get(fails ? "shrink.progress.fails" : "shrink.progress.passes");
      if (fails) best = parsed;
    } catch (ScenarioException e) {
      outcome = t.f("shrink.progress.invalid", afterPosition(e.getMessage()));
    } catch (RuntimeException e) {
      // A candidate that stops the run (bad input the reader cannot see) is not the same failure.
      outcome = t.f("shrink.progress.error", e.getMessage());
    }
    seen.put(text, fails);
    log.accept(t.f("shrink.progress.try", tries, what, size(candidate, t), outcome, size(best, t)));
    return fails;
  }

  private static String text(RunSpec s) {
    return ScenarioWriter.write(s, List.of());
  }

  /** The reader's message without its FILE:LINE:COL: the candidate's text is nowhere to look it up. */
  private static String afterPosition(String msg) {
    return msg.replaceFirst("^[^ ]*:[0-9]+(:[0-9]+)?: ", "");
  }

  /** A scenario's size as the progress lines and the summary show it. */
  public static String size(RunSpec s) {
    return size(s, Say.EN);
  }

  /** {@link #size(RunSpec)} in {@code t}'s language. */
  public static String size(RunSpec s, Labels t) {
    return t.f("shrink.size", s.timeline().size(), s.workloads().size(), Reductions.plannedOperations(s),
        Durations.format(s.durationMillis()), s.nodeCount(), s.vnodes());
  }
}
