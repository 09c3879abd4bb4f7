package io.ringsim.cluster.time;

import akka.dispatch.DispatcherPrerequisites;
import akka.dispatch.ExecutorServiceConfigurator;
import akka.dispatch.ExecutorServiceFactory;
import com.typesafe.config.Config;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Dispatcher executor for simulation mode: hands every mailbox run to the {@link SimulationLoop} of the system's
 * {@link VirtualTimeScheduler}, so actors and timers share one thread and one virtual clock.
 */
public final class SimulationExecutorConfigurator extends ExecutorServiceConfigurator {
  private final DispatcherPrerequisites prerequisites;

  public SimulationExecutorConfigurator(Config config, DispatcherPrerequisites prerequisites) {
    super(config, prerequisites);
    this.prerequisites = prerequisites;
  }

  @Override
  public ExecutorServiceFactory createExecutorServiceFactory(String id, ThreadFactory threadFactory) {
    if (!(prerequisites.scheduler() instanceof VirtualTimeScheduler vts)) {
      throw new IllegalStateException(
          "the simulation dispatcher needs akka.scheduler.implementation = " + VirtualTimeScheduler.class.getName());
    }
    SimulationLoop loop = vts.loop();
    return () -> {
      loop.start(threadFactory);
      return new LoopExecutor(loop);
    };
  }

  private static final class LoopExecutor extends AbstractExecutorService {
    private final SimulationLoop loop;
    private volatile boolean shutdown;

    LoopExecutor(SimulationLoop loop) {
      this.loop = loop;
    }

    @Override
    public void execute(Runnable command) {
      loop.execute(command);
    }

    @Override
    public void shutdown() {
      shutdown = true;
    }

    @Override
    public List<Runnable> shutdownNow() {
      shutdown = true;
      return List.of();
    }

    @Override
    public boolean isShutdown() {
      return shutdown;
    }

    @Override
    public boolean isTerminated() {
      return shutdown;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
      return true;
    }
  }
}
