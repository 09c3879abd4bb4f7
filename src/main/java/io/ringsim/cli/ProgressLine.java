package io.ringsim.cli;

import io.ringsim.sim.ScenarioRunner;
import java.io.PrintWriter;

/**
 * The run's progress bar: one line rewritten in place on stderr. It is wiped when the run ends, fails or is
 * interrupted (Ctrl-C), so that the shell prompt that follows starts on a clean line.
 */
final class ProgressLine implements ScenarioRunner.Progress, AutoCloseable {
  private final PrintWriter err;
  private final boolean show;
  private final Thread onInterrupt;
  private int shown; // characters on the line now

  ProgressLine(PrintWriter err, boolean show) {
    this.err = err;
    this.show = show;
    this.onInterrupt = show ? new Thread(() -> {
      clear();
      err.println();
      err.flush();
    }, "ringsim-progress-wipe") : null;
    if (show) Runtime.getRuntime().addShutdownHook(onInterrupt);
  }

  @Override
  public synchronized void accept(String line) {
    if (!show) return;
    if (line == null) {
      clear();
    } else {
      // Pad over a longer previous line instead of leaving its tail on screen.
      err.print("\r" + line + " ".repeat(Math.max(0, shown - line.length())));
      shown = Math.max(shown, line.length());
    }
    err.flush();
  }

  private synchronized void clear() {
    if (shown > 0) err.print("\r" + " ".repeat(shown) + "\r");
    shown = 0;
    err.flush();
  }

  @Override
  public void close() {
    if (!show) return;
    clear();
    try {
      Runtime.getRuntime().removeShutdownHook(onInterrupt);
    } catch (IllegalStateException shuttingDown) {
      // The JVM is exiting: the hook runs (or ran) and wipes the line itself.
    }
  }
}
