package io.ringsim.cli;

import io.ringsim.report.Labels;
import io.ringsim.report.Lang;
import io.ringsim.sim.script.ScenarioReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Exit codes shared by every command: 0 ok, 1 the thing run failed (a check, a scenario) or ringsim itself did (a
 * bug), 2 bad usage or bad input. Whatever goes wrong is reported as one line on stderr, never as a stack trace:
 * {@code --debug}, accepted by every command, adds the trace for a bug report.
 */
public final class ExitCodes {
  public static final int OK = 0;
  public static final int FAILED = 1;
  public static final int BAD_INPUT = 2;

  static final String DEBUG = "--debug";

  private ExitCodes() {}

  /** Builds the command line with ringsim's error handling and runs it. */
  public static int execute(String... args) {
    CommandLine cl = newCommandLine(args);
    try {
      return cl.execute(args);
    } catch (OutOfMemoryError e) {
      // picocli handles exceptions; errors reach here. The heap is what a user can change.
      cl.getErr().println("ringsim: out of memory (" + e.getMessage() + "): give Java more heap, e.g."
          + " JAVA_OPTS=-Xmx8g, or ask for less work");
      return FAILED;
    } catch (Throwable e) {
      if (java.util.Arrays.asList(args).contains(DEBUG)) e.printStackTrace(cl.getErr());
      cl.getErr().println("ringsim: internal error (a bug): " + describe(e) + debugHint(args));
      return FAILED;
    }
  }

  /** For threads other than the command's (actors, writers): one line instead of a stack trace. */
  public static void installUncaughtHandler(String... args) {
    boolean debug = java.util.Arrays.asList(args).contains(DEBUG);
    Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
      if (debug) e.printStackTrace();
      System.err.println("ringsim: internal error in thread " + t.getName() + " (a bug): " + describe(e)
          + debugHint(args));
    });
  }

  /**
   * The command line for {@code args}: its help and its one-line errors of bad input in the language {@code args} ask
   * for ({@code --lang}, else the configuration's ringsim.lang, else the locale), as the command's output.
   */
  public static CommandLine newCommandLine(String... args) {
    Lang lang = CliLang.of(args);
    Labels said = lang.labels();
    CommandLine cl = new CommandLine(new Main());
    addDebugOption(cl);
    CliLang.apply(cl, lang);
    cl.setExitCodeExceptionMapper(e -> e instanceof BadInputException ? BAD_INPUT : FAILED);
    cl.setExecutionExceptionHandler((ex, c, pr) -> handle(ex, c, pr, said));
    cl.setParameterExceptionHandler(
        (ex, a) -> {
          CommandLine c = ex.getCommandLine();
          c.getErr().println("ringsim: " + said.sayError(oneLine(ex.getMessage())) + said.f("err.see-help",
              c.getCommandSpec().qualifiedName()));
          return BAD_INPUT;
        });
    return cl;
  }

  /** The exit code and the one line for an exception a command threw. */
  static int handle(Exception ex, CommandLine commandLine, ParseResult parseResult) {
    return handle(ex, commandLine, parseResult, Lang.EN.labels());
  }

  /** The same, the one line of bad input said in {@code said}'s language. */
  static int handle(Exception ex, CommandLine commandLine, ParseResult parseResult, Labels said) {
    PrintWriter err = commandLine.getErr();
    boolean debug = debug(parseResult);
    if (debug) ex.printStackTrace(err);
    if (ex instanceof BadInputException || ex instanceof IllegalArgumentException) {
      err.println("ringsim: " + said.sayError(oneLine(ex.getMessage())));
      return BAD_INPUT;
    }
    if (ex instanceof IOException || ex instanceof UncheckedIOException) {
      // A file that cannot be read or written: the environment, not ringsim.
      err.println("ringsim: " + describe(ex));
      return BAD_INPUT;
    }
    // the exception's own words stay as they are: they are for the bug report
    err.println("ringsim: " + said.f("err.internal", describe(ex)) + (debug ? "" : said.get("err.debug-hint")));
    return FAILED;
  }

  /** --debug on every command, so that it can follow whichever subcommand failed. */
  private static void addDebugOption(CommandLine cl) {
    CommandSpec spec = cl.getCommandSpec();
    if (spec.findOption(DEBUG) == null) {
      spec.addOption(OptionSpec.builder(DEBUG).descriptionKey("debug")
          .description("On an error, print the stack trace too (for a bug report).").arity("0").type(boolean.class)
          .build());
    }
    for (CommandLine sub : cl.getSubcommands().values()) {
      if (sub.getCommandSpec().name().equals("help")) continue;
      addDebugOption(sub);
    }
  }

  private static boolean debug(ParseResult pr) {
    for (ParseResult p = pr; p != null; p = p.subcommand()) {
      if (p.hasMatchedOption(DEBUG)) return true;
    }
    return false;
  }

  private static String debugHint(String[] args) {
    return java.util.Arrays.asList(args).contains(DEBUG) ? "" : " (run again with --debug for the stack trace)";
  }

  private static String describe(Throwable e) {
    String m = e.getMessage();
    return e.getClass().getSimpleName() + (m == null ? "" : ": " + oneLine(m));
  }

  /**
   * Several lines (a CQL statement quoted under its error) joined into one; any other control character, as an
   * offending value may carry (a NUL, an escape), shown as \\uXXXX rather than sent raw to the terminal.
   */
  // strip(), not trim(): trim() also drops control characters at the ends, which visible() is there to show.
  static String oneLine(String s) {
    return s == null ? "" : ScenarioReader.visible(s.replaceAll("\\s*\\R\\s*", " ").replace('\t', ' ').strip());
  }
}
