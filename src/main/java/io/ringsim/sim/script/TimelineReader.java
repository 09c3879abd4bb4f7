package io.ringsim.sim.script;

import io.ringsim.sim.Action;
import io.ringsim.sim.script.ScenarioParser.*;
import io.ringsim.sim.Limits;
import io.ringsim.sim.TimedAction;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;

/** A scenario's timeline lines (at 30s crash n3, ...) as actions; split from ScenarioReader to keep each file short. */
final class TimelineReader {
  private TimelineReader() {}

  /** One timeline line: where it is, when, its action, and its text as written. */
  record Entry(TimelineItemContext ctx, long atMillis, Action action, String text) {}

  static Entry read(TimelineItemContext i, ScenarioReader.Builder b) {
    long at = b.dur(i.duration());
    ActionContext a = i.action();
    Action act;
    if (a instanceof CrashActionContext c) act = new Action.Crash(ScenarioReader.Builder.text(c.name()));
    else if (a instanceof RestartActionContext c) act = new Action.Restart(ScenarioReader.Builder.text(c.name()));
    else if (a instanceof BootstrapActionContext c) act = new Action.Bootstrap(ScenarioReader.Builder.text(c.name()));
    else if (a instanceof DecommissionActionContext c) act = new Action.Decommission(ScenarioReader.Builder.text(c.name()));
    else if (a instanceof PartitionActionContext p) act = new Action.Partition(group(p.group(0)), group(p.group(1)),
        false);
    else if (a instanceof OneWayActionContext p) act = new Action.Partition(group(p.group(0)), group(p.group(1)),
        true);
    else if (a instanceof HealActionContext) act = new Action.Heal();
    else if (a instanceof SlowActionContext s) act = new Action.Slow(ScenarioReader.Builder.text(s.name()), b.dur(s.duration()));
    else if (a instanceof LossActionContext l) act = new Action.Loss(b.percent(l, l.PERCENT().getText()));
    else if (a instanceof SkewActionContext s) act = new Action.ClockSkew(ScenarioReader.Builder.text(s.name()),
        (s.MINUS() != null ? -1 : 1) * b.dur(s.duration()));
    else if (a instanceof FlushActionContext f) act = new Action.Flush(f.name() == null ? null : node(f.name()));
    else if (a instanceof CompactActionContext f) act = new Action.Compact(f.name() == null ? null : node(f.name()));
    else if (a instanceof StopMemberActionContext m) {
      int position;
      try {
        position = Integer.parseInt(m.INT().getText());
      } catch (NumberFormatException e) {
        throw b.error(m, "no member " + m.INT().getText() + " (members are numbered from 1)");
      }
      if (position < 1) throw b.error(m, "member numbers start at 1, got " + position);
      act = new Action.StopMember(position);
    } else act = new Action.Repair(((RepairActionContext) a).name() == null ? null
        : node(((RepairActionContext) a).name()));
    String src = i.getStart().getInputStream().getText(new org.antlr.v4.runtime.misc.Interval(
        i.getStart().getStartIndex(), i.getStop().getStopIndex()));
    return new Entry(i, at, act, src);
  }

  private static String node(NameContext n) {
    String s = ScenarioReader.Builder.text(n);
    return s.equals("all") ? null : s;
  }

  private static Set<String> group(GroupContext g) {
    Set<String> out = new java.util.TreeSet<>();
    for (NameContext n : g.name()) out.add(ScenarioReader.Builder.text(n));
    return out;
  }

  /**
   * The timeline in time order (lines at the same time in file order), checked against the cluster as it is at each
   * point: within the scenario, bootstraps of new names only, partition groups resolved, every node named existing.
   */
  static List<TimedAction> resolve(List<Entry> timeline, ScenarioReader.Builder b, int nodes) {
    Set<String> names = new LinkedHashSet<>();
    for (int i = 1; i <= nodes; i++) names.add("n" + i);
    List<TimedAction> actions = new ArrayList<>();
    timeline.sort(Comparator.comparingLong(Entry::atMillis));
    for (Entry t : timeline) {
      ParserRuleContext ctx = t.ctx();
      long at = t.atMillis();
      Action a = t.action();
      if (at > b.duration) throw b.error(ctx, "at " + ScenarioReader.Builder.fmt(at) + " is after the end of the"
          + " scenario (duration " + ScenarioReader.Builder.fmt(b.duration) + ")");
      if (a instanceof Action.Bootstrap boot) {
        if (names.contains(boot.node())) throw b.error(ctx, "node " + boot.node() + " already exists");
        names.add(boot.node());
        if (names.size() > Limits.MAX_NODES) throw b.error(ctx, "bootstrapping " + boot.node() + " would make "
            + names.size() + " nodes, more than the " + Limits.MAX_NODES + " a cluster may have");
      }
      if (a instanceof Action.Partition part) {
        try {
          a = new GroupResolver(b.dcs, names).resolve(part);
        } catch (IllegalArgumentException e) {
          throw b.error(ctx, e.getMessage());
        }
      }
      for (String n : nodesOf(a)) {
        if (n != null && !names.contains(n)) throw b.error(ctx, "no node named '" + n + "' (this cluster has n1..n"
            + nodes + ")");
      }
      if (a instanceof Action.Decommission d) names.remove(d.node());
      actions.add(new TimedAction(at, a, t.text()));
    }
    return actions;
  }

  /** The nodes an action names, to check that they exist at that point of the timeline. */
  static List<String> nodesOf(Action a) {
    List<String> out = new ArrayList<>();
    if (a instanceof Action.Crash c) out.add(c.node());
    if (a instanceof Action.Restart c) out.add(c.node());
    if (a instanceof Action.Decommission c) out.add(c.node());
    if (a instanceof Action.Slow c) out.add(c.node());
    if (a instanceof Action.ClockSkew c) out.add(c.node());
    if (a instanceof Action.Flush c) out.add(c.node());
    if (a instanceof Action.Compact c) out.add(c.node());
    if (a instanceof Action.Repair c) out.add(c.node());
    if (a instanceof Action.Partition p) {
      out.addAll(p.side1());
      out.addAll(p.side2());
    }
    return out;
  }
}
