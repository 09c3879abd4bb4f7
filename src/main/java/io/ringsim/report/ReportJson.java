package io.ringsim.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * summary.json: a {@link RunReport} as JSON with snake_case keys in the records' declaration order, map keys sorted,
 * two-space indentation and a final newline, so the same report always gives the same bytes.
 */
public final class ReportJson {
  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  private ReportJson() {}

  public static String toJson(RunReport r) {
    try {
      return MAPPER.writeValueAsString(r) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise the report: " + e.getOriginalMessage(), e);
    }
  }

  public static byte[] toBytes(RunReport r) {
    return toJson(r).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Reads a report back. A summary missing from the file is recomputed.
   *
   * @throws ReportFormatException with a one-line message naming the file (and line:column) when it is missing, not
   *     JSON, not a report, or written by a newer ringsim
   */
  public static RunReport read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new ReportFormatException(file + ": no such file");
    } catch (IOException e) {
      throw new ReportFormatException(file + ": cannot read: " + e.getMessage());
    }
    return parse(text, file.toString());
  }

  /** As {@link #read(Path)}, from text; {@code source} names it in error messages. */
  public static RunReport parse(String json, String source) {
    RunReport r;
    try {
      r = MAPPER.readValue(json, RunReport.class);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String where = at == null ? "" : ":" + at.getLineNr() + ":" + at.getColumnNr();
      String msg = String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("invalid JSON")
          // Jackson's own source description says nothing to a user and its position is already in `where`
          .replaceAll("\\s*\\(start marker at \\[Source:.*?\\]\\)", "")
          .replaceAll("\\s*at \\[Source:.*$", "");
      throw new ReportFormatException(source + where + ": not a ringsim summary.json: " + msg);
    }
    if (r == null) throw new ReportFormatException(source + ": empty, expected a ringsim summary.json");
    if (r.formatVersion() < 1)
      throw new ReportFormatException(source + ": not a ringsim summary.json (no format_version)");
    if (r.formatVersion() > RunReport.FORMAT_VERSION)
      throw new ReportFormatException(source + ": format_version " + r.formatVersion()
          + " is newer than this ringsim reads (" + RunReport.FORMAT_VERSION + ")");
    return r.summary() == null ? r.withSummary(Summary.of(r)) : r;
  }
}
