package io.ringsim.oracle;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.cassandra.db.commitlog.CommitLog;
import org.apache.cassandra.service.ClientState;

/**
 * A script with {@code -- @restart}: the node must stop without flushing and start again on the same disk, so that
 * what it held only in memtables comes back from its commit log, as after a crash. Cassandra cannot be stopped and
 * started twice in one JVM, so each stretch of the script between restarts runs in a JVM of its own (a segment) on
 * one data directory: every segment but the last ends with {@link Runtime#halt} (no drain, no flush, no shutdown
 * hook: a kill -9, just after a commit-log sync), and the next one starts Cassandra there, which replays the commit log before it answers.
 * The connection's keyspace (USE) is carried over, as a driver re-USEs it when it reconnects, and so is the
 * stopped clock (AdvancingClock): the script's now after earlier @advance directives.
 */
final class RestartingRun {
  static final String SEGMENT_FLAG = "--segment";
  private static final String KEYSPACE_FILE = "ringsim-session-keyspace";
  private static final String LAST_TIMESTAMP_FILE = "ringsim-last-timestamp";

  private RestartingRun() {}

  /** Runs every segment in a child JVM, one after another, and appends their JSON lines to {@code answer}. */
  static void answer(Path script, int now, StringBuilder answer) throws IOException, InterruptedException {
    int segments = segments(CqlScript.steps(Files.readString(script, StandardCharsets.UTF_8))).size();
    Path home = Files.createTempDirectory("ringsim-oracle-");
    try {
      for (int k = 0; k < segments; k++) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Answer.class.getName(), SEGMENT_FLAG,
            String.valueOf(k), home.toString(), String.valueOf(now), script.toString()));
        Process child = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(),
            StandardCharsets.UTF_8))) {
          for (String line = lines.readLine(); line != null; line = lines.readLine()) answer.append(line).append('\n');
        }
        int exit = child.waitFor();
        if (exit != 0) throw new IOException("oracle: segment " + k + " of " + script + " failed (exit " + exit + ")");
      }
    } finally {
      EmbeddedNode.deleteTree(home);
    }
  }

  /** {@code --segment K HOME NOW SCRIPT}: runs segment K of SCRIPT on the node whose directory is HOME. */
  static void runSegment(String[] args) throws IOException {
    int k = Integer.parseInt(args[1]);
    Path home = Path.of(args[2]);
    int now = Integer.parseInt(args[3]);
    String script = Files.readString(Path.of(args[4]), StandardCharsets.UTF_8);
    List<List<CqlScript.Step>> segments = segments(CqlScript.steps(script));
    long advanced = 0;
    int firstIndex = 0;
    for (List<CqlScript.Step> earlier : segments.subList(0, k)) {
      for (CqlScript.Step s : earlier) {
        if (s.isStatement()) firstIndex++;
        else if (s.directive() == CqlScript.Directive.ADVANCE) advanced += s.seconds();
      }
    }
    // The clock stood still while the node was down: it resumes at the script's now, or just after the last write
    // timestamp the killed node handed out, so that writes after the restart are newer than those before it.
    Path lastTimestampFile = home.resolve(LAST_TIMESTAMP_FILE);
    long resumeMillis = (now + advanced) * 1000L;
    if (Files.exists(lastTimestampFile)) {
      resumeMillis = Math.max(resumeMillis,
          Long.parseLong(Files.readString(lastTimestampFile, StandardCharsets.UTF_8).trim()) / 1000 + 1);
    }
    AdvancingClock.startAt(resumeMillis);
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    EmbeddedNode node = EmbeddedNode.start(home, EmbeddedNode.freePort(), false, CqlScript.yaml(script));
    ScriptSession session = new ScriptSession(Math.toIntExact(now + advanced));
    Path keyspaceFile = home.resolve(KEYSPACE_FILE);
    if (Files.exists(keyspaceFile)) session.useKeyspace(Files.readString(keyspaceFile, StandardCharsets.UTF_8));
    Answer.runSteps(segments.get(k), firstIndex, session, out::println);
    out.flush();
    if (k < segments.size() - 1) {
      String keyspace = session.keyspace();
      Files.writeString(keyspaceFile, keyspace == null ? "" : keyspace, StandardCharsets.UTF_8);
      Files.writeString(lastTimestampFile, String.valueOf(ClientState.getTimestamp()), StandardCharsets.UTF_8);
      // In periodic mode a write is in the commit log's memory-mapped segment at once, but replay only trusts what
      // a sync has marked; a kill loses the unmarked tail (seen here: a write just before an unsynced kill did not
      // come back), and whether the 10 s sync timer ran first depends on the wall clock. So the crash comes just
      // after a sync, which makes it deterministic: every acknowledged write survives, memtables do not.
      CommitLog.instance.sync(true);
      Runtime.getRuntime().halt(0); // the crash: memtables are lost, the commit log stays on disk
    }
    node.close();
    System.exit(0);
  }

  /** The script cut at each @restart (the directives themselves dropped). */
  static List<List<CqlScript.Step>> segments(List<CqlScript.Step> steps) {
    List<List<CqlScript.Step>> segments = new ArrayList<>();
    List<CqlScript.Step> current = new ArrayList<>();
    for (CqlScript.Step s : steps) {
      if (s.directive() == CqlScript.Directive.RESTART) {
        segments.add(current);
        current = new ArrayList<>();
      } else {
        current.add(s);
      }
    }
    segments.add(current);
    return segments;
  }
}
