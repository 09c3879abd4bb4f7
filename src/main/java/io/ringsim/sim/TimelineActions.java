package io.ringsim.sim;

import static io.ringsim.sim.Say.EN;

import akka.actor.typed.ActorRef;
import akka.actor.typed.javadsl.Behaviors;
import io.ringsim.cluster.ClientSession;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.ConsistentRangeMovement;
import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.node.NodeCommand;
import io.ringsim.cql.CqlException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The scenario's timeline actions as a simulation applies them (crash, partition, bootstrap, repair, cql...): each
 * changes the cluster, tells the workloads which nodes they may use, and adds its line to the run's events.
 */
final class TimelineActions {
  private final RunSpec spec;
  private final SimCluster sim;
  private final ClientSession session;
  private final List<ActorRef<WorkloadActor.Msg>> workloads;
  private final List<RunResult.Event> events;

  TimelineActions(RunSpec spec, SimCluster sim, ClientSession session, List<ActorRef<WorkloadActor.Msg>> workloads,
      List<RunResult.Event> events) {
    this.spec = spec;
    this.sim = sim;
    this.session = session;
    this.workloads = workloads;
    this.events = events;
  }

  /** Member JVMs exist only with --cluster: a simulation refuses the action before it starts. */
  static void refuseMemberStops(RunSpec spec) {
    for (TimedAction ta : spec.timeline()) {
      if (ta.action() instanceof Action.StopMember) {
        throw new ScenarioRunner.ScenarioFailure("at " + Durations.format(ta.atMillis()) + " (" + ta.text()
            + "): there are no member JVMs in a simulation; run with --cluster HOST:PORT, or crash the nodes"
            + " instead");
      }
    }
  }

  /** A live run stopped early: every workload starts nothing more (what is in flight still finishes). */
  void stopWorkloads() {
    ActorRef<WorkloadActor.Drained> nobody = sim.spawn(Behaviors.ignore(), "workloads-stopped");
    for (ActorRef<WorkloadActor.Msg> w : workloads) w.tell(new WorkloadActor.Drain(nobody));
  }

  void apply(TimedAction ta) {
    Action a = ta.action();
    long now = sim.nowNanos() / 1000;
    try {
      if (a instanceof Action.Crash c) {
        sim.crash(c.node());
        tellWorkloads(c.node(), false);
        event(now, "crash", EN.f("say.event.crash", c.node()));
      } else if (a instanceof Action.Restart r) {
        var replay = sim.restart(r.node());
        tellWorkloads(r.node(), true);
        boolean lost = replay.lostUnsynced() > 0, corrupt = !replay.corrupt().isEmpty();
        event(now, "restart", lost && corrupt
            ? EN.f("say.event.restart.lost.corrupt", r.node(), replay.replayed(), replay.lostUnsynced(),
                replay.corrupt().size())
            : lost ? EN.f("say.event.restart.lost", r.node(), replay.replayed(), replay.lostUnsynced())
            : corrupt ? EN.f("say.event.restart.corrupt", r.node(), replay.replayed(), replay.corrupt().size())
            : EN.f("say.event.restart", r.node(), replay.replayed()));
      } else if (a instanceof Action.Bootstrap b) {
        ClusterBuilder.Dc dc = spec.dcs().get(0);
        try {
          long streamed = sim.bootstrap(b.node(), dc.name(), "rack1", spec.vnodes(),
              ClusterBuilder.joiningAllocator(spec.allocator(), spec.seed()));
          event(now, "bootstrap", EN.f("say.event.bootstrap", b.node(), streamed));
        } catch (ConsistentRangeMovement.Refused e) {
          // As a Cassandra node's startup fails: it never joins, the cluster goes on without it.
          event(now, "bootstrap-failed", EN.f("say.event.bootstrap-failed", b.node(), e.getMessage()));
        }
      } else if (a instanceof Action.Decommission d) {
        tellWorkloads(d.node(), false);
        long streamed = sim.decommission(d.node());
        event(now, "decommission", EN.f("say.event.decommission", d.node(), streamed));
      } else if (a instanceof Action.Partition p) {
        sim.partition(p.side1(), p.side2(), p.oneWay());
        event(now, "partition", EN.f(p.oneWay() ? "say.event.one-way" : "say.event.partition", p.side1(), p.side2()));
      } else if (a instanceof Action.Heal) {
        sim.heal();
        event(now, "heal", EN.get("say.event.heal"));
      } else if (a instanceof Action.Slow s) {
        sim.slow(s.node(), Duration.ofMillis(s.extraMillis()));
        event(now, "slow", EN.f("say.event.slow", s.node(), s.extraMillis()));
      } else if (a instanceof Action.Loss l) {
        sim.setLoss(l.probability());
        event(now, "loss", EN.f("say.event.loss", Math.round(l.probability() * 1000) / 10.0));
      } else if (a instanceof Action.ClockSkew s) {
        sim.clockSkew(s.node(), Duration.ofMillis(s.skewMillis()));
        event(now, "clock-skew", EN.f("say.event.clock-skew", s.node(), s.skewMillis()));
      } else if (a instanceof Action.Flush f) {
        for (String n : targets(f.node())) sim.flush(n);
        event(now, "flush", EN.f("say.event.flush", f.node() == null ? EN.get("say.event.all-nodes") : f.node()));
      } else if (a instanceof Action.Compact c) {
        for (String n : targets(c.node())) sim.compact(n);
        event(now, "compact", EN.f("say.event.compact", c.node() == null ? EN.get("say.event.all-nodes") : c.node()));
      } else if (a instanceof Action.Repair r) {
        for (String n : targets(r.node())) {
          NodeCommand.RepairResult res = sim.repair(n);
          event(now, "repair", EN.f("say.event.repair", n, res.rangesCompared(), res.rangesMismatched(),
              res.leavesMismatched(), res.leavesCompared(), res.partitionsStreamed()));
        }
      } else if (a instanceof Action.Cql q) {
        session.execute(q.statement());
        event(now, "cql", q.statement());
      }
    } catch (IllegalArgumentException | CqlException e) {
      throw new ScenarioRunner.ScenarioFailure("at " + Durations.format(ta.atMillis()) + " (" + ta.text() + "): "
          + e.getMessage());
    }
  }

  /** Heals the network and restarts every crashed node, for the final read-back. */
  void healForReadBack() {
    sim.heal();
    sim.setLoss(0);
    for (String n : sim.nodeNames()) {
      if (sim.isCrashed(n)) {
        sim.restart(n);
        event(sim.nowNanos() / 1000, "restart", EN.f("say.event.restart.final", n));
      }
    }
  }

  private void tellWorkloads(String node, boolean up) {
    for (ActorRef<WorkloadActor.Msg> w : workloads) w.tell(new WorkloadActor.NodeState(node, up));
  }

  private void event(long atMicros, String kind, String text) {
    events.add(new RunResult.Event(atMicros, kind, text));
  }

  /** The node named, or every node that is up. */
  private List<String> targets(String node) {
    if (node != null) return List.of(node);
    List<String> out = new ArrayList<>();
    for (String n : sim.nodeNames()) if (!sim.isCrashed(n)) out.add(n);
    return out;
  }
}
