package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `serve SCENARIO.sim --live`: the live view's state follows the served cluster, a fault posted by the page goes
 * through the serve console (the node's port closes as with a typed CRASH) and becomes an event of the run; the page
 * cannot QUIT the server. (The page itself is driven in a browser by LiveViewInBrowserTest.)
 */
class ServeLiveViewTest {
  @TempDir Path tmp;

  private final HttpClient http = HttpClient.newHttpClient();
  private final ObjectMapper json = new ObjectMapper();

  @Test
  void aFaultPostedByThePageGoesThroughTheConsoleAndIsKeptAsAnEvent() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Path out = tmp.resolve("results");
    PipedOutputStream typed = new PipedOutputStream();
    InputStream stdin = new PipedInputStream(typed);
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    InputStream oldIn = System.in;
    PrintStream oldOut = System.out;
    System.setIn(stdin);
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> ExitCodes.execute("serve",
          "src/test/resources/serve-short.sim", "--port", String.valueOf(port), "--speed", "2", "--live", "--out",
          out.toString()));
      String url = LiveViews.awaitAddress(() -> printed.toString(StandardCharsets.UTF_8), exit::isDone);

      assertThat(state(url).get("mode").asText()).isEqualTo("serve");
      assertThat(post(url, "QUIT").statusCode()).as("the page cannot stop the server").isEqualTo(400);
      HttpResponse<String> crash = post(url, "CRASH n2");
      assertThat(crash.statusCode()).isEqualTo(200);
      assertThat(json.readTree(crash.body()).get("output").asText()).contains("n2 crashed: its port is closed");
      waitFor("the page's state shows n2 down", () -> down(url, "n2"));

      typed.write("QUIT\n".getBytes(StandardCharsets.UTF_8));
      typed.flush();
      int code = exit.get(120, TimeUnit.SECONDS);
      String all = printed.toString(StandardCharsets.UTF_8);
      assertThat(code).as(all).isZero();
      assertThat(all).contains("n2 crashed (clicked in the live view)");
      assertThat(Files.readString(out.resolve("run.json"))).contains("n2 crashed (clicked in the live view)");
    } finally {
      System.setIn(oldIn);
      System.setOut(oldOut);
    }
  }

  private JsonNode state(String url) throws Exception {
    return json.readTree(http.send(HttpRequest.newBuilder(URI.create(url + "state")).build(),
        HttpResponse.BodyHandlers.ofString()).body());
  }

  private boolean down(String url, String node) {
    try {
      for (JsonNode n : state(url).get("nodes")) if (n.get("name").asText().equals(node)) return n.get("down").asBoolean();
      return false;
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private HttpResponse<String> post(String url, String line) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create(url + "command")).header("X-Ringsim-Live", "1")
        .POST(HttpRequest.BodyPublishers.ofString(line)).build(), HttpResponse.BodyHandlers.ofString());
  }

  private static void waitFor(String what, BooleanSupplier condition) {
    LiveViews.waitFor(what, Duration.ofSeconds(60), condition);
  }
}
