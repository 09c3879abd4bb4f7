package io.ringsim.cli;

import picocli.CommandLine;

/**
 * Exit codes shared by every command: 0 ok, 1 the thing run failed (a check, a scenario), 2 bad usage or bad
 * input. Bad input is reported as one line on stderr, never as a stack trace.
 */
public final class ExitCodes {
  public static final int OK = 0;
  public static final int FAILED = 1;
  public static final int BAD_INPUT = 2;

  private ExitCodes() {}

  /** Builds the command line with ringsim's error handling and runs it. */
  public static int execute(String... args) {
    return newCommandLine().execute(args);
  }

  public static CommandLine newCommandLine() {
    CommandLine cl = new CommandLine(new Main());
    cl.setExitCodeExceptionMapper(e -> e instanceof BadInputException ? BAD_INPUT : FAILED);
    cl.setExecutionExceptionHandler(
        (ex, commandLine, parseResult) -> {
          if (ex instanceof BadInputException || ex instanceof IllegalArgumentException) {
            commandLine.getErr().println("ringsim: " + ex.getMessage());
            return BAD_INPUT;
          }
          commandLine.getErr().println("ringsim: " + ex);
          ex.printStackTrace(commandLine.getErr());
          return FAILED;
        });
    cl.setParameterExceptionHandler(
        (ex, args) -> {
          CommandLine c = ex.getCommandLine();
          c.getErr().println("ringsim: " + ex.getMessage());
          c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for usage.");
          return BAD_INPUT;
        });
    return cl;
  }
}
