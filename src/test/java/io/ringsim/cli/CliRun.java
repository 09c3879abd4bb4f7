package io.ringsim.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs ringsim commands in-process and captures what they print, for command tests. */
record CliRun(int exitCode, String out, String err) {
  static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    var cl = ExitCodes.newCommandLine(args);
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new CliRun(code, out.toString(), err.toString());
  }
}
