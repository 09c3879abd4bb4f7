package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The progress line leaves nothing behind: no tail of a longer line, and a clean line when it ends. */
class ProgressLineTest {
  /** What a terminal shows after the carriage returns: each \r goes back to the start of the line. */
  private static String screen(String written) {
    StringBuilder line = new StringBuilder();
    int col = 0;
    for (char c : written.toCharArray()) {
      if (c == '\r') {
        col = 0;
        continue;
      }
      if (col < line.length()) line.setCharAt(col, c);
      else line.append(c);
      col++;
    }
    return line.toString();
  }

  @Test
  void aShorterLineCoversTheLongerOneAndClosingWipesIt() {
    StringWriter s = new StringWriter();
    ProgressLine p = new ProgressLine(new PrintWriter(s, true), true);
    p.accept("1m30s / 3m  12345 operations");
    p.accept("3m / 3m  done");
    assertThat(screen(s.toString()).strip()).isEqualTo("3m / 3m  done");
    p.close();
    assertThat(screen(s.toString()).strip()).isEmpty();
  }

  @Test
  void quietWritesNothing() {
    StringWriter s = new StringWriter();
    try (ProgressLine p = new ProgressLine(new PrintWriter(s, true), false)) {
      p.accept("anything");
    }
    assertThat(s.toString()).isEmpty();
  }
}
