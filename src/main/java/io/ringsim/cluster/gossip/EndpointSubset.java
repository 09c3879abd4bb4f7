package io.ringsim.cluster.gossip;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * Some of a gossiper's endpoints, named by their slots in its list of all of them: the endpoints of an Ack's
 * heartbeats. To the wire and to anyone reading it, a list of names like any other; a receiver in the same JVM whose
 * own list of endpoints is equal to {@link #all} takes the slots as they are, without walking its list by name.
 */
final class EndpointSubset extends AbstractList<String> implements RandomAccess {
  private final List<String> all;
  private final int[] slots;

  /** @param slots slots of {@code all}, ascending; kept, not copied */
  EndpointSubset(List<String> all, int[] slots) {
    this.all = all;
    this.slots = slots;
  }

  List<String> all() {
    return all;
  }

  int slot(int i) {
    return slots[i];
  }

  @Override
  public String get(int i) {
    return all.get(slots[i]);
  }

  @Override
  public int size() {
    return slots.length;
  }
}
