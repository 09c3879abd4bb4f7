package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The live view's options, used wrongly: one line naming the option or value, exit code 2, nothing run. */
class LiveOptionsTest {
  @TempDir Path dir;

  private Path sim() throws Exception {
    Path f = dir.resolve("s.sim");
    Files.writeString(f, BadInputTest.BASE);
    return f;
  }

  private static void oneLine(CliRun r, String expected) {
    assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err().strip()).contains(expected).doesNotContain("\n").doesNotContain("Exception");
  }

  @Test
  void speedAndPortNeedLive() throws Exception {
    oneLine(CliRun.of("run", sim().toString(), "--speed", "2"), "--speed needs --live");
    oneLine(CliRun.of("run", sim().toString(), "--live-port", "8080"), "--live-port needs --live");
    oneLine(CliRun.of("serve", "--live-port", "8080"), "--live-port needs --live");
  }

  @Test
  void valuesOutOfRangeAreNamed() throws Exception {
    oneLine(CliRun.of("run", sim().toString(), "--live", "--speed", "0"), "--speed must be in (0, 1000], got 0.0");
    oneLine(CliRun.of("run", sim().toString(), "--live", "--live-port", "70000"),
        "--live-port must be in 0..65535, got 70000");
    oneLine(CliRun.of("serve", "--live", "--live-port", "-1"), "--live-port must be in 0..65535, got -1");
    oneLine(CliRun.of("run", sim().toString(), "--live", "--cluster", "127.0.0.1:2552"),
        "--live cannot be combined with --cluster");
  }

  @Test
  void aPortInUseIsNamed() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      oneLine(CliRun.of("run", sim().toString(), "--live", "--live-port", String.valueOf(port), "--out",
          dir.resolve("out").toString()), "--live-port: cannot listen on 127.0.0.1:" + port);
    }
  }
}
