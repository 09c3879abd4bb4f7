package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short run with a crash and a partition (stale reads at ONE): the trace it records, the story report.html and
 * {@code ringsim explain} tell of its first anomaly, and explain's answers to bad arguments.
 */
class ExplainCommandTest {
  @TempDir static Path tmp;
  static Path run;
  static final String SCENARIO = "src/test/resources/explain-short.sim";

  @BeforeAll
  static void runOnce() {
    run = tmp.resolve("a");
    CliRun r = CliRun.of("run", SCENARIO, "--out", run.toString(), "--quiet");
    assertThat(r.exitCode()).as(r.err()).isZero();
  }

  static String story(Path dir, int n) throws Exception {
    String html = Files.readString(dir.resolve("report.html"));
    Matcher m = Pattern.compile("<section id=\"anomaly-" + n + "\"[^>]*>.*?<p class=\"story\">(.*?)</p>",
        Pattern.DOTALL).matcher(html);
    assertThat(m.find()).as("section anomaly-" + n + " with its story").isTrue();
    return m.group(1).replace("&#39;", "'").replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">")
        .replace("&amp;", "&");
  }

  @Test
  void theStoryNamesTheReplicaThatMissedTheWriteAndWhyAndExplainTellsTheSame() throws Exception {
    String story = story(run, 1);
    // n2 was crashed from 4 s to 10 s: the write reached the other two replicas, n2 dropped it, the read asked n2.
    assertThat(story).contains("n2 missed it: it was down (crashed)").contains("acknowledged it at")
        .contains("Read #").contains("via n2");
    CliRun explain = CliRun.of("explain", run.toString(), "--anomaly", "1");
    assertThat(explain.exitCode()).as(explain.err()).isZero();
    assertThat(explain.out()).contains("Anomaly 1: stale-read on ex.kv").contains(story)
        .contains("DROPPED: crashed");
    String html = Files.readString(run.resolve("report.html"));
    String section = html.substring(html.indexOf("<section id=\"anomaly-1\""),
        html.indexOf("</section>", html.indexOf("<section id=\"anomaly-1\"")));
    assertThat(section).contains("<svg").contains("stroke-dasharray").contains("crashed")
        .contains("token ").contains("replicas ");
  }

  @Test
  void aCounterAnomalyIsToldAsASumOfIncrementsNotAsTimestamps() throws Exception {
    // counters: n3 crashes and loses unsynced shards, then a partition; reads at ONE miss acknowledged increments.
    Path counters = tmp.resolve("counters");
    CliRun r = CliRun.of("run", "simulations/counters.sim", "--out", counters.toString(), "--quiet");
    assertThat(r.exitCode()).as(r.err()).isZero();
    var report = ReportCommand.load(counters);
    List<io.ringsim.sim.OpRecord> history = RunFiles.readHistory(counters);
    Pattern bounds = Pattern.compile("read #(\\d+) at (\\w+) via \\w+, .*?: saw (\\S+), but the increments acknowledged"
        + " before the read began add up to (-?\\d+) \\(\\d+ writes\\), and with every increment that may also have"
        + " counted the value lies between (-?\\d+) and (-?\\d+)");
    int told = 0;
    for (int n = 1; n <= 6; n++) {
      var a = report.anomalies().get(n - 1);
      Matcher checker = bounds.matcher(a.details());
      assertThat(checker.find()).as("anomaly " + n + ": " + a.details()).isTrue();
      String out = CliRun.of("explain", counters.toString(), "--anomaly", String.valueOf(n)).out();
      int cut = out.indexOf("    time");
      String story = cut < 0 ? out : out.substring(0, cut);
      // What the checker found, in counter terms: the value the read returned, the bounds, the sure sum.
      assertThat(story).contains("Read #" + checker.group(1) + " at " + checker.group(2))
          .contains("and returned " + checker.group(3) + ".")
          .contains("add up to " + checker.group(4) + ", and with every increment")
          .contains("lies between " + checker.group(5) + " and " + checker.group(6))
          .contains("The run's files keep neither an increment's delta")
          .doesNotContainIgnoringCase("timestamp").doesNotContain(" ts ");
      // Nor does its message diagram give a counter operation's answer a timestamp ("ok ts -1").
      assertThat(out.substring(Math.max(cut, 0))).contains(": ok").doesNotContain("ok ts");
      // The increment it names as missing was acknowledged on the anomaly's partition before the read began.
      Matcher named = Pattern.compile("(?:The missing increment: |before the crash: |had not reached \\w+ when it"
          + " read, nor had a later shard of their leader: )increment #(\\d+)").matcher(story);
      if (!named.find()) continue;
      told++;
      long id = Long.parseLong(named.group(1)), readId = Long.parseLong(checker.group(1));
      io.ringsim.sim.OpRecord read = history.stream().filter(o -> o.id() == readId && o.type().isRead()
          && o.table().equals(a.table()) && o.key().split(" / ")[0].equals(a.key())).findFirst().orElseThrow();
      assertThat(history).as("anomaly " + n + ": increment #" + id).anySatisfy(o -> {
        assertThat(o.id()).isEqualTo(id);
        assertThat(o.type()).isEqualTo(io.ringsim.sim.OpType.INCREMENT);
        assertThat(o.table()).isEqualTo(a.table());
        assertThat(o.key().split(" / ")[0]).isEqualTo(a.key());
        assertThat(o.ok()).isTrue();
        assertThat(o.completeMicros()).isLessThan(read.invokeMicros());
      });
    }
    assertThat(told).as("stories that name the missing increment").isGreaterThanOrEqualTo(3);
    // report.html tells the same story in its anomaly section.
    assertThat(story(counters, 1)).contains("Read #", "and returned ", "The checker's bounds")
        .doesNotContainIgnoringCase("timestamp");
    // The same story in Chinese: the value returned, no timestamp wording, no English sentence left.
    Matcher first = bounds.matcher(report.anomalies().get(0).details());
    assertThat(first.find()).isTrue();
    String zh = CliRun.of("explain", counters.toString(), "--anomaly", "1", "--lang", "zh-CN").out();
    String zhStory = zh.substring(0, zh.indexOf("    时间"));
    assertThat(zhStory).contains("返回的值是 " + first.group(3) + "。",
        "值应在 " + first.group(5) + " 到 " + first.group(6) + " 之间", "运行的文件既没有记录每个增量的差值")
        .doesNotContain("时间戳");
    assertThat(ZhSentencesTest.englishIn(zhStory)).as("English in explain --lang zh-CN of a counter").isEmpty();
  }

  @Test
  void aLostWriteStoryNamesTheReplicaThatNeverGotItAndWhy() throws Exception {
    // zombies: n3 is down past gc_grace_seconds, so deletes acknowledged without it never reach it.
    Path zombies = tmp.resolve("zombies");
    CliRun r = CliRun.of("run", "simulations/zombies.sim", "--out", zombies.toString(), "--quiet");
    assertThat(r.exitCode()).as(r.err()).isEqualTo(1); // its checks fail on purpose
    CliRun explain = CliRun.of("explain", zombies.toString(), "--anomaly", "1");
    assertThat(explain.out()).contains("lost-write").contains("n3 missed it: it was down (crashed)")
        .contains("n3 never received it").containsPattern("the hint n\\d stored for it had expired when n3 came back")
        .contains("After the cluster was healed, the read at ALL")
        .contains("Compaction purged the deletion's tombstone on")
        .contains("DROPPED: crashed");
    // The LSM's own work is in the trace too: flushes, compactions and the tombstones they purged.
    String trace = Files.readString(zombies.resolve("trace.jsonl"));
    assertThat(trace).contains("\"flush\"").contains("\"compaction\"").contains("\"tombstone-purged\"")
        .contains("\"hint-expired\"");
  }

  @Test
  void aStaleReadUnderClockSkewSaysTheOlderWriteWonOnTimestampAndWhoseClockWasBehind() throws Exception {
    Path skew = tmp.resolve("skew");
    CliRun r = CliRun.of("run", "simulations/lww-clock-skew.sim", "--out", skew.toString(), "--quiet");
    assertThat(r.exitCode()).as(r.err()).isEqualTo(1); // its checks fail on purpose
    CliRun explain = CliRun.of("explain", skew.toString(), "--anomaly", "1");
    assertThat(explain.out()).contains("stale-read").containsPattern("before write #\\d+ began, carries a higher")
        .contains("last-write-wins keeps it").contains("The timeline had set n2's clock -3000 ms");
  }

  @Test
  void anLwtViolationsStoryListsTheOperationsTheCheckerWeighedAroundIt() throws Exception {
    Path lwt = tmp.resolve("lwt");
    CliRun r = CliRun.of("run", "src/test/resources/explain-lwt.sim", "--out", lwt.toString(), "--quiet");
    assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
    // The first LWT violation, by its number among the run's anomalies (stale reads at ONE come first in time).
    var anomalies = new com.fasterxml.jackson.databind.ObjectMapper().readTree(lwt.resolve("summary.json").toFile())
        .get("anomalies");
    int first = 0;
    for (int i = 0; i < anomalies.size() && first == 0; i++) {
      if (anomalies.get(i).get("kind").asText().equals("lwt")) first = i + 1;
    }
    assertThat(first).as("an lwt anomaly in summary.json").isPositive();
    String explained = CliRun.of("explain", lwt.toString(), "--anomaly", String.valueOf(first)).out();
    // The story is the paragraph before the message diagram.
    String story = java.util.Arrays.stream(explained.split("\\R\\R")).filter(p -> p.startsWith("An LWT"))
        .findFirst().orElse(explained);
    assertThat(story).contains("not linearizable").contains("those the checker weighs")
        .containsPattern("IF NOT EXISTS #\\d+ \\[applied\\] = (true|false) \\(via n\\d")
        .doesNotContain("read #").contains("An LWT that timed out may still have been applied");
  }

  @Test
  void reportRendersTheSameStoriesAgainFromTheDirectory() throws Exception {
    Path copy = tmp.resolve("copy");
    Files.createDirectories(copy);
    try (var files = Files.list(run)) {
      for (Path f : files.toList()) Files.copy(f, copy.resolve(f.getFileName()));
    }
    String before = story(copy, 1);
    Files.delete(copy.resolve("report.html"));
    assertThat(CliRun.of("report", copy.toString()).exitCode()).isZero();
    assertThat(story(copy, 1)).isEqualTo(before);
  }

  @Test
  void theTraceRecordsPartitionDropsAndIsTheSameBytesForTheSameSeed() throws Exception {
    String trace = Files.readString(run.resolve("trace.jsonl"));
    assertThat(trace).startsWith("{\"format\":\"ringsim-trace\"").contains("\"partitioned\"").contains("\"crashed\"")
        .contains("\"hint-stored\"");
    Path again = tmp.resolve("again");
    assertThat(CliRun.of("run", SCENARIO, "--out", again.toString(), "--quiet").exitCode()).isZero();
    assertThat(Files.readAllLines(again.resolve("trace.jsonl"))).containsExactlyElementsOf(
        Files.readAllLines(run.resolve("trace.jsonl")));
    assertThat(Files.readAllBytes(again.resolve("trace.jsonl"))).isEqualTo(Files.readAllBytes(run.resolve("trace.jsonl")));
  }

  @Test
  void historyOffWritesNoTraceAndExplainSaysThereIsNoAnomaly() throws Exception {
    Path off = tmp.resolve("off");
    assertThat(CliRun.of("run", SCENARIO, "--out", off.toString(), "--quiet", "--set", "history=off").exitCode())
        .isZero();
    assertThat(off.resolve("trace.jsonl")).doesNotExist();
    assertThat(off.resolve("trace.jsonl.gz")).doesNotExist();
    CliRun explain = CliRun.of("explain", off.toString());
    assertThat(explain.exitCode()).isZero();
    assertThat(explain.out()).contains("No anomaly in this run");
  }

  @Test
  void pastTheCapOnlyTheAnomaliesKeysAndASampleAreKeptAndTheStoryStaysTheSame() throws Exception {
    Path capped = tmp.resolve("capped");
    // The run records about 9,700 messages and events; it holds four times the cap in memory, the file the cap.
    assertThat(CliRun.of("run", SCENARIO, "--out", capped.toString(), "--quiet", "--set", "record_cap=3000")
        .exitCode()).isZero();
    String header = Files.readAllLines(capped.resolve("trace.jsonl")).get(0);
    long recorded = Long.parseLong(header.replaceAll(".*\"recorded\":(\\d+).*", "$1"));
    long written = Long.parseLong(header.replaceAll(".*\"written\":(\\d+).*", "$1"));
    assertThat(header).contains("\"record_cap\":3000");
    assertThat(written).isLessThan(recorded);
    assertThat(Files.size(capped.resolve("trace.jsonl"))).isLessThan(Files.size(run.resolve("trace.jsonl")));
    assertThat(story(capped, 1)).isEqualTo(story(run, 1));
    CliRun bad = CliRun.of("run", SCENARIO, "--out", tmp.resolve("bad").toString(), "--set", "record_cap=lots");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err().strip()).contains("record_cap=lots").doesNotContain("\n");
  }

  @Test
  void badArgumentsAreOneLineAndExitCode2() throws Exception {
    Path notRun = Files.createDirectories(tmp.resolve("empty"));
    String[][] cases = {
      {"explain", tmp.resolve("missing").toString()},
      {"explain", notRun.toString()},
      {"explain", run.toString(), "--anomaly", "0"},
      {"explain", run.toString(), "--anomaly", "100000"},
      {"explain", run.toString(), "--from", "soon"},
      {"explain", run.toString(), "--from", "10s", "--to", "5s"},
    };
    for (String[] args : cases) {
      CliRun r = CliRun.of(args);
      assertThat(r.exitCode()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.err().strip()).as(String.join(" ", args)).isNotEmpty().doesNotContain("\n")
          .doesNotContain("Exception");
    }
  }

  @Test
  void aKeyAndAWindowShowThatKeysMessages() {
    CliRun r = CliRun.of("explain", run.toString(), "--key", "ex.kv", "44", "--from", "9s", "--to", "11s");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("Key ex.kv 44").contains("replicas ").contains("mutation");
  }
}
