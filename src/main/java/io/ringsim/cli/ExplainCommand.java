package io.ringsim.cli;

import io.ringsim.report.Anomaly;
import io.ringsim.report.AnomalyStory;
import io.ringsim.report.Labels;
import io.ringsim.report.Lang;
import io.ringsim.report.RunReport;
import io.ringsim.report.SequenceDiagramText;
import io.ringsim.sim.Durations;
import io.ringsim.sim.OpRecord;
import io.ringsim.sim.trace.Explainer;
import io.ringsim.sim.trace.TraceModel;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ringsim explain RUN_DIR}: why an anomaly happened, told from the run's trace, with a text diagram. */
@Command(
    name = "explain",
    header = "Explain a run's anomalies from its trace: the story and a text sequence diagram.",
    mixinStandardHelpOptions = true,
    description = "Reads a run's --out directory (summary.json, history.jsonl and trace.jsonl) and prints, for an"
        + " anomaly the checker found, the key, its token and replicas, what happened in plain words (which write was"
        + " acknowledged by whom, which replica missed it and why, whom the read asked and what won) and the"
        + " messages about the key around it, one line each: the same story as the anomaly's section of report.html.",
    footer = {"", "Examples:", "  ringsim explain out/consistency-levels --anomaly 3",
        "  ringsim explain out/consistency-levels --key cl.one 43 --from 39s --to 41s"})
public final class ExplainCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RUN_DIR", description = "A run's --out directory.")
  Path dir;

  @Option(names = "--anomaly", paramLabel = "N", description = "The anomaly to explain (1 = the first listed).")
  Integer anomaly;

  @Option(names = "--key", arity = "2", paramLabel = "TABLE KEY", hideParamSyntax = true,
      description = "Show the messages about one key instead (e.g. --key cl.one 43).")
  List<String> key;

  @Option(names = "--from", paramLabel = "T", description = "Start of the diagram's window (e.g. 39s, 1m2s).")
  String from;

  @Option(names = "--to", paramLabel = "T", description = "End of the diagram's window.")
  String to;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @picocli.CommandLine.Mixin LangOption langOption = new LangOption();

  @Override
  public Integer call() {
    if (anomaly != null && key != null) throw BadInputException.said("err.anomaly-and-key");
    Long fromMicros = time("--from", from), toMicros = time("--to", to);
    if (fromMicros != null && toMicros != null && toMicros <= fromMicros)
      throw new BadInputException("--to " + to + " is not after --from " + from);
    Labels t = langOption.resolve().labels();
    RunReport report = ReportCommand.load(dir);
    PrintWriter out = spec.commandLine().getOut();
    List<Anomaly> anomalies = report.anomalies();
    if (key == null && anomalies.isEmpty()) {
      out.println(t.get("explain.none"));
      out.flush();
      return ExitCodes.OK;
    }
    if (anomaly != null && (anomaly < 1 || anomaly > anomalies.size()))
      throw new BadInputException("--anomaly " + anomaly + ": the run lists " + anomalies.size() + " anomal"
          + (anomalies.size() == 1 ? "y" : "ies") + " (1 to " + anomalies.size() + ")");
    TraceModel trace = RunFiles.readTrace(dir);
    if (trace == null)
      throw new BadInputException(dir + " has no trace.jsonl (the run kept no history, or an older ringsim made it)");
    List<OpRecord> history = RunFiles.readHistory(dir);
    Explainer explainer = new Explainer(trace, history, t);
    if (key != null) {
      print(out, explainer.explainKey(key.get(0), key.get(1), fromMicros, toMicros), t);
    } else if (anomaly != null) {
      print(out, explainer.explain(anomaly, anomalies.get(anomaly - 1), fromMicros, toMicros), t);
    } else {
      out.println(t.f(anomalies.size() == 1 ? "explain.first.one" : "explain.first", anomalies.size()));
      out.println();
      print(out, explainer.explain(1, anomalies.get(0), fromMicros, toMicros), t);
    }
    out.flush();
    return ExitCodes.OK;
  }

  static String header(AnomalyStory s) {
    return header(s, Lang.EN.labels());
  }

  static String header(AnomalyStory s, Labels t) {
    String unknown = t.get("anomaly.unknown");
    return (s.number() > 0 ? t.f("anomaly.h3", s.number(), t.name("anomaly.kind.", s.kind()), s.table(), s.key())
        : t.f("explain.key", s.table(), s.key()))
        + "\n" + t.f("explain.token", s.token().isEmpty() ? unknown : s.token(),
            s.replicas().isEmpty() ? unknown : String.join(", ", s.replicas()));
  }

  private static void print(PrintWriter out, AnomalyStory s, Labels t) {
    out.println(header(s, t));
    out.println();
    out.println(s.story());
    out.println();
    out.print(SequenceDiagramText.render(s.diagram(), SequenceDiagramText.WIDTH, t));
  }

  private static Long time(String option, String v) {
    if (v == null) return null;
    try {
      return Durations.parse(v) * 1000;
    } catch (IllegalArgumentException e) {
      throw BadInputException.said("err.not-a-time", option, v);
    }
  }
}
