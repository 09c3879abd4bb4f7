package io.ringsim.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of bin/ringsim: dispatches to the picocli subcommands. */
@Command(
    name = "ringsim",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "A Cassandra-style cluster simulator: tokens, rings, storage, CQL and failure scenarios.",
    subcommands = {CommandLine.HelpCommand.class, TokenCommand.class, RingCommand.class, CqlCommand.class,
        CqlshCommand.class, RunCommand.class, CheckCommand.class, ReportCommand.class, CompareCommand.class,
        MemberCommand.class, ServeCommand.class, ShrinkCommand.class, ExplainCommand.class, GradeCommand.class})
public final class Main implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  public static void main(String[] args) {
    // Start logging before any actor system: Akka's threads otherwise race to initialise SLF4J, which then prints
    // a three-line "replay" warning at every start.
    org.slf4j.LoggerFactory.getILoggerFactory();
    ExitCodes.installUncaughtHandler(args);
    System.exit(ExitCodes.execute(args));
  }
}
