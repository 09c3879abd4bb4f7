package io.ringsim.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The command line that runs a scenario again exactly: {@code bin/ringsim run FILE --seed N} and every --set as
 * given, in order, each word quoted for a POSIX shell where it needs it. A run is a function of the scenario file,
 * the seed and the overrides, so this command reproduces it byte for byte.
 */
final class RerunCommand {
  private RerunCommand() {}

  /** Characters a shell takes literally; a word made of nothing else needs no quotes. */
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./=:,+@%^-]+");

  static String of(Path file, long seed, List<String> sets) {
    StringBuilder sb = new StringBuilder("bin/ringsim run ").append(quote(file.toString())).append(" --seed ")
        .append(seed);
    for (String s : sets) sb.append(" --set ").append(quote(s));
    return sb.toString();
  }

  /** A word as a shell reads it back: single quotes around anything special, a quote itself as '\''. */
  static String quote(String word) {
    if (!word.isEmpty() && PLAIN.matcher(word).matches()) return word;
    return "'" + word.replace("'", "'\\''") + "'";
  }
}
