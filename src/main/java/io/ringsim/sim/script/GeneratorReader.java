package io.ringsim.sim.script;

import io.ringsim.sim.Durations;
import io.ringsim.sim.Limits;
import io.ringsim.sim.ValueGen;
import io.ringsim.sim.script.ScenarioParser.ArgContext;
import io.ringsim.sim.script.ScenarioParser.GeneratorContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A workload's value generator (uniform(100), zipf(1000, 1.1), values('a', 'b'), ...). Arguments are checked
 * here, where the file position is known: a generator that cannot draw a value (uniform(0), empty values()) would
 * otherwise fail in the middle of a run, or draw nothing useful.
 */
final class GeneratorReader {
  /** Turns a message into a ScenarioException at the generator's position. */
  interface Errors {
    ScenarioException at(GeneratorContext g, String message);
  }

  static final String KNOWN = "uuid, sequential, uniform(n), zipf(n, s), hot(p, n), values(...), text(min, max),"
      + " timebucket(day|hour|DURATION), now";

  private GeneratorReader() {}

  static ValueGen read(GeneratorContext g, Errors errors) {
    String n = g.name().getText().toLowerCase(Locale.ROOT);
    List<ArgContext> a = g.arg();
    try {
      return switch (n) {
        case "uuid" -> new ValueGen.RandomUuid();
        case "sequential", "sequence" -> new ValueGen.Sequential();
        case "uniform" -> new ValueGen.Uniform(count(a.get(0).getText()));
        case "zipf" -> {
          double s = a.size() > 1 ? Double.parseDouble(a.get(1).getText()) : 1.0;
          if (!(s > 0 && s <= 100)) throw new IllegalArgumentException("the exponent must be above 0 and at most 100");
          yield new ValueGen.Zipf(count(a.get(0).getText()), s);
        }
        case "hot" -> {
          double p = fraction(a.get(0).getText());
          if (!(p >= 0 && p <= 1)) throw new IllegalArgumentException("the hot share must be between 0% and 100%");
          yield new ValueGen.Hot(p, count(a.get(1).getText()));
        }
        case "values", "choice" -> {
          List<String> vs = new ArrayList<>();
          for (ArgContext x : a) vs.add(x.STRING() != null ? unquote(x.getText()) : x.getText());
          if (vs.isEmpty()) throw new IllegalArgumentException("needs at least one value");
          yield new ValueGen.Choice(vs);
        }
        case "text" -> {
          long min = a.isEmpty() ? 8 : Long.parseLong(a.get(0).getText());
          long max = a.isEmpty() ? 24 : a.size() == 1 ? min : Long.parseLong(a.get(1).getText());
          Limits.range("text length", min, 0, Limits.MAX_TEXT_LENGTH);
          Limits.range("text length", max, min, Limits.MAX_TEXT_LENGTH);
          yield new ValueGen.Text((int) min, (int) max);
        }
        case "timebucket" -> new ValueGen.TimeBucket(a.isEmpty() ? 86_400_000L : bucket(a.get(0).getText()));
        case "now" -> new ValueGen.Now();
        default -> throw errors.at(g, "unknown generator '" + n + "' (" + KNOWN + ")");
      };
    } catch (IndexOutOfBoundsException | NumberFormatException e) {
      throw errors.at(g, "bad arguments for " + n + "(...)");
    } catch (IllegalArgumentException e) {
      if (e instanceof ScenarioException se) throw se;
      throw errors.at(g, n + "(...): " + e.getMessage());
    }
  }

  /** How many distinct values a generator draws from: at least one. */
  private static long count(String s) {
    return Limits.atLeast("the number of values", Long.parseLong(s), 1);
  }

  private static long bucket(String s) {
    long ms = switch (s) {
      case "day" -> 86_400_000L;
      case "hour" -> 3_600_000L;
      case "minute" -> 60_000L;
      default -> Durations.parse(s);
    };
    if (ms <= 0) throw new IllegalArgumentException("a time bucket must be longer than 0ms");
    return ms;
  }

  private static double fraction(String s) {
    return s.endsWith("%") ? Double.parseDouble(s.substring(0, s.length() - 1)) / 100 : Double.parseDouble(s);
  }

  private static String unquote(String s) {
    return s.substring(1, s.length() - 1);
  }
}
