package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `run --live` as issue 39 found it: a page opened a while after the start shows the run's log from its start (the
 * timeline's crash at 2 s), and a run stopped early (SIGTERM, as Ctrl-C) reports what ran and where it stopped, not
 * the whole scenario's operations. The run is a real process, so that the stop is the JVM's own signal handling.
 */
class LiveRunStopTest {
  static final String SCENARIO = """
      scenario stopped "stopped by hand"
      duration 2m
      seed 5
      """ + LiveViews.SHOP_CLUSTER + """
      workload orders {
        table shop.orders
        key id uniform(200)
        mix write 50% read 50%
        consistency QUORUM
        rate 40/s
      }
      timeline {
        at 2s crash n2
        at 90s restart n2
      }
      """;

  @TempDir Path tmp;

  @Test
  void aLatePageSeesTheLogFromTheStartAndAStoppedRunReportsWhatRan() throws Exception {
    Path sim = tmp.resolve("stopped.sim");
    Files.writeString(sim, SCENARIO);
    Path out = tmp.resolve("results");
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), "io.ringsim.cli.Main", "run", sim.toString(), "--live", "--speed",
        "4", "--out", out.toString(), "--quiet").redirectErrorStream(true).start();
    List<String> printed = java.util.Collections.synchronizedList(new ArrayList<>());
    Thread reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) printed.add(line);
      } catch (java.io.IOException e) {
        // the process ended
      }
    });
    reader.start();
    try {
      String url = LiveViews.awaitAddress(() -> String.join("\n", List.copyOf(printed)), () -> !p.isAlive());
      // Nothing asks the page for 3 s of wall time (12 simulated seconds at 4x); then it opens, once.
      LockSupport.parkNanos(Duration.ofSeconds(3).toNanos());
      JsonNode state = new ObjectMapper().readTree(HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          URI.create(url + "state")).build(), HttpResponse.BodyHandlers.ofString()).body());
      assertThat(state.get("nowMillis").asLong()).as("the page opens after the crash").isGreaterThan(2_000);
      List<String> log = new ArrayList<>();
      for (JsonNode l : state.get("log")) log.add(l.get("atMillis").asLong() + " " + l.get("text").asText());
      // A paced run applies a timeline line once the pacer has passed its time (on a busy machine, up to a second or
      // so after 2 s), and the log has it from then, before the page first asked.
      long opened = state.get("nowMillis").asLong();
      assertThat(log).as("the log, newest first").anyMatch(l -> l.endsWith(" n2 crashed")
          && Long.parseLong(l.split(" ")[0]) >= 2_000 && Long.parseLong(l.split(" ")[0]) < opened)
          .anyMatch(l -> l.startsWith("0 the run starts: 2m of simulated time at 4.0 simulated s per s"));

      // SIGTERM, as Ctrl-C ends a run: the live part ends, the results are still written. (Process.destroy would
      // also close the pipe the results are printed to.)
      p.toHandle().destroy();
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(String.join("\n", printed)).isTrue();
      reader.join(10_000);
    } finally {
      p.destroyForcibly();
    }
    String all = String.join("\n", printed);
    Matcher wall = Pattern.compile("Wall time \\d+ ms live, stopped at ([0-9ms]+) of 2m simulated, (\\d+) operations")
        .matcher(all);
    assertThat(wall.find()).as(all).isTrue();
    long stoppedMillis = io.ringsim.sim.Durations.parse(wall.group(1));
    long operations = Long.parseLong(wall.group(2));
    assertThat(stoppedMillis).isBetween(2_000L, 120_000L - 1);
    // 40 operations per simulated second until the stop, give or take a second's: not the 4,800 of the whole run.
    assertThat(operations).isBetween(40 * stoppedMillis / 1000 - 40, 40 * stoppedMillis / 1000 + 40);
    assertThat(all).contains("Scenario stopped (seed 5, " + wall.group(1) + " simulated)")
        .contains("the run was stopped at " + wall.group(1) + " of 2m");
    assertThat(Files.readString(out.resolve("summary.json"))).contains("the run was stopped at " + wall.group(1));
  }
}
