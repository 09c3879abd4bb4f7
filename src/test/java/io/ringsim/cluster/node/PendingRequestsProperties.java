package io.ringsim.cluster.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** The open-addressing table of requests in flight answers every lookup as a map would, through puts and removes. */
class PendingRequestsProperties {

  @Property(tries = 300)
  void behavesAsAMap(@ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    PendingRequests table = new PendingRequests();
    Map<Long, PendingRequest> reference = new TreeMap<>();
    PendingRequest[] requests = new PendingRequest[8];
    for (int i = 0; i < requests.length; i++) requests[i] = new Idle(i);
    long next = 1;
    // Ids in a narrow window, as a node's are: new ones keep coming, old ones finish (some much later).
    for (int step = 0; step < 4_000; step++) {
      int op = r.nextInt(10);
      if (op < 4) {
        long id = next++;
        PendingRequest p = requests[r.nextInt(requests.length)];
        table.put(id, p);
        reference.put(id, p);
      } else if (op < 8 && !reference.isEmpty()) {
        long id = Math.max(1, next - 1 - r.nextInt(300));
        table.remove(id);
        reference.remove(id);
      } else {
        long id = Math.max(1, next - r.nextInt(400));
        assertThat(table.get(id)).isSameAs(reference.get(id));
        assertThat(table.contains(id)).isEqualTo(reference.containsKey(id));
      }
      assertThat(table.size()).isEqualTo(reference.size());
    }
    for (long id = 1; id < next; id++) assertThat(table.get(id)).isSameAs(reference.get(id));
    assertThat(table.ids()).containsExactly(reference.keySet().stream().mapToLong(Long::longValue).toArray());
  }

  /** A request that does nothing: the table only stores it. */
  private static final class Idle extends PendingRequest {
    Idle(long id) {
      super(null, id, false);
    }

    @Override
    void onResponse(String from, NodeMessage m) {}

    @Override
    void onTimeout() {}
  }
}
