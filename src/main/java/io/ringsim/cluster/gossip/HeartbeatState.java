package io.ringsim.cluster.gossip;

/**
 * A node's heartbeat as gossip carries it: the generation changes when the node restarts, the version grows every
 * gossip round. (generation, version) pairs compare lexicographically: a higher one is newer news.
 */
public record HeartbeatState(long generation, long version) implements Comparable<HeartbeatState> {
  @Override
  public int compareTo(HeartbeatState o) {
    int c = Long.compare(generation, o.generation);
    return c != 0 ? c : Long.compare(version, o.version);
  }

  public boolean isNewerThan(HeartbeatState o) {
    return o == null || compareTo(o) > 0;
  }

  /** Whether (generation, version) is newer than (otherGeneration, otherVersion), without building either state. */
  static boolean isNewer(long generation, long version, long otherGeneration, long otherVersion) {
    return generation > otherGeneration || (generation == otherGeneration && version > otherVersion);
  }
}
