package io.ringsim.cli;

import io.ringsim.report.Lang;
import io.ringsim.sim.grade.Assignment;
import io.ringsim.sim.grade.AssignmentReader;
import io.ringsim.sim.grade.GradeResult;
import io.ringsim.sim.grade.GradeText;
import io.ringsim.sim.grade.Grader;
import io.ringsim.sim.grade.Submission;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Grades a data model (a CQL file) against a data-modelling assignment. */
@Command(
    name = "grade",
    mixinStandardHelpOptions = true,
    description = {"Grade a Cassandra data model against an assignment (simulations/assignments/*.sim).",
        "The submission holds CREATE TABLEs (no keyspace), then for each access pattern a comment line '-- Q1'",
        "and its SELECT with named bind markers (:mainland). The grader generates the assignment's data, loads a",
        "sample into a simulated cluster, runs every query for many parameter values and checks the limits at",
        "full scale.",
        "Exit: 0 every criterion passes, 1 something fails, 2 the submission (or assignment) cannot be graded.",
        "",
        "Example:",
        "  ringsim grade simulations/assignments/users.sim simulations/assignments/users-model.cql"})
public final class GradeCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "ASSIGNMENT.sim", description = "The assignment.")
  Path assignment;

  @Parameters(index = "1", paramLabel = "SUBMISSION.cql", description = "The data model to grade.")
  Path submission;

  @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
  String format;

  @Option(names = "--sample", paramLabel = "N", description = "Instances of each entity loaded into the cluster to"
      + " run the queries (default: the assignment's 'sample'); sizes and load are counted over all of them.")
  Integer sample;

  @picocli.CommandLine.Mixin LangOption lang = new LangOption();

  @Override
  public Integer call() {
    if (!format.equals("text") && !format.equals("json")) {
      throw new BadInputException("--format: unknown format '" + format + "' (expected text or json)");
    }
    if (sample != null && (sample < 1 || sample > 200_000)) {
      throw new BadInputException("--sample: " + sample + " is not between 1 and 200000");
    }
    Lang l = lang.resolve();
    Assignment a = AssignmentReader.read(assignment);
    Submission s = Submission.read(submission);
    GradeResult r = Grader.grade(a, s, sample);
    PrintWriter out = spec.commandLine().getOut();
    out.print(format.equals("json") ? GradeText.json(r) : GradeText.text(r, l));
    out.flush();
    return r.allPassed() ? ExitCodes.OK : ExitCodes.FAILED;
  }
}
