package io.ringsim.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What report.html's interactive views need beyond summary.json, kept beside it in views.json so summary.json stays
 * as it was: the ring's ranges with their replicas (for the explorable ring) and figures sampled each simulated
 * second (for the time slider). Every part may be empty or null; the views then show what they can without it.
 *
 * @param ring the ring's tokens and each range's replicas (null: the ring is drawn but keys cannot be looked up)
 * @param sent messages the simulated network accepted in each second (index = second of simulated time)
 * @param dropped messages it dropped in each second (partition, random loss or no receiver)
 * @param inFlight messages in flight in each second, on average (the time messages spent on the wire / 1 s)
 * @param hintsPending per node, the hints the cluster held for it at the end of each second
 */
public record RunViews(RingExplorer ring, List<Long> sent, List<Long> dropped, List<Double> inFlight,
    Map<String, List<Integer>> hintsPending) {
  public static final String FILE = "views.json";

  public RunViews {
    sent = Lists.copy(sent);
    dropped = Lists.copy(dropped);
    inFlight = Lists.copy(inFlight);
    hintsPending = Lists.sorted(hintsPending);
  }

  public static final RunViews NONE = new RunViews(null, List.of(), List.of(), List.of(), Map.of());

  private static final ObjectMapper MAPPER = JsonMapper.builder()
      .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
      .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  public byte[] toBytes() {
    try {
      return (MAPPER.writeValueAsString(this) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise the views: " + e.getOriginalMessage(), e);
    }
  }

  /** The views of a run folder, or {@link #NONE} when it has none (a run of an older ringsim) or they do not read. */
  public static RunViews readOrNone(Path dir) {
    Path f = dir.resolve(FILE);
    if (!Files.isRegularFile(f)) return NONE;
    try {
      RunViews v = MAPPER.readValue(f.toFile(), RunViews.class);
      return v == null ? NONE : v;
    } catch (IOException | IllegalArgumentException e) {
      return NONE; // the views are extras: a damaged file leaves the report without them, not without a report
    }
  }
}
