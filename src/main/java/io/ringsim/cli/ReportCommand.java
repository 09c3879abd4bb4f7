package io.ringsim.cli;

import io.ringsim.report.ReportFormatException;
import io.ringsim.report.ReportJson;
import io.ringsim.report.RunReport;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code ringsim report DIR}: re-renders report.html and the CSVs of a run from its summary.json. */
@Command(
    name = "report",
    header = "Re-render a run's report.html and CSVs from its summary.json.",
    mixinStandardHelpOptions = true,
    description = {
      "Re-renders a run's report.html and its CSVs (ops.csv, latency.csv, nodes.csv) from DIR/summary.json",
      "and prints the path of report.html. The run itself is not repeated."
    },
    footer = {"", "Example:", "  ringsim report out/quickstart"})
public final class ReportCommand implements Callable<Integer> {
  @Parameters(paramLabel = "DIR", description = "A run's --out directory (holding summary.json).")
  Path dir;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @picocli.CommandLine.Mixin LangOption langOption = new LangOption();

  @Override
  public Integer call() {
    io.ringsim.report.Lang lang = langOption.resolve();
    RunReport r = load(dir);
    Path html;
    try {
      html = RunFiles.render(r, dir, null, RunFiles.stories(RunFiles.readTrace(dir), RunFiles.readHistory(dir),
          r.anomalies(), lang), lang).get(0);
    } catch (UncheckedIOException e) {
      throw new BadInputException(e.getMessage());
    }
    spec.commandLine().getOut().println(html);
    spec.commandLine().getOut().flush();
    return ExitCodes.OK;
  }

  /** Reads a run's --out directory (also used by compare), with one-line errors for anything wrong with it. */
  static RunReport load(Path dir) {
    if (!Files.exists(dir)) throw BadInputException.said("err.no-such-directory", Unreadable.name(dir));
    if (!Files.isDirectory(dir)) throw BadInputException.said("err.not-a-directory", Unreadable.name(dir));
    Path summary = dir.resolve(RunFiles.SUMMARY);
    if (!Files.isRegularFile(summary))
      throw BadInputException.said("err.no-summary", Unreadable.name(dir));
    try {
      return ReportJson.read(summary);
    } catch (ReportFormatException e) {
      throw new BadInputException(e.getMessage());
    }
  }
}
