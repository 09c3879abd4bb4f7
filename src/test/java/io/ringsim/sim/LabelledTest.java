package io.ringsim.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The words history.jsonl, run.json, summary.json and the terminal name operations, outcomes and anomalies by: earlier
 * runs' files and users' scripts hold them, so they are the format, whatever the constants are called.
 */
class LabelledTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void eachConstantIsWrittenAndReadByItsWord() throws Exception {
    words(OpType.class, "write", "read", "delete", "lwt", "update", "delete-cell", "delete-range", "delete-partition",
        "read-slice", "read-in", "read-limit", "read-columns", "increment");
    words(OpOutcome.class, "ok", "fail", "timeout");
    words(AnomalyKind.class, "stale-read", "read-your-writes", "lost-write", "lwt", "counter-unexplained");
  }

  private static <E extends Enum<E> & Labelled> void words(Class<E> type, String... expected) throws Exception {
    List<String> written = new ArrayList<>();
    for (E e : type.getEnumConstants()) {
      String json = JSON.writeValueAsString(e);
      written.add(json);
      assertThat(JSON.readValue(json, type)).isSameAs(e);
      assertThat(e.toString()).isEqualTo(e.label());
    }
    List<String> quoted = new ArrayList<>();
    for (String w : expected) quoted.add('"' + w + '"');
    assertThat(written).containsExactlyElementsOf(quoted);
  }

  @Test
  void anUnknownWordIsRefusedNamingWhatItShouldHaveBeen() {
    assertThatThrownBy(() -> JSON.readValue("\"read-some\"", OpType.class))
        .hasMessageContaining("unknown operation type 'read-some'");
    assertThatThrownBy(() -> JSON.readValue("\"maybe\"", OpOutcome.class))
        .hasMessageContaining("unknown operation outcome 'maybe'");
    assertThatThrownBy(() -> JSON.readValue("\"READ_YOUR_WRITES\"", AnomalyKind.class))
        .hasMessageContaining("unknown anomaly kind 'READ_YOUR_WRITES'");
  }
}
