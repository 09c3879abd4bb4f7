package io.ringsim.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The conformance scripts a driver can replay statement by statement: those without directives (-- @advance,
 * @flush, @compact, @restart). A driver has no way to let a server's time pass or to restart its nodes, so a
 * script with directives would read its TTLs and purges at the wrong moments; CqlConformanceTest runs those.
 */
final class ConformanceScripts {
  private static final Pattern DIRECTIVE = Pattern.compile("^\\s*--\\s*@\\w+.*");

  private ConformanceScripts() {}

  /** The NAME.expected.jsonl files of src/test/resources/cql whose NAME.cql has no directive, sorted. */
  static List<Path> replayableByADriver() throws IOException {
    try (Stream<Path> files = Files.list(Path.of("src/test/resources/cql"))) {
      return files.filter(f -> f.toString().endsWith(".expected.jsonl")).filter(ConformanceScripts::noDirectives)
          .sorted().toList();
    }
  }

  private static boolean noDirectives(Path expected) {
    Path script = Path.of(expected.toString().replace(".expected.jsonl", ".cql"));
    try (Stream<String> lines = Files.lines(script)) {
      return lines.noneMatch(l -> DIRECTIVE.matcher(l).matches());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
