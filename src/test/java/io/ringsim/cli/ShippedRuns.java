package io.ringsim.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One in-process run of a command line per test JVM, shared by the tests that need the same run: each shipped
 * scenario at its own seed is run once for ShippedScenarioOutputTest, LabFiguresTest and RingEverywhereTest (a run
 * takes seconds; the three together would otherwise run every scenario three times). The results folders stay
 * until the JVM exits.
 */
final class ShippedRuns {
  private ShippedRuns() {}

  /**
   * A finished command: what it printed and where it wrote its results (a run's folder; for shrink, the smaller
   * scenario it wrote).
   */
  record Run(CliRun cli, Path dir) {}

  private static final Map<List<String>, Run> RUNS = new ConcurrentHashMap<>();
  private static Path root;

  /** {@code run simulations/NAME.sim} at the scenario's own seed. */
  static Run scenario(String name) {
    return run(List.of("run", "simulations/" + name + ".sim"));
  }

  /**
   * A command whose results folder this class chooses ({@code --out} is appended for run, shrink's {@code --out}
   * is not: give commands that write elsewhere their own paths).
   */
  static synchronized Run run(List<String> args) {
    Run done = RUNS.get(args);
    if (done != null) return done;
    Path dir = root().resolve("run" + RUNS.size());
    List<String> full = new java.util.ArrayList<>(args);
    if (args.get(0).equals("run")) {
      full.add("--quiet");
      full.add("--out");
      full.add(dir.toString());
    } else if (args.get(0).equals("shrink")) {
      try {
        Files.createDirectories(dir);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      dir = dir.resolve("smaller.sim");
      full.add("--out");
      full.add(dir.toString());
    }
    Run r = new Run(CliRun.of(full.toArray(String[]::new)), dir);
    RUNS.put(List.copyOf(args), r);
    return r;
  }

  /** A folder for files the tests write next to the runs (variants of scenarios), removed with them. */
  static synchronized Path root() {
    if (root != null) return root;
    try {
      root = Files.createTempDirectory("ringsim-shipped-runs");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Path r = root;
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try (var files = Files.walk(r)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
      } catch (IOException e) {
        // a temporary folder left behind is not worth failing the build for
      }
    }));
    return root;
  }
}
