package io.ringsim.cluster.gossip;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import java.util.function.IntConsumer;

/**
 * What one gossiper knows of every endpoint, itself and its peers: the newest heartbeat heard of each, whether it is
 * seen down, and the arrival window its failure detector keeps for it. One slot per endpoint, in name order, in
 * arrays rather than maps keyed by name: a 1,000-node cluster takes in about a million heartbeats per simulated
 * second. When the other side lists the same endpoints (the usual case, every node knowing every other), digests are
 * merged and compared slot by slot, without looking a name up, and so is an Ack that names its endpoints by its
 * sender's slots ({@link EndpointSubset}); otherwise both name-ordered lists are walked side by side.
 *
 * <p>Only the gossiper's actor touches it.
 */
final class GossipView {
  /** The generation of an endpoint heard nothing of yet (a real one is at least 0). */
  private static final long UNKNOWN = -1;

  private final String self;
  /** Self and peers in name order; never changed, only replaced, so digests can share it. */
  private List<String> endpoints;
  private int selfIndex;
  private long[] generations;
  private long[] versions;
  private boolean[] down;
  private int downPeers;
  /** The failure detector's arrival windows, one slot per endpoint (this node's own stays empty). */
  private ArrivalWindows windows;
  private double convictThreshold;
  /** Slot numbers being gathered by one call (news, newer heartbeats); as long as the endpoints. */
  private int[] scratch;

  GossipView(String self, Collection<String> peers) {
    this.self = self;
    TreeSet<String> all = new TreeSet<>(peers);
    all.add(self);
    endpoints = List.copyOf(all);
    selfIndex = endpoints.indexOf(self);
    generations = new long[endpoints.size()];
    versions = new long[endpoints.size()];
    down = new boolean[endpoints.size()];
    scratch = new int[endpoints.size()];
  }

  /**
   * Forgets everything heard, as a starting process does. With {@code assumePeersUp} every peer is known (generation
   * 0) and heard of at {@code now}, the simulation's healthy start; without, every peer is unknown and seen down.
   */
  void reset(GossipSettings settings, long generation, boolean assumePeersUp, long now) {
    windows = settings.newWindows(endpoints.size(), peers());
    convictThreshold = settings.phiConvictThreshold();
    Arrays.fill(generations, assumePeersUp ? 0 : UNKNOWN);
    Arrays.fill(versions, 0);
    Arrays.fill(down, !assumePeersUp);
    generations[selfIndex] = generation;
    down[selfIndex] = false;
    downPeers = assumePeersUp ? 0 : endpoints.size() - 1;
    if (assumePeersUp) {
      for (int i = 0; i < endpoints.size(); i++) if (i != selfIndex) heartbeat(i, now);
    }
  }

  /** This node's own heartbeat, bumped every round. */
  void setSelf(long generation, long version) {
    generations[selfIndex] = generation;
    versions[selfIndex] = version;
  }

  int size() {
    return endpoints.size();
  }

  String endpoint(int i) {
    return endpoints.get(i);
  }

  boolean isSelf(int i) {
    return i == selfIndex;
  }

  /** The slot of an endpoint, or -1 when it is neither this node nor a peer. */
  int indexOf(String endpoint) {
    int i = Collections.binarySearch(endpoints, endpoint);
    return i < 0 ? -1 : i;
  }

  int peers() {
    return endpoints.size() - 1;
  }

  int downPeers() {
    return downPeers;
  }

  int livePeers() {
    return peers() - downPeers;
  }

  boolean isDown(int i) {
    return down[i];
  }

  /** The {@code n}-th peer (from 0, in name order) among those seen down, or among those seen up. */
  int nthPeer(boolean seenDown, int n) {
    for (int i = 0; i < endpoints.size(); i++) {
      if (i != selfIndex && down[i] == seenDown && n-- == 0) return i;
    }
    throw new IndexOutOfBoundsException("no peer " + n + " seen " + (seenDown ? "down" : "up"));
  }

  /** Marks a peer seen down or up; returns whether that changed anything. */
  boolean mark(int i, boolean seenDown) {
    if (i == selfIndex || down[i] == seenDown) return false;
    down[i] = seenDown;
    downPeers += seenDown ? 1 : -1;
    return true;
  }

  /** Whether a peer seen up has been silent long enough for its failure detector to convict it. */
  boolean shouldConvict(int i, long now) {
    return !down[i] && i != selfIndex && !windows.isAvailable(i, now, convictThreshold);
  }

  /** The digest of every endpoint heard of, this node included. */
  Heartbeats digests() {
    int known = 0;
    for (int i = 0; i < generations.length; i++) if (generations[i] != UNKNOWN) scratch[known++] = i;
    if (known == endpoints.size()) return new Heartbeats(endpoints, generations.clone(), versions.clone());
    return heartbeatsOf(scratch, known);
  }

  /**
   * Takes every heartbeat in {@code incoming} newer than the one known (of peers only: news of this node or of nodes
   * it does not know is ignored), feeds it to the failure detector as an arrival at {@code now}, then calls
   * {@code onNews} with each such slot, in name order.
   */
  void merge(Heartbeats incoming, long now, IntConsumer onNews) {
    long[] gens = incoming.generations();
    long[] vers = incoming.versions();
    int news = 0;
    if (sameEndpoints(incoming.endpoints())) {
      for (int i = 0; i < gens.length; i++) {
        if (i != selfIndex && HeartbeatState.isNewer(gens[i], vers[i], generations[i], versions[i])) {
          generations[i] = gens[i];
          versions[i] = vers[i];
          scratch[news++] = i;
        }
      }
    } else if (incoming.endpoints() instanceof EndpointSubset subset && sameEndpoints(subset.all())) {
      for (int i = 0; i < gens.length; i++) {
        int slot = subset.slot(i);
        if (slot != selfIndex && HeartbeatState.isNewer(gens[i], vers[i], generations[slot], versions[slot])) {
          generations[slot] = gens[i];
          versions[slot] = vers[i];
          scratch[news++] = slot;
        }
      }
    } else {
      List<String> names = incoming.endpoints();
      int mine = 0;
      for (int i = 0; i < gens.length && mine < endpoints.size(); i++) {
        String name = names.get(i);
        while (mine < endpoints.size() && endpoints.get(mine).compareTo(name) < 0) mine++;
        if (mine < endpoints.size() && mine != selfIndex && endpoints.get(mine).equals(name)
            && HeartbeatState.isNewer(gens[i], vers[i], generations[mine], versions[mine])) {
          generations[mine] = gens[i];
          versions[mine] = vers[i];
          scratch[news++] = mine;
        }
      }
    }
    // The arrivals in a loop of their own: each reaches a cold slot of the interval table, and a short loop lets the
    // processor wait for several of them at once (a third of the time a 1,000-node cluster spends merging).
    for (int k = 0; k < news; k++) windows.add(scratch[k], now);
    for (int k = 0; k < news; k++) onNews.accept(scratch[k]);
  }

  /** The heartbeats known here that are newer than {@code digests}, or that they lack: what the digests' sender lacks. */
  Heartbeats newerThan(Heartbeats digests) {
    long[] gens = digests.generations();
    long[] vers = digests.versions();
    int newer = 0;
    if (sameEndpoints(digests.endpoints())) {
      for (int i = 0; i < generations.length; i++) {
        if (generations[i] != UNKNOWN && HeartbeatState.isNewer(generations[i], versions[i], gens[i], vers[i])) {
          scratch[newer++] = i;
        }
      }
    } else {
      List<String> names = digests.endpoints();
      int theirs = 0;
      for (int i = 0; i < generations.length; i++) {
        if (generations[i] == UNKNOWN) continue;
        String name = endpoints.get(i);
        while (theirs < names.size() && names.get(theirs).compareTo(name) < 0) theirs++;
        boolean listed = theirs < names.size() && names.get(theirs).equals(name);
        if (!listed || HeartbeatState.isNewer(generations[i], versions[i], gens[theirs], vers[theirs])) {
          scratch[newer++] = i;
        }
      }
    }
    return heartbeatsOf(scratch, newer);
  }

  /** A peer joined: unknown and seen down until gossip says otherwise. */
  void add(String peer) {
    if (indexOf(peer) >= 0) return;
    TreeSet<String> all = new TreeSet<>(endpoints);
    all.add(peer);
    resize(List.copyOf(all));
    int i = indexOf(peer);
    generations[i] = UNKNOWN;
    down[i] = true;
    downPeers++;
  }

  /** A peer left: forget it, its failure detector's window too. */
  void remove(String peer) {
    int i = indexOf(peer);
    if (i < 0 || i == selfIndex) return;
    if (down[i]) downPeers--;
    List<String> rest = new ArrayList<>(endpoints);
    rest.remove(i);
    resize(List.copyOf(rest));
  }

  private boolean sameEndpoints(List<String> other) {
    return other == endpoints || (other.size() == endpoints.size() && other.equals(endpoints));
  }

  private void heartbeat(int i, long now) {
    windows.add(i, now);
  }

  /** The heartbeats of the first {@code n} slots listed in {@code slots}. */
  private Heartbeats heartbeatsOf(int[] slots, int n) {
    int[] listed = Arrays.copyOf(slots, n);
    long[] gens = new long[n];
    long[] vers = new long[n];
    for (int k = 0; k < n; k++) {
      gens[k] = generations[listed[k]];
      vers[k] = versions[listed[k]];
    }
    return new Heartbeats(new EndpointSubset(endpoints, listed), gens, vers);
  }

  /** Moves every slot to the new list of endpoints; a new endpoint starts empty, a dropped one is forgotten. */
  private void resize(List<String> next) {
    long[] gens = new long[next.size()];
    long[] vers = new long[next.size()];
    boolean[] downs = new boolean[next.size()];
    int[] from = new int[next.size()];
    for (int i = 0; i < next.size(); i++) {
      int old = Collections.binarySearch(endpoints, next.get(i));
      from[i] = old < 0 ? -1 : old;
      if (old < 0) continue;
      gens[i] = generations[old];
      vers[i] = versions[old];
      downs[i] = down[old];
    }
    endpoints = next;
    selfIndex = next.indexOf(self);
    generations = gens;
    versions = vers;
    down = downs;
    scratch = new int[next.size()];
    windows = windows.rearranged(from);
  }
}
