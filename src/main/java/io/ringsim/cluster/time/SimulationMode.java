package io.ringsim.cluster.time;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;

/**
 * Creates an ActorSystem that runs in virtual time on one thread (see {@link SimulationLoop}). Every dispatcher Akka
 * would use is pointed at the simulation executor, so nothing runs outside the loop.
 */
public final class SimulationMode {
  private SimulationMode() {}

  private static final String OVERRIDES =
      """
      akka.scheduler.implementation = "io.ringsim.cluster.time.VirtualTimeScheduler"
      akka.actor.default-dispatcher {
        type = Dispatcher
        executor = "io.ringsim.cluster.time.SimulationExecutorConfigurator"
        # Mailbox batch size; any value is deterministic, larger is faster.
        throughput = 64
        throughput-deadline-time = 0ms
      }
      # A queue without atomics for the messages the loop's own thread sends (SimulationMailbox).
      akka.actor.default-mailbox.mailbox-type = "io.ringsim.cluster.time.SimulationMailbox"
      akka.actor.typed.default-mailbox.mailbox-type = "io.ringsim.cluster.time.SimulationMailbox"
      akka.actor.internal-dispatcher = ${akka.actor.default-dispatcher}
      akka.actor.default-blocking-io-dispatcher = ${akka.actor.default-dispatcher}
      akka.coordinated-shutdown.run-by-jvm-shutdown-hook = off
      akka.jvm-shutdown-hooks = off
      akka.actor.provider = local
      """;

  /** The configuration of simulation mode on top of {@code base}. */
  public static Config config(Config base) {
    return ConfigFactory.parseString(OVERRIDES).withFallback(base).resolve();
  }

  public static <T> ActorSystem<T> create(Behavior<T> guardian, String name, Config base) {
    return ActorSystem.create(guardian, name, config(base));
  }

  /** The loop of a system created by {@link #create}. */
  public static SimulationLoop loop(ActorSystem<?> system) {
    if (system.classicSystem().scheduler() instanceof VirtualTimeScheduler vts) return vts.loop();
    throw new IllegalArgumentException("actor system " + system.name() + " is not in simulation mode");
  }
}
