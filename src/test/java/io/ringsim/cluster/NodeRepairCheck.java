package io.ringsim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

/** Compares what each replica holds locally (a read at ONE coordinated by the replica itself). */
final class NodeRepairCheck {
  private NodeRepairCheck() {}

  static boolean identical(KvCluster c, String prefix, int n) {
    for (int i = 0; i < n; i++) {
      Integer first = null;
      boolean firstSet = false;
      for (String r : c.replicas(prefix + i)) {
        Integer v = KvCluster.value(c.read(r, prefix + i, ConsistencyLevel.ONE));
        if (!firstSet) {
          first = v;
          firstSet = true;
        } else if (!java.util.Objects.equals(first, v)) {
          return false;
        }
      }
    }
    return true;
  }

  static void assertDiverged(KvCluster c, String prefix, int n) {
    assertThat(identical(c, prefix, n)).as("replicas differ before repair").isFalse();
  }

  static void assertIdentical(KvCluster c, String prefix, int n) {
    assertThat(identical(c, prefix, n)).as("replicas identical after repair").isTrue();
  }
}
