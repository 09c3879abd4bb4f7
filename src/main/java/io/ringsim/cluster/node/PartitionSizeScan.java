package io.ringsim.cluster.node;

import io.ringsim.ring.Token;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.TableStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Predicate;

/**
 * One table's partition sizes on one node, for the end-of-run report: the size of every partition the node is asked
 * about (merged over memtable and SSTables), and its largest few with their keys. Partitions are read one at a time
 * and only the sizes are kept, so a node holding millions of partitions answers in a few bytes per partition.
 */
final class PartitionSizeScan {
  /** The order the report picks its largest partitions in: size, then key as cqlsh prints it, then rows. */
  static final Comparator<NodeCommand.LargePartition> LARGER = Comparator
      .comparingLong(NodeCommand.LargePartition::bytes).thenComparing(NodeCommand.LargePartition::key)
      .thenComparingLong(NodeCommand.LargePartition::rows);

  private PartitionSizeScan() {}

  static NodeCommand.TableSizes scan(TableStore store, TableMetadata table, Predicate<Token> counted,
      int topN) {
    int[] n = {0};
    long[][] sizes = {new long[1024]}; // grown in place by the callback
    PriorityQueue<NodeCommand.LargePartition> largest = new PriorityQueue<>(LARGER);
    store.forEachPartitionSize((token, key, size, rows, hasStatic) -> {
      if ((rows == 0 && !hasStatic) || !counted.test(token)) return;
      if (n[0] == sizes[0].length) sizes[0] = Arrays.copyOf(sizes[0], sizes[0].length * 2);
      sizes[0][n[0]++] = size;
      // Formatting the key is the costly part: only for a partition that can still make the list.
      if (topN == 0 || (largest.size() == topN && size < largest.peek().bytes())) return;
      largest.add(new NodeCommand.LargePartition(KeyText.of(table, key.get().key()), size, rows));
      if (largest.size() > topN) largest.poll();
    });
    List<NodeCommand.LargePartition> top = new ArrayList<>(largest);
    top.sort(LARGER.reversed());
    return new NodeCommand.TableSizes(Arrays.copyOf(sizes[0], n[0]), top);
  }
}
