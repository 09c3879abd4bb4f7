package io.ringsim.sim.script;

import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.sim.Action;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The sides of a timeline `partition`, resolved against the cluster as it is at that point of the timeline (after
 * --set overrides and earlier bootstraps and decommissions), so that a lesson keeps its point at any size. A side
 * lists node names (`n3`), data centres (`dc2`: its nodes), racks (`rack1`: the nodes of every rack of that name),
 * or a fraction of the nodes by number: `half`, `third`, `quarter` (the first N/2, N/3, N/4, at least one), and
 * `rest` (every node the other side does not name).
 */
final class GroupResolver {
  static final List<String> FRACTIONS = List.of("half", "third", "quarter", "rest");

  /** Where a node sits. */
  private record Place(String dc, String rack) {}

  /** Each current node: its data centre and rack, in node order. */
  private final Map<String, Place> nodes = new LinkedHashMap<>();

  GroupResolver(List<ClusterBuilder.Dc> dcs, Set<String> current) {
    // The same placement ClusterBuilder.ring gives: numbered across data centres, racks in turn within each.
    Map<String, Place> initial = new LinkedHashMap<>();
    int n = 1;
    for (ClusterBuilder.Dc dc : dcs) {
      for (int i = 0; i < dc.nodes(); i++) {
        initial.put("n" + n++, new Place(dc.name(), "rack" + (1 + i % Math.max(1, dc.racks()))));
      }
    }
    for (String name : current) {
      // A node bootstrapped by the timeline joins the first data centre's rack1 (as the runner places it).
      nodes.put(name, initial.getOrDefault(name, new Place(dcs.get(0).name(), "rack1")));
    }
  }

  /** The partition with both sides as node names; an unknown word is an IllegalArgumentException saying what is. */
  Action.Partition resolve(Action.Partition p) {
    boolean rest1 = p.side1().contains("rest");
    boolean rest2 = p.side2().contains("rest");
    if (rest1 && rest2) throw new IllegalArgumentException("only one side of a partition can be 'rest'");
    Set<String> side1 = rest1 ? null : side(p.side1());
    Set<String> side2 = rest2 ? null : side(p.side2());
    if (rest1) side1 = rest(p.side1(), side2);
    if (rest2) side2 = rest(p.side2(), side1);
    return new Action.Partition(side1, side2, p.oneWay());
  }

  private Set<String> rest(Set<String> words, Set<String> other) {
    Set<String> out = new TreeSet<>();
    for (String node : nodes.keySet()) if (!other.contains(node)) out.add(node);
    Set<String> more = new TreeSet<>(words);
    more.remove("rest");
    out.addAll(side(more));
    return out;
  }

  private Set<String> side(Set<String> words) {
    Set<String> out = new TreeSet<>();
    for (String w : words) out.addAll(nodesOf(w));
    return out;
  }

  private List<String> nodesOf(String word) {
    if (nodes.containsKey(word)) return List.of(word);
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, Place> e : nodes.entrySet()) if (e.getValue().dc().equals(word)) out.add(e.getKey());
    if (!out.isEmpty()) return out;
    for (Map.Entry<String, Place> e : nodes.entrySet()) if (e.getValue().rack().equals(word)) out.add(e.getKey());
    if (!out.isEmpty()) return out;
    int divisor = switch (word) {
      case "half" -> 2;
      case "third" -> 3;
      case "quarter" -> 4;
      default -> 0;
    };
    if (divisor > 0) {
      List<String> all = new ArrayList<>(nodes.keySet());
      return all.subList(0, Math.max(1, all.size() / divisor));
    }
    Set<String> dcs = new TreeSet<>();
    Set<String> racks = new TreeSet<>();
    for (Place v : nodes.values()) {
      dcs.add(v.dc());
      racks.add(v.rack());
    }
    List<String> names = new ArrayList<>(nodes.keySet());
    throw new IllegalArgumentException("no node, data centre or rack named '" + word + "' (nodes "
        + names.get(0) + ".." + names.get(names.size() - 1) + ", data centres " + String.join(", ", dcs)
        + ", racks " + String.join(", ", racks) + ", or half, third, quarter, rest)");
  }
}
