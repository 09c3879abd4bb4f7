package io.ringsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TextTableTest {
  @Test
  void rendersLikeCqlsh() {
    String out =
        TextTable.render(
            List.of("mainland", "state", "uid"),
            List.of(List.of("northamerica", "delaware", "3"), List.of("northamerica", "texas", "12")));
    assertThat(out)
        .isEqualTo(
            "\n"
                + " mainland     | state    | uid\n"
                + "--------------+----------+-----\n"
                + " northamerica | delaware |   3\n"
                + " northamerica |    texas |  12\n"
                + "\n(2 rows)\n");
  }

  @Test
  void expandedShowsOneBlockPerRow() {
    String out = TextTable.renderExpanded(List.of("k", "value"), List.of(List.of("1", "a"), List.of("2", "bcd")));
    assertThat(out)
        .isEqualTo(
            "\n@ Row 1\n-------+-----\n k     | 1\n value | a\n"
                + "\n@ Row 2\n-------+-----\n k     | 2\n value | bcd\n"
                + "\n\n(2 rows)\n"); // as cqlsh: a blank line after the last block, then the count after another
  }

  @Test
  void emptyResultStillShowsHeaderAndZeroRows() {
    assertThat(TextTable.render(List.of("a"), List.of())).endsWith("(0 rows)\n").contains(" a\n---\n");
  }
}
