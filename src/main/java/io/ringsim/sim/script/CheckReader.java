package io.ringsim.sim.script;

import io.ringsim.sim.CheckSpec;
import io.ringsim.sim.script.ScenarioParser.*;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;

/** A scenario's check lines (no lost writes, stale reads <= 10, availability QUORUM >= 99%) as check specs. */
final class CheckReader {
  private CheckReader() {}

  static CheckSpec read(CheckItemContext c, ScenarioReader.Builder b) {
    String src = c.getText();
    if (c instanceof NoCheckContext n) return check(b, n, words(n.words()), 0, "no " + words(n.words()));
    else if (c instanceof MaxCheckContext m) {
      long max = b.number(m, m.INT().getText());
      boolean strict = m.getChild(m.getChildCount() - 2).getText().equals("<");
      return check(b, m, words(m.words()), strict ? max - 1 : max, words(m.words()) + (strict ? " < " : " <= ")
          + max);
    } else if (c instanceof AvailabilityCheckContext a) {
      String cl = b.cl(a, ScenarioReader.Builder.text(a.name())).name();
      double pct = b.percent(a, a.PERCENT().getText()) * 100;
      return new CheckSpec.Availability(cl, pct, "availability " + cl + " >= " + a.PERCENT().getText());
    } else {
      throw b.error(c, "unknown check: " + src);
    }
  }

  private static CheckSpec check(ScenarioReader.Builder b, ParserRuleContext ctx, String what, long max, String text) {
    CheckSpec.Counted counted = switch (what) {
      case "lost writes", "lost-writes" -> CheckSpec.Counted.LOST_WRITES;
      case "stale reads", "stale-reads" -> CheckSpec.Counted.STALE_READS;
      case "read-your-writes violations", "read your writes violations", "ryw violations" ->
          CheckSpec.Counted.READ_YOUR_WRITES;
      case "lwt violations", "lwt" -> CheckSpec.Counted.LWT;
      default -> throw b.error(ctx, "unknown check '" + what + "' (lost writes, stale reads, read-your-writes "
          + "violations, lwt violations, availability CL >= N%)");
    };
    return new CheckSpec.AnomalyLimit(counted, max, text);
  }

  private static String words(WordsContext w) {
    List<String> out = new ArrayList<>();
    for (NameContext n : w.name()) out.add(ScenarioReader.Builder.text(n));
    return String.join(" ", out);
  }
}
