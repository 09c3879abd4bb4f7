package io.ringsim.cluster.member;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three {@code ringsim member} processes on loopback form a cluster; {@code ringsim run --cluster} (a fourth
 * process) runs a short scenario against them in real time and its checks pass. The processes run this build's
 * classes (the test class path), as bin/ringsim would run the jar.
 */
class MemberProcessesTest {
  private static final String DEFAULT_LOGBACK = "config/logback.xml";
  private final List<Process> processes = new ArrayList<>();
  private final List<CharSequence> outputs = new java.util.concurrent.CopyOnWriteArrayList<>();

  @TempDir
  Path tmp;

  @AfterEach
  void stop() throws Exception {
    for (Process p : processes) p.destroy();
    for (Process p : processes) {
      if (!p.waitFor(20, TimeUnit.SECONDS)) p.destroyForcibly();
    }
  }

  private ProcessBuilder ringsim(String config, String logback, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx512m");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add("-Dconfig.file=" + new File(config).getAbsolutePath());
    cmd.add("-Dlogback.configurationFile=" + new File(logback).getAbsolutePath());
    cmd.add("-Dringsim.cluster.settle-time=3s");
    if (!logback.equals(DEFAULT_LOGBACK)) cmd.add("-Dakka.loglevel=INFO");
    cmd.add("io.ringsim.cli.Main");
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).redirectErrorStream(true);
  }

  /** Starts a member and returns when it says which nodes it hosts (all three must be Up for that). */
  private CompletableFuture<String> member(int port, int seedPort) throws Exception {
    // Akka's membership events at INFO: a member slow to come Up shows what it waited on.
    Process p = ringsim("config/cluster.conf", "src/test/resources/member/logback-members.xml", "member", "--port",
        String.valueOf(port), "--seed-nodes", "127.0.0.1:" + seedPort).start();
    processes.add(p);
    StringBuffer seen = new StringBuffer(); // read by the test thread when a member never says it hosts
    outputs.add(seen);
    long started = System.nanoTime();
    // Each member's output is read on a thread of its own, to its end: on two cores the common pool runs one task at a
    // time, and a member whose output nobody reads blocks once the pipe is full. The reader completes the future when
    // the member says it hosts and goes on reading. (It used to hand the reader to a second, draining thread and close
    // it on its way out; close waits for the lock that thread's blocked read holds, so when a member printed nothing
    // after its hosting line the future never completed, though the line had been read: the failure stop 29's CI and
    // a local run showed, with every member's hosting line in the message.)
    CompletableFuture<String> hosting = new CompletableFuture<>();
    Thread reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          // each line with the seconds since its member started, so a slow start shows where the time went
          seen.append(String.format("%6.1f s  ", (System.nanoTime() - started) / 1e9)).append(line).append('\n');
          if (line.startsWith("hosting ")) hosting.complete(line);
        }
      } catch (java.io.IOException e) {
        // the process was destroyed
      }
      hosting.completeExceptionally(
          new IllegalStateException("member on port " + port + " ended without hosting:\n" + seen));
    }, "member-output");
    reader.setDaemon(true);
    reader.start();
    return hosting;
  }

  @Test
  void threeMemberProcessesRunAScenario() throws Exception {
    int p1 = RealClusterTest.freePort(), p2 = RealClusterTest.freePort(), p3 = RealClusterTest.freePort();
    List<CompletableFuture<String>> hosting = List.of(member(p1, p1), member(p2, p1), member(p3, p1));
    // One generous deadline for all three (they come Up together, in about 8 s on a quiet machine). The failure
    // message is built from what each member printed, with the seconds since its start: a member that never came Up
    // shows the Akka membership events it saw. A reader that got its line while the deadline passed (a machine that
    // stalled) still counts: the futures are asked once more before the test fails.
    CompletableFuture<Void> all = CompletableFuture.allOf(hosting.toArray(CompletableFuture[]::new));
    try {
      all.get(240, TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      try {
        all.get(10, TimeUnit.SECONDS);
      } catch (java.util.concurrent.TimeoutException again) {
        throw new AssertionError("a member did not say which nodes it hosts within 240 s; what each printed:\n"
            + String.join("\n----\n", outputs), again);
      }
    }
    List<String> lines = new ArrayList<>();
    for (CompletableFuture<String> h : hosting) lines.add(h.get());
    assertThat(String.join(" ", lines).split("[ ,]+")).contains("n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9");

    Path out = tmp.resolve("run");
    Process driver = ringsim("config/application.conf", DEFAULT_LOGBACK, "run", "src/test/resources/cluster-short.sim",
        "--cluster", "127.0.0.1:" + p1, "--out", out.toString(), "--quiet").start();
    processes.add(driver);
    // Read on its own thread, so that a driver that never ends fails the test (with what it printed) instead of
    // hanging it.
    StringBuffer printed = new StringBuffer();
    CompletableFuture<String> outputRead = CompletableFuture.supplyAsync(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(driver.getInputStream(),
          StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) printed.append(line).append('\n');
      } catch (java.io.IOException e) {
        // the process was destroyed
      }
      return printed.toString();
    }, MemberProcessesTest::onOwnThread);
    if (!driver.waitFor(300, TimeUnit.SECONDS)) {
      driver.destroyForcibly();
      throw new AssertionError("the driver did not end within 300 s; it printed:\n" + printed);
    }
    String output = outputRead.get(30, TimeUnit.SECONDS);
    assertThat(driver.exitValue()).as(output).isZero();
    assertThat(output).contains("PASS  no lost writes").contains("against the cluster at 127.0.0.1:" + p1);

    JsonNode summary = new ObjectMapper().readTree(Files.readString(out.resolve("summary.json")));
    assertThat(summary.toString()).contains("cluster-short");
    long ok = Files.readAllLines(out.resolve("history.jsonl")).stream().filter(l -> l.contains("\"outcome\":\"ok\""))
        .count();
    assertThat(ok).as("operations acknowledged across three JVMs").isGreaterThan(500);
    // `stop member 3` stopped exactly one member JVM; the run read back at QUORUM from the other two.
    assertThat(output).contains("member 3 stopped, with").contains("final read-back at QUORUM");
    // The driver saw the member go through Akka membership and stopped using its nodes as coordinators.
    assertThat(output).containsPattern("the driver stops using n\\d, n\\d, n\\d \\(member unreachable or gone\\)");
    long exited = processes.subList(0, 3).stream().filter(p -> !p.isAlive()).count();
    assertThat(exited).isEqualTo(1);
  }

  private static void onOwnThread(Runnable r) {
    Thread t = new Thread(r, "member-output");
    t.setDaemon(true);
    t.start();
  }
}
