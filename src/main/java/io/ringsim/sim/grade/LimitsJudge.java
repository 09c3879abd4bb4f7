package io.ringsim.sim.grade;

import static io.ringsim.sim.Say.EN;

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
          over.add(EN.f("say.grade.limit.size.over", t.table(), t.largestKey(), Sizes.bytes(t.largestBytes()),
              Sizes.rows(t.largestRows()), Sizes.times(t.largestBytes(), limit)));
        }
      }
      String name = EN.f("say.grade.limit.size", Sizes.limit(limit));
      if (over.isEmpty()) {
        out.add(new Criterion("limit.partition_size", null, name, true, worst == null ? EN.get("say.grade.no-table")
            : EN.f("say.grade.limit.size.ok", worst.largestKey(), worst.table(), Sizes.bytes(worst.largestBytes()),
                scale)));
      } else {
        out.add(new Criterion("limit.partition_size", null, name, false, EN.f("say.grade.limit.size.fail",
            String.join("; ", over), scale)));
      }
    }
    if (l.partitionRows() != null) {
      long limit = l.partitionRows();
      TableReport worst = null;
      for (TableReport t : tables) if (worst == null || t.mostRows() > worst.mostRows()) worst = t;
      List<String> over = new ArrayList<>();
      for (TableReport t : tables) {
        if (t.mostRows() > limit) {
          over.add(EN.f("say.grade.limit.rows.over", t.table(), t.mostRowsKey(), String.format("%,d", t.mostRows()),
              Sizes.times(t.mostRows(), limit)));
        }
      }
      String name = EN.f("say.grade.limit.rows", String.format("%,d", limit));
      if (over.isEmpty()) {
        out.add(new Criterion("limit.partition_rows", null, name, true, worst == null ? EN.get("say.grade.no-table")
            : EN.f("say.grade.limit.rows.ok", String.format("%,d", worst.mostRows()), worst.mostRowsKey(),
                worst.table(), scale)));
      } else {
        out.add(new Criterion("limit.partition_rows", null, name, false, EN.f("say.grade.limit.rows.fail",
            String.join("; ", over), scale)));
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
      String name = EN.f("say.grade.limit.skew", String.format("%.2f", l.loadSkew()));
      // Both sizes in KB or more carry their bytes in parentheses: one label with every figure apart, so that the
      // sentence reads back into another language unambiguously.
      String figures = max.bytes() >= 1024 && (long) mean >= 1024
          ? EN.f("say.grade.limit.skew.figures.big", max.node(), Sizes.unit(max.bytes()), String.format("%,d",
              max.bytes()), String.format("%.2f", skew), Sizes.unit((long) mean), String.format("%,d", (long) mean),
              nodes.size())
          : EN.f("say.grade.limit.skew.figures", max.node(), Sizes.bytes(max.bytes()), String.format("%.2f", skew),
              Sizes.bytes((long) mean), nodes.size());
      if (skew <= l.loadSkew()) {
        out.add(new Criterion("limit.load_skew", null, name, true, figures));
      } else {
        TableReport few = null;
        for (TableReport t : tables) if (few == null || t.partitions() < few.partitions()) few = t;
        out.add(new Criterion("limit.load_skew", null, name, false, EN.f(few.partitions() == 1
            ? "say.grade.limit.skew.fail.one" : "say.grade.limit.skew.fail", figures, few.table(),
            String.format("%,d", few.partitions()))));
      }
    }
    return out;
  }
}
