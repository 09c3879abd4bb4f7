package io.ringsim.cql;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A directive between the statements of a CQL script, written as a comment line so that cqlsh and every other
 * reader skip it: {@code -- @advance 10s} (simulated time passes), {@code -- @flush}, {@code -- @compact} (nodetool
 * flush / compact on every node) and {@code -- @restart} (every node is killed without flushing, just after a
 * commit-log sync, and started again, replaying its commit log). The conformance scripts use them to ask real
 * Cassandra and ringsim the same questions about TTL expiry, tombstone purging and commit-log replay
 * (src/test/resources/cql/README.md; oracle/answer.sh carries them out on Cassandra). {@code -- @yaml NAME: VALUE}
 * sets one of cassandra.yaml's feature switches ({@link CqlFeatures}) for the whole script, so it comes before the
 * first statement; {@code setting} is then {@code NAME=VALUE}.
 */
public record ScriptDirective(Kind kind, long seconds, String setting) {
  public enum Kind { ADVANCE, FLUSH, COMPACT, RESTART, YAML }

  public ScriptDirective(Kind kind, long seconds) {
    this(kind, seconds, null);
  }

  private static final Pattern YAML = Pattern.compile("--\\s*@yaml\\s+(\\w+)\\s*:\\s*(\\S+)\\s*");

  private static final Pattern LINE = Pattern.compile("--\\s*@(\\w+)(?:\\s+(\\S+))?\\s*");
  private static final Pattern DURATION = Pattern.compile("(\\d+)([smhd])");

  /**
   * The directive on a (trimmed) line, or null when the line is not one. A word after {@code -- @} that is not a
   * directive, or a bad argument, is an error rather than a comment: a misspelt directive would otherwise be
   * skipped without a word, and the script would answer a different question.
   */
  public static ScriptDirective parse(String line) {
    if (line.matches("--\\s*@yaml\\b.*")) {
      Matcher y = YAML.matcher(line);
      if (!y.matches()) throw new IllegalArgumentException("@yaml needs NAME: VALUE, e.g. "
          + "-- @yaml user_defined_functions_enabled: true");
      String setting = y.group(1) + "=" + y.group(2);
      CqlFeatures.DEFAULTS.withAll(java.util.List.of(setting)); // an unknown name or value is an error here
      return new ScriptDirective(Kind.YAML, 0, setting);
    }
    Matcher m = LINE.matcher(line);
    if (!m.matches()) return null;
    Kind kind;
    try {
      kind = Kind.valueOf(m.group(1).toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("unknown directive @" + m.group(1)
          + " (expected @advance, @flush, @compact, @restart or @yaml)");
    }
    String arg = m.group(2);
    if (kind != Kind.ADVANCE) {
      if (arg != null) throw new IllegalArgumentException("@" + m.group(1) + " takes no argument");
      return new ScriptDirective(kind, 0);
    }
    Matcher d = arg == null ? null : DURATION.matcher(arg);
    if (d == null || !d.matches()) {
      // Whole seconds only: Cassandra's "now" (now_in_seconds, TTLs, gc_grace) counts in seconds.
      throw new IllegalArgumentException("@advance needs whole seconds, e.g. 10s, 2m, 1h or 3d");
    }
    long unit = switch (d.group(2)) {
      case "s" -> 1;
      case "m" -> 60;
      case "h" -> 3600;
      default -> 86400;
    };
    return new ScriptDirective(kind, Long.parseLong(d.group(1)) * unit);
  }

  @Override
  public String toString() {
    if (kind == Kind.YAML) return "@yaml " + setting.replaceFirst("=", ": ");
    return "@" + kind.name().toLowerCase(Locale.ROOT) + (kind == Kind.ADVANCE ? " " + seconds + "s" : "");
  }
}
