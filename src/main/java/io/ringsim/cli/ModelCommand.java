package io.ringsim.cli;

import io.ringsim.report.Lang;
import io.ringsim.report.ModelHtml;
import io.ringsim.report.ModelReport;
import io.ringsim.report.ModelText;
import io.ringsim.sim.model.Modeler;
import io.ringsim.sim.script.ModelLimits;
import io.ringsim.sim.script.ScenarioReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ringsim model}: a scenario's data model predicted, measured, judged and fixed, before running it. */
@Command(
    name = "model",
    header = "Predict and measure each table's partitions, judge the data model and its queries, suggest fixes.",
    mixinStandardHelpOptions = true,
    description = {
      "For every table of the scenario's cql section: partitions and, per partition, rows, cells and bytes (p50,",
      "p99, max), predicted from the workloads' generators, rates and windows, and measured by loading the",
      "generated writes into ringsim's storage engine (sampled when they are many; the output says how), with",
      "each node's load on the scenario's ring. The queries section's queries are planned by the CQL engine.",
      "Findings: LARGE_PARTITION, UNBOUNDED_GROWTH, HOT_PARTITION, LOW_CARDINALITY_KEY, SKEWED_LOAD,",
      "TOMBSTONE_RISK, FILTERING_QUERY, INDEX_QUERY, MULTI_PARTITION_QUERY; suggestions are verified by modelling",
      "the changed schema again. Exit 0 when the model has no finding, 1 when it has, 2 for bad input."
    },
    footer = {"", "Examples:", "  ringsim model simulations/model-application-logs.sim",
        "  ringsim model simulations/model-users.sim --scale 60 --format json",
        "  ringsim model simulations/model-application-logs.sim --scale 525600 --out target/model   (a year)"})
public final class ModelCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE.sim", description = "The scenario.")
  Path file;

  @Option(names = "--scale", defaultValue = "1", description = "Model this many times the scenario's duration"
      + " (workload windows stretched alike; default ${DEFAULT-VALUE}).")
  double scale;

  @Option(names = "--format", defaultValue = "text", description = "text or json (default ${DEFAULT-VALUE}).")
  String format;

  @Option(names = "--out", paramLabel = "DIR", description = "Also write model.html (and model.json) into DIR.")
  Path out;

  @Option(names = "--max-partition-bytes", description = "LARGE_PARTITION above this many bytes (default 100 MiB,"
      + " or the scenario's model section).")
  Long maxBytes;

  @Option(names = "--max-rows", description = "LARGE_PARTITION above this many rows (default 100000).")
  Long maxRows;

  @Option(names = "--tombstone-warn", description = "TOMBSTONE_RISK above this many tombstones per read (default"
      + " 1000, Cassandra's tombstone_warn_threshold).")
  Long tombstoneWarn;

  @Option(names = "--sample", defaultValue = "400000", description = "Load at most about this many writes per table;"
      + " above it the measurement samples (default ${DEFAULT-VALUE}).")
  long budget;

  @picocli.CommandLine.Mixin LangOption lang = new LangOption();

  @Override
  public Integer call() throws IOException {
    if (!format.equals("text") && !format.equals("json"))
      throw new BadInputException("--format must be text or json, not '" + format + "'");
    if (!(scale > 0) || scale > 1e7) throw new BadInputException("--scale must be above 0 and at most 10000000");
    if (budget < 1000) throw new BadInputException("--sample must be at least 1000");
    ScenarioReader.Model m = ScenarioReader.readModel(file, Map.of());
    ModelLimits limits = m.limits();
    if (maxBytes != null) limits = limits.with("partition_size_warn", positive("--max-partition-bytes", maxBytes));
    if (maxRows != null) limits = limits.with("rows_per_partition", positive("--max-rows", maxRows));
    if (tombstoneWarn != null) limits = limits.with("tombstone_warn", positive("--tombstone-warn", tombstoneWarn));
    Lang l = lang.resolve();
    ModelReport r = Modeler.model(m, new Modeler.Options(scale, budget, limits));
    String text = format.equals("json") ? ModelText.json(r) : ModelText.text(r, l);
    spec.commandLine().getOut().print(text);
    spec.commandLine().getOut().flush();
    if (out != null) {
      Files.createDirectories(out);
      Files.writeString(out.resolve("model.html"), ModelHtml.render(r, l), StandardCharsets.UTF_8);
      Files.writeString(out.resolve("model.json"), ModelText.json(r), StandardCharsets.UTF_8);
    }
    return r.findings().isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
  }

  private static long positive(String option, long v) {
    if (v <= 0) throw new BadInputException(option + " must be above 0, not " + v);
    return v;
  }
}
