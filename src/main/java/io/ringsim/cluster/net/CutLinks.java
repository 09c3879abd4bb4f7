package io.ringsim.cluster.net;

import java.util.HashSet;
import java.util.Set;

/** The one-way links a scenario has cut: partitions accumulate until healed. Shared by both kinds of network. */
public final class CutLinks {
  private final Set<String> cut = new HashSet<>();

  /** Cuts every link from {@code side1} to {@code side2}, and back unless {@code oneWay}. */
  public void partition(Set<String> side1, Set<String> side2, boolean oneWay) {
    for (String a : side1) {
      for (String b : side2) {
        if (a.equals(b)) continue;
        cut.add(link(a, b));
        if (!oneWay) cut.add(link(b, a));
      }
    }
  }

  public void heal() {
    cut.clear();
  }

  public boolean isCut(String from, String to) {
    return !cut.isEmpty() && cut.contains(link(from, to));
  }

  static String link(String from, String to) {
    return from + '\u0000' + to;
  }
}
