package io.ringsim.cluster.time;

import akka.actor.Cancellable;
import akka.actor.Scheduler;
import akka.dispatch.MessageDispatcher;
import akka.event.LoggingAdapter;
import com.typesafe.config.Config;
import java.io.Closeable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
    return loop.schedule(initialDelay.toNanos(), every, onFire(runnable, executor));
  }

  @Override
  public Cancellable scheduleOnce(FiniteDuration delay, Runnable runnable, ExecutionContext executor) {
    return loop.schedule(delay.toNanos(), 0, onFire(runnable, executor));
  }

  /**
   * What the loop runs when a timer fires. A timer only fires when the loop has no task queued, so handing the
   * runnable to a simulation dispatcher would make it the very next task: running it at once is the same order of
   * events, without one more queued task per timer (one per simulated network delivery). Other executors keep
   * their own thread.
   */
  private Runnable onFire(Runnable runnable, ExecutionContext executor) {
    // The parasitic executor (nodes' request timers) runs a task on the calling thread, here the loop's, at once.
    if (executor == PARASITIC) return runnable;
    if (runsOnLoop.computeIfAbsent(executor, VirtualTimeScheduler::isSimulationDispatcher)) return runnable;
    return () -> executor.execute(runnable);
  }

  private final Map<ExecutionContext, Boolean> runsOnLoop = new ConcurrentHashMap<>();
  private static final ExecutionContext PARASITIC = akka.dispatch.ExecutionContexts$.MODULE$.parasitic();

  private static boolean isSimulationDispatcher(ExecutionContext executor) {
    if (!(executor instanceof MessageDispatcher d)) return false;
    Config c = d.configurator().config();
    return c.hasPath("executor") && SimulationExecutorConfigurator.class.getName().equals(c.getString("executor"));
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
