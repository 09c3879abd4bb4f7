package io.ringsim.cql;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shrinks a script whose last statement Cassandra and ringsim answer differently to a minimal one that still shows
 * the same mismatch, by delta debugging (Zeller and Hildebrandt's ddmin) over the statements before it. The result
 * is 1-minimal: leaving out any one more statement makes the mismatch go away (or change).
 *
 * <p>"The same mismatch": the last statement still gets answers that disagree, and each side's answer has the kind
 * (ok or the error class) and the columns it had in the full script. Rows are not required to be the same, or no
 * write that merely adds a row to the result could ever be dropped.
 *
 * <p>Every try runs on both sides in a keyspace of its own (the script's keyspace renamed to {@code NAME_sN}, and
 * dropped at the end), so tries never see each other's data. {@code CREATE KEYSPACE} and {@code USE} are always
 * kept; everything else, tables included, may go.
 */
public final class ScriptShrinker {
  private static final Pattern CREATE_KEYSPACE =
      Pattern.compile("(?i)^\\s*CREATE\\s+KEYSPACE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?(\\w+)");
  private static final Pattern ALWAYS_KEPT = Pattern.compile("(?i)^\\s*(CREATE\\s+KEYSPACE|USE)\\b.*");
  private static final Pattern KEYSPACE_STATEMENT = Pattern.compile("(?i)^\\s*(CREATE|DROP)\\s+KEYSPACE\\b.*|^\\s*USE\\b.*");

  private final Function<List<String>, List<CqlAnswer>> cassandra;
  private final Function<List<String>, List<CqlAnswer>> ringsim;
  private final int maxTries;
  private int tries;
  private boolean budgetSpent;

  /**
   * @param cassandra runs a script (one statement per element, in order) on real Cassandra, one answer each
   * @param ringsim the same on ringsim
   * @param maxTries how many scripts to run at most; when spent, the smallest failing script so far is returned
   */
  public ScriptShrinker(Function<List<String>, List<CqlAnswer>> cassandra,
      Function<List<String>, List<CqlAnswer>> ringsim, int maxTries) {
    this.cassandra = cassandra;
    this.ringsim = ringsim;
    this.maxTries = maxTries;
  }

  /**
   * The shrunk script (in the original keyspace, ending with {@code target}), or null when the full script run
   * afresh does not show a mismatch on {@code target} (it depended on something outside the script).
   */
  public Result shrink(List<String> before, String target) {
    tries = 0;
    budgetSpent = false;
    String keyspace = keyspaceOf(before);
    List<Integer> kept = new ArrayList<>();
    List<Integer> candidates = new ArrayList<>(); // positions in before
    for (int i = 0; i < before.size(); i++) (ALWAYS_KEPT.matcher(before.get(i)).matches() ? kept : candidates).add(i);
    Try full = run(keyspace, before, target);
    if (full.cassandra.agrees(full.ringsim)) return null;
    Map<List<Integer>, Boolean> seen = new HashMap<>();
    Function<List<Integer>, Boolean> fails = chosen -> seen.computeIfAbsent(chosen, c -> {
      Try t = run(keyspace, assemble(before, candidates, kept, c), target);
      return !t.cassandra.agrees(t.ringsim) && sameShape(t.cassandra, full.cassandra)
          && sameShape(t.ringsim, full.ringsim);
    });
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < candidates.size(); i++) all.add(i);
    List<Integer> minimal = ddmin(all, fails);
    boolean complete = !budgetSpent;
    List<String> script = new ArrayList<>(assemble(before, candidates, kept, minimal));
    script.add(target);
    Try last = run(keyspace, script.subList(0, script.size() - 1), target);
    return new Result(script, last.cassandra, last.ringsim, tries, complete);
  }

  /** ddmin: the smallest subset of {@code c} (in order) for which {@code fails} holds, within the try budget. */
  private List<Integer> ddmin(List<Integer> c, Function<List<Integer>, Boolean> fails) {
    if (fails.apply(List.of())) return List.of();
    int n = 2;
    while (c.size() >= 2) {
      if (tries >= maxTries) {
        budgetSpent = true;
        break;
      }
      List<List<Integer>> chunks = split(c, n);
      boolean reduced = false;
      for (List<Integer> chunk : chunks) {
        if (fails.apply(chunk)) {
          c = chunk;
          n = 2;
          reduced = true;
          break;
        }
      }
      if (!reduced && n > 2) {
        for (List<Integer> chunk : chunks) {
          List<Integer> complement = new ArrayList<>(c);
          complement.removeAll(chunk);
          if (fails.apply(complement)) {
            c = complement;
            n = Math.max(n - 1, 2);
            reduced = true;
            break;
          }
        }
      }
      if (!reduced) {
        if (n >= c.size()) break;
        n = Math.min(2 * n, c.size());
      }
    }
    return c;
  }

  private static List<List<Integer>> split(List<Integer> c, int n) {
    List<List<Integer>> chunks = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < n; i++) {
      int end = start + (c.size() - start) / (n - i);
      chunks.add(List.copyOf(c.subList(start, end)));
      start = end;
    }
    return chunks;
  }

  /** The kept statements and the chosen candidates (indexes into {@code candidates}), in their original order. */
  private static List<String> assemble(List<String> before, List<Integer> candidates, List<Integer> kept,
      List<Integer> chosen) {
    TreeSet<Integer> positions = new TreeSet<>(kept);
    for (int i : chosen) positions.add(candidates.get(i));
    List<String> out = new ArrayList<>();
    for (int p : positions) out.add(before.get(p));
    return out;
  }

  private static boolean sameShape(CqlAnswer a, CqlAnswer b) {
    return a.kind().equals(b.kind()) && a.columns().equals(b.columns());
  }

  private record Try(CqlAnswer cassandra, CqlAnswer ringsim) {}

  private Try run(String keyspace, List<String> before, String target) {
    tries++;
    String fresh = keyspace + "_s" + tries;
    List<String> script = new ArrayList<>();
    for (String s : before) script.add(renamed(s, keyspace, fresh));
    script.add(renamed(target, keyspace, fresh));
    script.add("DROP KEYSPACE IF EXISTS " + fresh);
    int at = before.size();
    return new Try(cassandra.apply(script).get(at).withMessageRenamed(fresh, keyspace),
        ringsim.apply(script).get(at).withMessageRenamed(fresh, keyspace));
  }

  static String renamed(String statement, String from, String to) {
    String qualified = statement.replaceAll("\\b" + from + "\\.", to + ".");
    if (!KEYSPACE_STATEMENT.matcher(qualified).matches()) return qualified;
    return qualified.replaceAll("\\b" + from + "\\b", to);
  }

  private static String keyspaceOf(List<String> before) {
    for (String s : before) {
      Matcher m = CREATE_KEYSPACE.matcher(s);
      if (m.find()) return m.group(1);
    }
    throw new IllegalArgumentException("the script creates no keyspace");
  }

  /**
   * A shrunk script: {@code script} ends with the mismatching statement, whose answers are {@code cassandra} and
   * {@code ringsim}; {@code minimal} is false when the try budget ran out first.
   */
  public record Result(List<String> script, CqlAnswer cassandra, CqlAnswer ringsim, int tries, boolean minimal) {
    /** A replayable .cql file (src/test/resources/cql/README.md's format) with both answers as comments. */
    public String toCql(String header) {
      StringBuilder sb = new StringBuilder();
      for (String line : header.split("\n")) sb.append("-- ").append(line).append('\n');
      sb.append("-- ").append(script.size()).append(" statements after ").append(tries).append(" tries")
          .append(minimal ? " (1-minimal)" : " (try budget spent: may not be minimal)").append('\n');
      for (int i = 0; i < script.size(); i++) {
        if (i == script.size() - 1) {
          sb.append("-- Cassandra: ").append(oneLine(cassandra)).append('\n');
          sb.append("-- ringsim:   ").append(oneLine(ringsim)).append('\n');
        }
        sb.append(script.get(i)).append(";\n");
      }
      String ks = keyspaceOf(script);
      sb.append("DROP KEYSPACE ").append(ks).append(";\n");
      return sb.toString();
    }

    private static String oneLine(CqlAnswer a) {
      return a.toString().replace('\n', ' ');
    }
  }
}
