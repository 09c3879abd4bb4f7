package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cluster.node.HintStore;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HintsGaugeTest {
  static final long S = 1_000_000_000L;

  @Test
  void eachSecondShowsThePendingCountAtItsEnd() {
    HintsGauge g = new HintsGauge();
    HintStore<String> a = new HintStore<>(3 * 3600 * S), b = new HintStore<>(3 * 3600 * S);
    long[] now = {0};
    a.observe((target, delta) -> g.change(target, delta, now[0]));
    b.observe((target, delta) -> g.change(target, delta, now[0]));
    now[0] = 1 * S + 5;
    a.store("n3", "w1", now[0], 0, 3600);
    b.store("n3", "w2", now[0], 0, 3600);
    now[0] = 2 * S;
    a.store("n3", "w3", now[0], 0, 3600);
    now[0] = 4 * S;
    var replay = a.drain("n3", now[0]);
    assertThat(replay).hasSize(2);
    now[0] = 4 * S + 5;
    a.replayed("n3"); // the first replay is acknowledged
    now[0] = 4 * S + 10;
    a.requeue(replay.subList(1, 2)); // the second failed: back in the store, pending all along
    Map<String, List<Integer>> per = g.perSecond(6);
    // hints held for n3 by both coordinators: 2 at 1 s, 3 at 2 s and 3 s, 1 (b's) + 1 requeued at 4 s, still 2 at 5 s
    assertThat(per).containsOnlyKeys("n3");
    assertThat(per.get("n3")).containsExactly(0, 2, 3, 3, 2, 2);
  }
}
