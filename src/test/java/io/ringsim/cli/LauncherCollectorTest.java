package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which garbage collector {@code bin/ringsim} starts the JVM with: the parallel one for a simulation, G1 (the JVM's
 * default, so no option) where real time matters, and whatever {@code JAVA_OPTS} names when it names one. The
 * launcher runs with {@code JAVA} pointing at a stand-in that prints the options it was given, so no jar or JVM is
 * needed.
 */
class LauncherCollectorTest {
  @TempDir Path dir;

  @Test
  void simulationsGetTheParallelCollector() throws Exception {
    assertThat(options("", "run", "simulations/quickstart.sim")).contains("-XX:+UseParallelGC");
    assertThat(options("", "--config", "config/application.conf", "check", "x.sim")).contains("-XX:+UseParallelGC");
    assertThat(options("-Xmx4g", "compare", "a.sim", "b.sim")).contains("-XX:+UseParallelGC", "-Xmx4g");
  }

  @Test
  void realTimeCommandsKeepTheDefaultCollector() throws Exception {
    for (List<String> args : List.of(List.of("serve"), List.of("member", "--port", "2552"), List.of("cqlsh"),
        List.of("run", "simulations/quickstart.sim", "--cluster"),
        List.of("--config", "config/application.conf", "serve"))) {
      assertThat(options("", args.toArray(String[]::new))).as("%s", args).doesNotContain("-XX:+UseParallelGC");
    }
  }

  @Test
  void aCollectorInJavaOptsWins() throws Exception {
    List<String> opts = options("-XX:+UseG1GC -Xmx2g", "run", "simulations/quickstart.sim");
    assertThat(opts).contains("-XX:+UseG1GC", "-Xmx2g").doesNotContain("-XX:+UseParallelGC");
  }

  /** The JVM options (everything before {@code -jar}) the launcher passes for {@code args}. */
  private List<String> options(String javaOpts, String... args) throws IOException, InterruptedException {
    Path fakeJava = dir.resolve("java");
    if (!Files.exists(fakeJava)) {
      Files.writeString(fakeJava, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done\n");
      assertThat(fakeJava.toFile().setExecutable(true)).isTrue();
    }
    List<String> command = new ArrayList<>(List.of("bash", "bin/ringsim"));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().put("JAVA", fakeJava.toString());
    pb.environment().put("JAVA_OPTS", javaOpts);
    pb.environment().put("RINGSIM_NO_BUILD", "1");
    pb.environment().put("RINGSIM_NO_CDS", "1");
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    List<String> lines = out.lines().toList();
    int jar = lines.indexOf("-jar");
    assertThat(jar).as(out).isPositive();
    return lines.subList(0, jar);
  }
}
