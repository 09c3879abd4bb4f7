package io.ringsim.cluster.time;

import akka.actor.Cancellable;
import akka.actor.Scheduler;
import akka.event.LoggingAdapter;
import com.typesafe.config.Config;
import java.io.Closeable;
import java.util.concurrent.ThreadFactory;
import scala.concurrent.ExecutionContext;
import scala.concurrent.duration.FiniteDuration;

/**
 * Akka scheduler for simulation mode ({@code akka.scheduler.implementation}): every timer — actor timers, ask
 * timeouts, simulated network delays — is a virtual-time event of the system's {@link SimulationLoop}.
 */
public final class VirtualTimeScheduler implements Scheduler, Closeable {
  private final SimulationLoop loop = new SimulationLoop();

  /** Akka instantiates schedulers reflectively with exactly this constructor. */
  public VirtualTimeScheduler(Config config, LoggingAdapter log, ThreadFactory threadFactory) {}

  public SimulationLoop loop() {
    return loop;
  }

  @Override
  public Cancellable schedule(
      FiniteDuration initialDelay, FiniteDuration interval, Runnable runnable, ExecutionContext executor) {
    long every = Math.max(1, interval.toNanos());
    return loop.schedule(initialDelay.toNanos(), every, () -> executor.execute(runnable));
  }

  @Override
  public Cancellable scheduleOnce(FiniteDuration delay, Runnable runnable, ExecutionContext executor) {
    return loop.schedule(delay.toNanos(), 0, () -> executor.execute(runnable));
  }

  @Override
  public double maxFrequency() {
    return 1.0e9;
  }

  @Override
  public void close() {
    loop.stop();
  }
}
