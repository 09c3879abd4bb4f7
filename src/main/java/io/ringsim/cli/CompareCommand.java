package io.ringsim.cli;

import io.ringsim.report.Comparison;
import io.ringsim.report.RunReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ringsim compare DIR1 DIR2}: two runs' key figures side by side. */
@Command(
    name = "compare",
    header = "Put two runs side by side: skew, partition sizes, operations, errors.",
    mixinStandardHelpOptions = true,
    description = {
      "Puts two runs side by side: ownership and load skew, partition sizes, operations and error rates,",
      "p99 latency per consistency level, anomalies and checks. Each DIR is a run's --out directory."
    },
    footer = {"", "Example:", "  ringsim compare out/zip-key out/uuid-key --html compare.html"})
public final class CompareCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "DIR1", description = "The first run's --out directory.")
  Path first;

  @Parameters(index = "1", paramLabel = "DIR2", description = "The second run's --out directory.")
  Path second;

  @Option(names = "--html", paramLabel = "FILE", description = "Also write the comparison as a self-contained HTML page.")
  Path html;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @picocli.CommandLine.Mixin LangOption langOption = new LangOption();

  @Override
  public Integer call() {
    io.ringsim.report.Lang lang = langOption.resolve();
    RunReport a = ReportCommand.load(first);
    RunReport b = ReportCommand.load(second);
    String la = label(first), lb = label(second);
    if (la.equals(lb)) {
      la = first.toString();
      lb = second.toString();
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(Comparison.renderText(a, b, la, lb, lang));
    if (html != null) {
      try {
        Path parent = html.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        Files.writeString(html, Comparison.renderHtml(a, b, la, lb, lang));
      } catch (IOException e) {
        throw BadInputException.said("err.cannot-write", html, e.getMessage());
      }
      out.println("wrote " + html);
    }
    out.flush();
    return ExitCodes.OK;
  }

  private static String label(Path dir) {
    Path name = dir.toAbsolutePath().normalize().getFileName();
    return name == null ? dir.toString() : name.toString();
  }
}
