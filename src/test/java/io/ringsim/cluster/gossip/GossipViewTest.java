package io.ringsim.cluster.gossip;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GossipViewTest {
  private static final long S = 1_000_000_000L;

  /** n1's view of n1 ... n5, everyone known at generation 0 (as at a simulation's start), n1 itself at 1. */
  private static GossipView n1() {
    GossipView v = new GossipView("n1", List.of("n2", "n3", "n4", "n5"));
    v.reset(GossipSettings.CASSANDRA_DEFAULTS, 1, true, 0);
    return v;
  }

  /** Heartbeats from "name=generation:version" words. */
  private static Heartbeats beats(String... entries) {
    List<String> names = new ArrayList<>();
    long[] g = new long[entries.length];
    long[] v = new long[entries.length];
    for (int i = 0; i < entries.length; i++) {
      String[] nameAndState = entries[i].split("=");
      String[] state = nameAndState[1].split(":");
      names.add(nameAndState[0]);
      g[i] = Long.parseLong(state[0]);
      v[i] = Long.parseLong(state[1]);
    }
    return new Heartbeats(names, g, v);
  }

  private static List<String> news(GossipView v, Heartbeats incoming) {
    List<String> news = new ArrayList<>();
    v.merge(incoming, S, i -> news.add(v.endpoint(i)));
    return news;
  }

  @Test
  void anAckCarriesOnlyTheHeartbeatsTheSynsSenderLacks() {
    GossipView v = n1();
    v.setSelf(1, 4);
    news(v, beats("n1=1:2", "n2=1:5", "n3=1:3", "n4=1:9", "n5=0:0"));
    // n4's digests: n1's own heartbeat is older there, n3's too; n2, n4 and n5 it knows as well as n1 does.
    Heartbeats digests = beats("n1=1:2", "n2=1:5", "n3=1:1", "n4=1:9", "n5=0:0");
    assertThat(v.newerThan(digests)).isEqualTo(beats("n1=1:4", "n3=1:3"));
    // Nothing newer: an empty answer.
    assertThat(v.newerThan(beats("n1=1:4", "n2=1:5", "n3=1:3", "n4=1:9", "n5=0:0")).size()).isZero();
  }

  @Test
  void digestsThatLackAnEndpointGetItsHeartbeatBack() {
    GossipView v = n1();
    // A restarted n3 knows only itself: it is answered with everything n1 knows of the others and of n1.
    assertThat(v.newerThan(beats("n3=2:0"))).isEqualTo(beats("n1=1:0", "n2=0:0", "n4=0:0", "n5=0:0"));
  }

  @Test
  void aMergeTakesOnlyNewerNewsOfPeersInNameOrder() {
    GossipView v = n1();
    assertThat(news(v, beats("n0=5:5", "n1=9:9", "n2=0:0", "n3=2:1", "n5=0:4", "n9=1:1")))
        .as("not n0 or n9 (not peers), not n1 (itself), not n2 (not newer)")
        .containsExactly("n3", "n5");
    assertThat(v.digests()).isEqualTo(beats("n1=1:0", "n2=0:0", "n3=2:1", "n4=0:0", "n5=0:4"));
    assertThat(news(v, beats("n1=1:0", "n2=0:1", "n3=1:7", "n4=0:0", "n5=0:4"))).containsExactly("n2");
  }

  @Test
  void aRestartedViewSendsDigestsOfItselfOnlyUntilItHearsOfOthers() {
    GossipView v = new GossipView("n1", List.of("n2", "n3"));
    v.reset(GossipSettings.CASSANDRA_DEFAULTS, 2, false, 0);
    assertThat(v.digests()).isEqualTo(beats("n1=2:0"));
    assertThat(v.downPeers()).isEqualTo(2);
    news(v, beats("n2=1:30"));
    assertThat(v.digests()).isEqualTo(beats("n1=2:0", "n2=1:30"));
  }

  @Test
  void aPeerJoiningOrLeavingKeepsWhatIsKnownOfTheOthers() {
    GossipView v = n1();
    news(v, beats("n3=1:3", "n5=1:5"));
    v.remove("n3");
    v.add("n4b");
    assertThat(v.digests()).isEqualTo(beats("n1=1:0", "n2=0:0", "n4=0:0", "n5=1:5"));
    assertThat(v.isDown(v.indexOf("n4b"))).as("a new peer is down until heard of").isTrue();
    assertThat(news(v, beats("n3=1:9", "n4b=1:1"))).containsExactly("n4b");
    assertThat(v.digests()).isEqualTo(beats("n1=1:0", "n2=0:0", "n4=0:0", "n4b=1:1", "n5=1:5"));
  }

  @Test
  void anAckFromAViewOfTheSameEndpointsIsTakenAsAnAckReadFromTheWire() {
    GossipView n2 = new GossipView("n2", List.of("n1", "n3", "n4", "n5"));
    n2.reset(GossipSettings.CASSANDRA_DEFAULTS, 3, true, 0);
    news(n2, beats("n1=1:0", "n3=1:8", "n4=0:0", "n5=2:2"));
    Heartbeats ack = n2.newerThan(n1().digests());
    Heartbeats fromTheWire = new Heartbeats(new ArrayList<>(ack.endpoints()), ack.generations(), ack.versions());
    assertThat(ack).isEqualTo(beats("n2=3:0", "n3=1:8", "n5=2:2"));
    GossipView direct = n1();
    GossipView read = n1();
    assertThat(news(direct, ack)).isEqualTo(news(read, fromTheWire)).containsExactly("n2", "n3", "n5");
    assertThat(direct.digests()).isEqualTo(read.digests());
  }
}
