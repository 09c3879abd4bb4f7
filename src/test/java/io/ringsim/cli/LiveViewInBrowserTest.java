package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `run --live` as a student uses it: the page opens in a real headless Chromium, "crash n3" is clicked, n3 is shown
 * down and the failures of ALL operations follow; "restart n3" brings it back; n1 is partitioned from the others and
 * healed; the run ends and its results list the clicked faults. The page's server listens on 127.0.0.1 only and answers no other host name.
 */
class LiveViewInBrowserTest {
  /** Four nodes at RF 3 and consistency ALL: with one node down, most operations fail within a simulated second. */
  static final String SCENARIO = """
      scenario live "ALL traffic while a node is crashed by hand"
      duration 60s
      seed 5
      """ + LiveViews.SHOP_CLUSTER + """
      workload orders {
        table shop.orders
        key id uniform(200)
        column customer text(6, 12)
        mix write 50% read 50%
        consistency ALL
        rate 40/s
        from 0s to 60s
      }
      """;

  @TempDir Path tmp;

  @Test
  void clickingCrashShowsTheNodeDownAndTheFailuresThatFollow() throws Exception {
    String missing = HeadlessChromium.missing();
    Assumptions.assumeTrue(missing == null, missing);
    Path sim = tmp.resolve("live.sim");
    Files.writeString(sim, SCENARIO);
    Path out = tmp.resolve("results");
    try (HeadlessChromium browser = HeadlessChromium.start()) {
      StringWriter printed = new StringWriter();
      var cl = ExitCodes.newCommandLine();
      cl.setOut(new PrintWriter(printed, true));
      cl.setErr(new PrintWriter(printed, true));
      CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> cl.execute("run", sim.toString(),
          "--live", "--speed", "4", "--out", out.toString(), "--quiet"));
      String url = LiveViews.awaitAddress(printed::toString, exit::isDone);
      int port = URI.create(url).getPort();

      assertOnlyLoopbackAnswers(port);

      browser.script("window.location.href = arguments[0];", url);
      waitFor("the page shows n3 up", () -> "up".equals(attr(browser, "node-n3", "data-state")));
      waitFor("operations are counted", () -> count(browser, "ok-last10") > 0);
      assertThat(count(browser, "failed-last10")).as("no failure before the crash").isZero();

      browser.script("document.getElementById('crash-n3').click();");
      waitFor("n3 is shown down", () -> "down".equals(attr(browser, "node-n3", "data-state")));
      waitFor("failed operations are counted", () -> count(browser, "failed-last10") > 0);
      assertThat((String) browser.script("return document.getElementById('failures').textContent;"))
          .as("the failures are listed").containsPattern("ALL (write|read)");
      assertThat((String) browser.script("return document.getElementById('restart-n3').disabled ? 'off' : 'on';"))
          .isEqualTo("on");
      browser.screenshotFullPage(ReportInBrowserTest.OUT.resolve("live-view-n3-down.png"));

      browser.script("document.getElementById('restart-n3').click();");
      waitFor("n3 is shown up again", () -> "up".equals(attr(browser, "node-n3", "data-state")));

      browser.script("document.querySelector('#node-n1 input[type=checkbox]').click();"
          + " document.getElementById('partition').click();");
      waitFor("n1 is shown cut off from the others", () -> stateText(browser, "n1").contains("partitioned from n2 n3 n4"));
      browser.script("document.getElementById('heal').click();");
      waitFor("the partition is shown healed", () -> !stateText(browser, "n1").contains("partitioned"));
      assertThat(browser.consoleProblems()).as("console errors").isEmpty();

      int code = exit.get(120, TimeUnit.SECONDS);
      String all = printed.toString();
      assertThat(code).as(all).isIn(ExitCodes.OK, ExitCodes.FAILED);
      assertThat(all).contains("CRASH n3 (clicked in the live view)").contains("RESTART n3 (clicked in the live view)")
          .contains("PARTITION {n1} {n2 n3 n4} (clicked in the live view)").contains("HEAL (clicked in the live view)");
      assertThat(Files.readString(out.resolve("run.json"))).contains("CRASH n3 (clicked in the live view)");
    }
  }

  /**
   * The server answers on 127.0.0.1; on the machine's other addresses nothing listens; a request naming another host
   * (a DNS name rebound to 127.0.0.1) and a command without the page's header are refused.
   */
  private static void assertOnlyLoopbackAnswers(int port) throws IOException {
    assertThat(get("http://127.0.0.1:" + port + "/state", null)).isEqualTo(200);
    assertThat(get("http://127.0.0.1:" + port + "/state", "evil.example:" + port)).isEqualTo(403);
    HttpURLConnection post = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + "/command").toURL()
        .openConnection();
    post.setRequestMethod("POST");
    post.setDoOutput(true);
    post.getOutputStream().write("CRASH n1".getBytes(StandardCharsets.UTF_8));
    assertThat(post.getResponseCode()).as("a command without the page's header").isEqualTo(403);
    for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      for (InetAddress a : Collections.list(nif.getInetAddresses())) {
        if (a.isLoopbackAddress() || a.isLinkLocalAddress()) continue;
        try (Socket s = new Socket()) {
          s.connect(new InetSocketAddress(a, port), 2000);
          throw new AssertionError("the live view answers on " + a.getHostAddress() + ":" + port);
        } catch (IOException refused) {
          // expected: only 127.0.0.1 listens
        }
      }
    }
  }

  /** The status code of a GET, with the Host header given (null: the URL's); sent by hand, as HttpURLConnection
   * will not set Host. */
  private static int get(String url, String host) throws IOException {
    URI u = URI.create(url);
    try (Socket s = new Socket(u.getHost(), u.getPort())) {
      s.getOutputStream().write(("GET " + u.getPath() + " HTTP/1.1\r\nHost: " + (host != null ? host
          : u.getHost() + ":" + u.getPort()) + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      String status = new java.io.BufferedReader(new java.io.InputStreamReader(s.getInputStream(),
          StandardCharsets.US_ASCII)).readLine();
      return Integer.parseInt(status.split(" ")[1]);
    }
  }

  private static String attr(HeadlessChromium b, String id, String name) {
    return (String) b.script("const e = document.getElementById(arguments[0]); return e && e.getAttribute(arguments[1]);",
        id, name);
  }

  private static String stateText(HeadlessChromium b, String node) {
    return (String) b.script("return document.querySelector('#node-' + arguments[0] + ' .state').textContent;", node);
  }

  private static long count(HeadlessChromium b, String id) {
    String v = attr(b, id, "data-count");
    return v == null ? 0 : Long.parseLong(v);
  }

  private static void waitFor(String what, BooleanSupplier condition) {
    LiveViews.waitFor(what, Duration.ofSeconds(60), condition);
  }
}
