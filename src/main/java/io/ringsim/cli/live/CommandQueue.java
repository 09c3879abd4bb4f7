package io.ringsim.cli.live;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.UnaryOperator;

/**
 * Fault words clicked in the live view, waiting for the thread that applies faults (the one that drives the run):
 * faults are never applied from the HTTP thread, so they cannot race the timeline's or the console's.
 */
public final class CommandQueue implements LiveView.Commands {
  private record Pending(String line, CompletableFuture<String> answer) {}

  private final ConcurrentLinkedQueue<Pending> pending = new ConcurrentLinkedQueue<>();
  private volatile String closed;

  @Override
  public CompletableFuture<String> submit(String line) {
    CompletableFuture<String> f = new CompletableFuture<>();
    pending.add(new Pending(line, f));
    if (closed != null) drainClosed();
    return f;
  }

  /** On the driving thread: runs every waiting command, each answered with what {@code run} printed. */
  public void runPending(UnaryOperator<String> run) {
    Pending p;
    while ((p = pending.poll()) != null) {
      try {
        p.answer().complete(run.apply(p.line()));
      } catch (RuntimeException e) {
        p.answer().complete(p.line() + " failed: " + e.getMessage());
        throw e;
      }
    }
  }

  /** No command runs any more: those waiting, and any sent later, are answered {@code why}. */
  public void close(String why) {
    closed = why;
    drainClosed();
  }

  private void drainClosed() {
    Pending p;
    while ((p = pending.poll()) != null) p.answer().complete(closed);
  }
}
