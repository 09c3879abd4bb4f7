package io.ringsim.sim.script;

import io.ringsim.sim.Action;
import io.ringsim.sim.script.ScenarioParser.*;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** A scenario's timeline lines (at 30s crash n3, ...) as actions; split from ScenarioReader to keep each file short. */
final class TimelineReader {
  private TimelineReader() {}

  /** One timeline line: {ctx, atMillis, Action, its text as written}. */
  static Object[] read(TimelineItemContext i, ScenarioReader.Builder b) {
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
    return new Object[] {i, at, act, src};
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
