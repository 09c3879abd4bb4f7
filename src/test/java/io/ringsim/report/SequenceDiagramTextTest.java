package io.ringsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** explain's diagram in a terminal: fifteen client lanes must not make lines 300 characters wide. */
class SequenceDiagramTextTest {

  private static SequenceDiagram diagram(int clients) {
    List<String> lanes = new ArrayList<>();
    List<SequenceDiagram.Arrow> arrows = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      String c = "orders/" + i;
      lanes.add(c);
      arrows.add(new SequenceDiagram.Arrow(1000L * i, 1000L * i, c, "n1", "write #" + i + " QUORUM", "delivered"));
    }
    lanes.addAll(List.of("n1", "n2", "n3"));
    arrows.add(new SequenceDiagram.Arrow(20_000, 21_000, "n1", "n3", "MUTATION_REQ", "partitioned"));
    int last = clients - 1;
    arrows.add(new SequenceDiagram.Arrow(30_000, 30_000, "n1", "orders/" + last, "write #" + last
        + " QUORUM: WriteTimeout", "delivered"));
    return new SequenceDiagram(lanes, 0, 40_000, arrows, List.of(), 0, 0, clients);
  }

  /** The lanes (as wide as the header of lane names, which every arrow line shares) leave the label its room. */
  private static void fits(String text, int width) {
    String header = text.lines().filter(l -> l.stripLeading().startsWith("time")).findFirst().orElseThrow();
    assertThat(header.stripTrailing().length()).as(header).isLessThanOrEqualTo(width - SequenceDiagramText.LABEL);
  }

  @Test
  void fifteenClientLanesFoldIntoOneAndEveryArrowNamesItsClient() {
    String text = SequenceDiagramText.render(diagram(15));
    assertThat(text).startsWith("(the 15 client lanes are folded into one; each arrow names its client)");
    assertThat(text).contains("orders/14: write #14 QUORUM: WriteTimeout").contains("MUTATION_REQ DROPPED: partitioned");
    fits(text, SequenceDiagramText.WIDTH);
  }

  @Test
  void aDiagramThatFitsIsDrawnAsItIs() {
    String text = SequenceDiagramText.render(diagram(2));
    assertThat(text).doesNotContain("folded").contains("orders/0").contains("orders/1");
    assertThat(text.lines().filter(l -> l.contains("write #1 QUORUM")).findFirst().orElseThrow())
        .doesNotContain("orders/1:");
    fits(text, SequenceDiagramText.WIDTH);
  }
}
