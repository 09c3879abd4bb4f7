package io.ringsim.cluster.gossip;

import java.util.Arrays;
import java.util.List;

/**
 * Heartbeats of several endpoints, (endpoint, generation, version) in endpoint name order, as parallel arrays: no
 * object per entry, so a 1,000-entry list is two arrays to copy and walk, and compact on the wire.
 *
 * <p>It serves both halves of a gossip exchange. In Cassandra a digest (endpoint, generation, highest version) stands
 * for an endpoint state made of many versioned application states; in ringsim an endpoint's state is its heartbeat
 * alone, so a digest and the state it stands for have the same three fields, and a Syn's digests already say all
 * there is to say (see {@link GossipMessage}).
 *
 * <p>Never changed once built: within one JVM a message is handed over by reference, and the same digests go to every
 * target of one round.
 */
public record Heartbeats(List<String> endpoints, long[] generations, long[] versions) {

  public Heartbeats {
    if (generations.length != endpoints.size() || versions.length != endpoints.size())
      throw new IllegalArgumentException("one generation and one version per endpoint");
  }

  public int size() {
    return endpoints.size();
  }

  /** The heartbeat of the {@code i}-th endpoint. */
  public HeartbeatState state(int i) {
    return new HeartbeatState(generations[i], versions[i]);
  }

  // A record's own equals would compare the arrays by identity: compare their contents, as for a list of states.
  @Override
  public boolean equals(Object o) {
    return o instanceof Heartbeats h && endpoints.equals(h.endpoints) && Arrays.equals(generations, h.generations)
        && Arrays.equals(versions, h.versions);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * endpoints.hashCode() + Arrays.hashCode(generations)) + Arrays.hashCode(versions);
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("Heartbeats[");
    for (int i = 0; i < size(); i++) {
      if (i > 0) b.append(", ");
      b.append(endpoints.get(i)).append('=').append(generations[i]).append(':').append(versions[i]);
    }
    return b.append(']').toString();
  }
}
