package io.ringsim.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SvgChartsTest {
  static List<String> tickLabels(String svg) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("<text x=\"[^\"]*\" y=\"[^\"]*\" text-anchor=\"(?:middle|end)\">([^<]*)</text>").matcher(svg);
    while (m.find()) out.add(m.group(1));
    return out;
  }

  @Test
  void byteAxesStepInWholeKibibytesAndTheTopIsLabelled() {
    assertThat(SvgCharts.scale(14_950, true).ticks()).containsExactly(0.0, 5120.0, 10240.0, 15360.0);
    assertThat(SvgCharts.scale(428, false).ticks()).containsExactly(0.0, 100.0, 200.0, 300.0, 400.0, 500.0);
    String svg = SvgCharts.horizontalBars("largest", List.of("a", "b"), List.of("bytes"), List.of("#000"),
        new double[][] {{12_060, 10_200}}, "partition size", 10_485.0, "guideline", SvgCharts::shortBytes, true);
    assertThat(tickLabels(svg)).contains("0B", "5K", "10K", "15K").doesNotContain("4.9K", "9.8K");
  }

  @Test
  void aLogAxisOfTwoDecadesLabelsOneTwoFiveWithoutTrailingZeros() {
    List<double[]> pts = List.of(new double[] {1, 0.3}, new double[] {2, 9});
    String svg = SvgCharts.lineChart("latency", List.of(new SvgCharts.Series("p99", "#000", pts)), List.of(), "t", "ms", true,
        Html::fig, 0, 3);
    assertThat(tickLabels(svg)).contains("0.1", "0.2", "0.5", "1", "2", "5", "10").doesNotContain("0.100", "20");
  }

  @Test
  void aBucketWithNothingToDrawBreaksTheLineAndAvailabilityZoomsOnADip() {
    List<double[]> pts = List.of(new double[] {0.5, 100}, new double[] {1.5, 99.5}, new double[] {4.5, 100}, new double[] {5.5, 100});
    String svg = SvgCharts.lineChart("availability", List.of(new SvgCharts.Series("QUORUM", "#000", pts)), List.of(), "t", "%", false,
        Html::fig, 0, 6, 99, 1.5);
    Matcher d = Pattern.compile("class=\"series\" d=\"([^\"]*)\"").matcher(svg);
    assertThat(d.find()).isTrue();
    assertThat(d.group(1).split("M", -1)).as("two pieces: before and after the empty buckets").hasSize(3);
    assertThat(tickLabels(svg)).contains("99", "99.2", "100").doesNotContain("50");
  }

  @Test
  void theAvailabilityChartZoomsToTheRoundFigureBelowTheWorstBucketAndSaysSo() {
    // the fixture's worst QUORUM bucket is about 82% (timeouts just after the crash)
    String avail = ReportHtmlTest.section(ReportHtml.render(ReportFixtures.sixNodes()), "availability");
    assertThat(avail).contains("the axis starts at 80% so that small dips show");
    assertThat(tickLabels(avail.substring(avail.indexOf("<svg"), avail.indexOf("</svg>")))).contains("80", "100").doesNotContain("50");
    String none = ReportHtmlTest.section(ReportHtml.render(RunReport.builder("quiet").build()), "availability");
    assertThat(none).doesNotContain("the axis starts at");
  }

  @Test
  void aMarkerNearTheRightEdgeLabelsToTheLeftOfItsLine() {
    String svg = SvgCharts.lineChart("ops", List.of(), List.of(new SvgCharts.Marker(9.9, "restart n3", false)), "t", "ops", false,
        Html::fig, 0, 10);
    assertThat(svg).containsPattern("<text x=\"[0-9.]+\" y=\"[0-9.]+\" text-anchor=\"end\" fill=\"#2e7d32\"[^>]*>restart n3</text>");
  }
}
