package io.ringsim.cli.live;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.node.NodeCommand;
import io.ringsim.cluster.node.NodeReport;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An actor inside the simulation that asks every node for its report once a simulated second and keeps the answers
 * where the live view's HTTP thread can read them. Asking from inside means the HTTP thread never drives the
 * simulation loop or waits on an actor: it only reads the last answers.
 */
final class NodeProbe {
  /** What the live view shows of one node's report. */
  record Sample(boolean running, Map<String, Boolean> view, Map<String, Integer> hintsPending, long hintsStored,
      long hintsReplayed) {}

  interface Msg extends akka.actor.NoSerializationVerificationNeeded {}

  private record Tick() implements Msg {}

  private record Answer(NodeReport report) implements Msg {}

  /** Stops the probe (the live part of the run is over). */
  record Stop() implements Msg {}

  /** How often the nodes are asked, in simulated time. */
  static final Duration EVERY = Duration.ofSeconds(1);

  private final Map<String, Sample> samples = new ConcurrentHashMap<>();

  /** The last answer of each node, sorted by name (safe from any thread). */
  Map<String, Sample> samples() {
    return new TreeMap<>(samples);
  }

  Behavior<Msg> behavior(SimCluster sim) {
    return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> {
      ActorRef<NodeReport> answers = ctx.messageAdapter(NodeReport.class, Answer::new);
      timers.startTimerWithFixedDelay("probe", new Tick(), Duration.ZERO, EVERY);
      return Behaviors.receive(Msg.class)
          .onMessage(Tick.class, t -> {
            try {
              for (String n : sim.nodeNames()) sim.nodeRef(n).tell(new NodeCommand.GetReport(answers));
            } catch (RuntimeException e) {
              // a node joined or left while its names were read: the next second asks again
            }
            return Behaviors.same();
          })
          .onMessage(Answer.class, a -> {
            NodeReport r = a.report();
            samples.put(r.node(), new Sample(r.running(), new TreeMap<>(r.view()), new TreeMap<>(r.hintsPending()),
                r.hintsStored(), r.hintsReplayed()));
            return Behaviors.same();
          })
          .onMessage(Stop.class, s -> Behaviors.stopped())
          .build();
    }));
  }
}
