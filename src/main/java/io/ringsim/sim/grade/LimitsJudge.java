package io.ringsim.sim.grade;

import io.ringsim.sim.grade.GradeResult.Criterion;
import io.ringsim.sim.grade.GradeResult.NodeLoad;
import io.ringsim.sim.grade.GradeResult.TableReport;
import java.util.ArrayList;
import java.util.List;

/** The assignment's limits over the whole model, judged on the full-scale figures. */
final class LimitsJudge {
  private LimitsJudge() {}

  static List<Criterion> judge(Assignment a, List<TableReport> tables, List<NodeLoad> nodes, String scale) {
    List<Criterion> out = new ArrayList<>();
    Assignment.Limits l = a.limits();
    if (l.partitionBytes() != null) {
      long limit = l.partitionBytes();
      TableReport worst = null;
      for (TableReport t : tables) if (worst == null || t.largestBytes() > worst.largestBytes()) worst = t;
      List<String> over = new ArrayList<>();
      for (TableReport t : tables) {
        if (t.largestBytes() > limit) {
          over.add("table " + t.table() + ": partition (" + t.largestKey() + ") is " + Sizes.bytes(t.largestBytes())
              + " with " + Sizes.rows(t.largestRows()) + ", " + Sizes.times(t.largestBytes(), limit)
              + " the limit");
        }
      }
      String name = "partition size at most " + Sizes.limit(limit);
      if (over.isEmpty()) {
        out.add(new Criterion("limit.partition_size", null, name, true, worst == null ? "no table"
            : "the largest partition is (" + worst.largestKey() + ") of table " + worst.table() + ": "
            + Sizes.bytes(worst.largestBytes()) + " at full scale (" + scale + ")"));
      } else {
        out.add(new Criterion("limit.partition_size", null, name, false, String.join("; ", over) + " (at full "
            + "scale: " + scale + "). A partition holds every row with its partition key: add a column that "
            + "splits it (a composite partition key, or a time bucket) so that no key gathers that many rows"));
      }
    }
    if (l.partitionRows() != null) {
      long limit = l.partitionRows();
      TableReport worst = null;
      for (TableReport t : tables) if (worst == null || t.mostRows() > worst.mostRows()) worst = t;
      List<String> over = new ArrayList<>();
      for (TableReport t : tables) {
        if (t.mostRows() > limit) {
          over.add("table " + t.table() + ": partition (" + t.mostRowsKey() + ") has " + String.format("%,d",
              t.mostRows()) + " rows, " + Sizes.times(t.mostRows(), limit) + " the limit");
        }
      }
      String name = "rows per partition at most " + String.format("%,d", limit);
      if (over.isEmpty()) {
        out.add(new Criterion("limit.partition_rows", null, name, true, worst == null ? "no table"
            : "the most rows in one partition: " + String.format("%,d", worst.mostRows()) + ", in ("
            + worst.mostRowsKey() + ") of table " + worst.table() + " (" + scale + ")"));
      } else {
        out.add(new Criterion("limit.partition_rows", null, name, false, String.join("; ", over) + " (at full "
            + "scale: " + scale + ")"));
      }
    }
    if (l.loadSkew() != null) {
      long total = 0;
      NodeLoad max = null;
      for (NodeLoad n : nodes) {
        total += n.bytes();
        if (max == null || n.bytes() > max.bytes()) max = n;
      }
      double mean = nodes.isEmpty() ? 0 : (double) total / nodes.size();
      double skew = mean == 0 ? 1 : max.bytes() / mean;
      String name = "node load skew (max/mean) at most " + String.format("%.2f", l.loadSkew());
      String figures = "node " + max.node() + " holds " + Sizes.bytes(max.bytes()) + ", " + String.format("%.2f",
          skew) + " times the mean of " + Sizes.bytes((long) mean) + " (" + nodes.size() + " nodes, every replica"
          + " counted)";
      if (skew <= l.loadSkew()) {
        out.add(new Criterion("limit.load_skew", null, name, true, figures));
      } else {
        TableReport few = null;
        for (TableReport t : tables) if (few == null || t.partitions() < few.partitions()) few = t;
        out.add(new Criterion("limit.load_skew", null, name, false, figures + ": table " + few.table()
            + " has " + String.format("%,d", few.partitions()) + " partition" + (few.partitions() == 1 ? "" : "s")
            + ", too few (or too uneven) to spread over the ring: a partition lives on its replicas only, so a "
            + "partition key with a handful of values loads a handful of nodes"));
      }
    }
    return out;
  }
}
