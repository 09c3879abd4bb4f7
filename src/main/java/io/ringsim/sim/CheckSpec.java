package io.ringsim.sim;

import static io.ringsim.sim.Say.EN;

import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * One of a scenario's check lines, judged on the checker's counts after the run: an anomaly count that must stay at
 * most a limit ({@code no lost writes}, {@code stale reads <= 10}), or the availability of one consistency level
 * ({@code availability QUORUM >= 99%}). {@code text} is the line as the report shows it.
 */
public sealed interface CheckSpec {
  String text();

  /**
   * The verdict on one run. {@code historyRecorded}: false for 'history off', when the checker did not run and its
   * counts say nothing; availability is counted from the replies and is judged anyway.
   */
  RunResult.CheckRow evaluate(RunResult.AnomalyCounts counts, List<RunResult.LevelRow> levels,
      boolean historyRecorded);

  /** The anomaly counts a check line can limit, each with the words the verdict uses. */
  enum Counted {
    LOST_WRITES("say.check.count.lost-writes", RunResult.AnomalyCounts::lostWrites),
    STALE_READS("say.check.count.stale-reads", RunResult.AnomalyCounts::staleReads),
    READ_YOUR_WRITES("say.check.count.read-your-writes", RunResult.AnomalyCounts::readYourWritesViolations),
    LWT("say.check.count.lwt", RunResult.AnomalyCounts::lwtViolations);

    /** The label of the verdict's detail: the count and the limit. */
    private final String words;
    private final ToLongFunction<RunResult.AnomalyCounts> count;

    Counted(String words, ToLongFunction<RunResult.AnomalyCounts> count) {
      this.words = words;
      this.count = count;
    }
  }

  /** At most {@code max} anomalies of one kind. */
  record AnomalyLimit(Counted counted, long max, String text) implements CheckSpec {
    @Override
    public RunResult.CheckRow evaluate(RunResult.AnomalyCounts counts, List<RunResult.LevelRow> levels,
        boolean historyRecorded) {
      if (!historyRecorded) {
        return new RunResult.CheckRow(text, RunResult.Verdict.NOT_APPLICABLE,
            EN.get("say.check.history-off"));
      }
      long n = counted.count.applyAsLong(counts);
      return new RunResult.CheckRow(text, verdict(n <= max), EN.f(counted.words, n, max));
    }
  }

  /**
   * At least {@code minPercent} of the operations at {@code consistency} succeeded, throttled ones (never sent)
   * counting as not available; not applicable when the run had none at that level.
   */
  record Availability(String consistency, double minPercent, String text) implements CheckSpec {
    @Override
    public RunResult.CheckRow evaluate(RunResult.AnomalyCounts counts, List<RunResult.LevelRow> levels,
        boolean historyRecorded) {
      RunResult.LevelRow l = levels.stream().filter(x -> x.consistency().equals(consistency)).findFirst()
          .orElse(new RunResult.LevelRow(consistency, 0, 0, 0, null));
      long total = l.ok() + l.failed() + l.throttled();
      if (total == 0) {
        return new RunResult.CheckRow(text, RunResult.Verdict.NOT_APPLICABLE,
            EN.f("say.check.no-ops", consistency));
      }
      double pct = 100.0 * l.ok() / total;
      String percent = String.format(Locale.ROOT, "%.2f", pct), required = String.format(Locale.ROOT, "%.2f",
          minPercent);
      return new RunResult.CheckRow(text, verdict(pct >= minPercent), l.throttled() == 0
          ? EN.f("say.check.availability", percent, total, consistency, required)
          : EN.f("say.check.availability.throttled", percent, total, consistency, l.throttled(), required));
    }
  }

  private static RunResult.Verdict verdict(boolean pass) {
    return pass ? RunResult.Verdict.PASS : RunResult.Verdict.FAIL;
  }
}
