package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** Whatever escapes a command is one line, exit 1 for a bug and 2 for bad input; --debug adds the trace. */
class ErrorReportingTest {
  private record Handled(int code, String err) {}

  private static Handled handle(Exception e, String... args) {
    StringWriter err = new StringWriter();
    var cl = ExitCodes.newCommandLine();
    cl.setErr(new PrintWriter(err, true));
    var parsed = cl.parseArgs(args);
    int code = ExitCodes.handle(e, cl, parsed);
    return new Handled(code, err.toString());
  }

  @Test
  void aBugIsOneLineWithExitOneAndAHintAboutDebug() {
    Handled h = handle(new NullPointerException("node is null"), "token", "--types", "int", "1");
    assertThat(h.code()).isEqualTo(1);
    assertThat(h.err()).isEqualTo("ringsim: internal error (a bug): NullPointerException: node is null (run again"
        + " with --debug for the stack trace)" + System.lineSeparator());
  }

  /** Under zh-CN the line's words are Chinese; the exception's own words, for the bug report, are as they are. */
  @Test
  void aBugIsOneLineInTheChosenLanguage() {
    StringWriter err = new StringWriter();
    var cl = ExitCodes.newCommandLine("--lang", "zh-CN");
    cl.setErr(new PrintWriter(err, true));
    int code = ExitCodes.handle(new NullPointerException("node is null"), cl, cl.parseArgs("token", "1"),
        io.ringsim.report.Lang.ZH_CN.labels());
    assertThat(code).isEqualTo(1);
    assertThat(err.toString()).isEqualTo("ringsim: 内部错误（ringsim 的缺陷）：NullPointerException: node is null"
        + "（加上 --debug 再运行一次可看到堆栈跟踪）" + System.lineSeparator());
  }

  @Test
  void debugOnTheSubcommandOrBeforeItPrintsTheTrace() {
    for (String[] args : new String[][] {{"token", "--debug", "--types", "int", "1"},
        {"--debug", "token", "--types", "int", "1"}}) {
      Handled h = handle(new IllegalStateException("boom"), args);
      assertThat(h.code()).isEqualTo(1);
      assertThat(h.err()).contains("\tat ").contains("ringsim: internal error (a bug): IllegalStateException: boom");
    }
  }

  @Test
  void badInputSpreadOverLinesIsJoinedIntoOne() {
    Handled h = handle(new BadInputException("x.sim: CQL failed: InvalidRequest: no\n  in: SELECT 1"), "token",
        "--types", "int", "1");
    assertThat(h.code()).isEqualTo(2);
    assertThat(h.err()).isEqualTo("ringsim: x.sim: CQL failed: InvalidRequest: no in: SELECT 1"
        + System.lineSeparator());
  }

  @Test
  void anUnknownOptionIsOneLineThatPointsToHelp() {
    CliRun r = CliRun.of("ring", "--nodez=3");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("ringsim: Unknown option: '--nodez=3' (see 'ringsim ring --help')"
        + System.lineSeparator());
  }
}
