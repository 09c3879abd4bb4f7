package io.ringsim.cli.live;

import akka.actor.typed.ActorRef;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.ringsim.cli.shell.FaultCommands;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.FaultState;
import io.ringsim.report.Labels;
import io.ringsim.cluster.SimCluster;
import io.ringsim.ring.Node;
import io.ringsim.ring.Partitioner;
import io.ringsim.ring.Ring;
import io.ringsim.ring.Token;
import io.ringsim.sim.OpType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The live view of a running cluster: a page on 127.0.0.1 (never another interface) that polls {@code /state} for
 * the nodes, their faults, hints and the operations of the last minute, and posts fault words to {@code /command}.
 * The commands run where the run applies its faults ({@link Commands}); the state is read from thread-safe copies
 * (the probe's last answers, the cluster's fault state, the figures), so serving a page never touches an actor.
 */
public final class LiveView implements AutoCloseable {
  /** Runs one fault word as the console would, on the thread that applies faults; completes with what it printed. */
  public interface Commands {
    CompletableFuture<String> submit(String line);
  }

  /** The fault words the page may send (WAIT has no meaning in real time; QUIT belongs to the console). */
  static final Set<String> WORDS = Set.of("CRASH", "RESTART", "PARTITION", "HEAL", "SLOW", "LOSS", "SKEW", "FLUSH",
      "COMPACT", "REPAIR");

  private static final int MAX_COMMAND_CHARS = 300;
  /** Browsers add this header only when a script of the page asks: a form on another site cannot post commands. */
  static final String COMMAND_HEADER = "X-Ringsim-Live";

  private SimCluster sim;
  private final String scenario;
  private final String mode;
  private final double speed;
  private final long durationMillis;
  private final Commands commands;
  private final HttpServer server;
  private final ExecutorService threads;
  private final NodeProbe probe = new NodeProbe();
  private final LiveFigures figures = new LiveFigures();
  private final ObjectMapper json = new ObjectMapper();
  private final byte[] page;
  private ActorRef<NodeProbe.Msg> probeRef;
  private volatile boolean ended;
  /** The language of the page's words and of its log. */
  private final Labels labels;

  private LiveView(String scenario, String mode, double speed, long durationMillis, int port, Commands commands,
      Labels labels) throws IOException {
    this.labels = labels;
    this.scenario = scenario;
    this.mode = mode;
    this.speed = speed;
    this.durationMillis = durationMillis;
    this.commands = commands;
    this.page = page(labels).getBytes(StandardCharsets.UTF_8);
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
    this.threads = Executors.newFixedThreadPool(2, r -> {
      Thread t = new Thread(r, "ringsim-live-view");
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(threads);
    server.createContext("/", this::handle);
  }

  /** live.html as the server keeps it: its words are the keys of the labels that the page gets in its language. */
  static String template() {
    try (InputStream in = LiveView.class.getResourceAsStream("live.html")) {
      if (in == null) throw new IllegalStateException("live.html is missing from the jar");
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** {{key}} and {{key:part|part}} in the template: a label, its {0}, {1} the parts of the page written there. */
  private static final Pattern WORD = Pattern.compile("\\{\\{([a-z0-9.-]+)(?::([^}]*))?}}");

  /**
   * The page in {@code t}'s language: each {{live.page.*}} the label (escaped for HTML), {{lang}} the language's
   * tag, and the script's words (live.js.*) where it reads them.
   */
  static String page(Labels t) {
    String template = template();
    Matcher m = WORD.matcher(template);
    StringBuilder b = new StringBuilder(template.length() + 1024);
    while (m.find()) {
      String key = m.group(1);
      String text = key.equals("lang") ? t.lang().tag() : escape(t.get(key));
      if (m.group(2) != null) {
        String[] parts = m.group(2).split("\\|", -1);
        for (int i = 0; i < parts.length; i++) text = text.replace("{" + i + "}", parts[i]);
      }
      m.appendReplacement(b, Matcher.quoteReplacement(text));
    }
    m.appendTail(b);
    Map<String, String> words = new TreeMap<>();
    for (String k : t.keys()) if (k.startsWith("live.js.")) words.put(k.substring("live.js.".length()), t.get(k));
    String json;
    try {
      // a label holding "</script>" must not end the script
      json = new ObjectMapper().writeValueAsString(words).replace("</", "<\\/");
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
    String marker = "/*WORDS*/{}";
    int at = b.indexOf(marker);
    if (at < 0) throw new IllegalStateException("live.html has no " + marker);
    return b.replace(at, at + marker.length(), json).toString();
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  /**
   * Binds 127.0.0.1:{@code port} (0: a free port) before anything runs, so that a port in use costs no run; nothing
   * is answered until {@link #start}. Throws {@link java.net.BindException} when the port is taken.
   */
  public static LiveView bind(String scenario, String mode, double speed, long durationMillis, int port,
      Commands commands, Labels labels) throws IOException {
    return new LiveView(scenario, mode, speed, durationMillis, port, commands, labels);
  }

  /**
   * Starts the probe in the simulation and answers the page. Call it from the thread that drives the run, before
   * the pacer starts or while it runs.
   */
  public void start(SimCluster cluster) {
    this.sim = cluster;
    probeRef = cluster.spawn(probe.behavior(cluster), "live-view-probe");
    server.start();
  }

  /** The page's address, e.g. http://127.0.0.1:43121/ */
  public String url() {
    return "http://" + server.getAddress().getAddress().getHostAddress() + ":" + server.getAddress().getPort() + "/";
  }

  /** The bound address (always a loopback one). */
  public InetSocketAddress address() {
    return server.getAddress();
  }

  /** An operation has completed (a workload's or a client's), at simulated microsecond {@code completeMicros}. */
  public void operation(long completeMicros, ConsistencyLevel consistency, OpType type, boolean ok, String error,
      String key, String coordinator) {
    String series = consistency.name() + " " + type.label();
    seriesNames.computeIfAbsent(series, x -> labels.f("op.series", consistency.name(),
        labels.name("op.kind.", type.label())));
    figures.operation(completeMicros, series, ok, error, key, coordinator);
  }

  /** Each series ("QUORUM write", the figures' key) as the page names it in its language ("QUORUM 写"). */
  private final Map<String, String> seriesNames = new java.util.concurrent.ConcurrentHashMap<>();

  /** A line for the page's log (simulated time now). */
  public void log(String text) {
    log(sim.nowNanos() / 1_000_000L, text);
  }

  /**
   * A line for the page's log at simulated millisecond {@code atMillis}: what happened is logged when it happens,
   * whether or not a page is open, so that a page opened late shows the run from its start.
   */
  public void log(long atMillis, String text) {
    figures.log(atMillis, text);
  }

  /** The live part of the run is over: the probe stops, the page says so and its buttons stop working. */
  public void ended() {
    ended = true;
    if (probeRef != null) probeRef.tell(new NodeProbe.Stop());
  }

  public boolean hasEnded() {
    return ended;
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }

  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      if (!fromThisPage(ex)) {
        send(ex, 403, "text/plain", "only pages served from " + url() + " may ask");
        return;
      }
      String path = ex.getRequestURI().getPath();
      String method = ex.getRequestMethod();
      if (path.equals("/") && method.equals("GET")) send(ex, 200, "text/html; charset=utf-8", page);
      else if (path.equals("/state") && method.equals("GET")) sendJson(ex, 200, state());
      else if (path.equals("/command") && method.equals("POST")) command(ex);
      else send(ex, 404, "text/plain", "no such page: " + method + " " + path);
    } catch (RuntimeException e) {
      send(ex, 500, "text/plain", "live view error: " + e);
    }
  }

  /** A Host header naming this server (not a DNS name rebound to 127.0.0.1), and the page's header on commands. */
  private boolean fromThisPage(HttpExchange ex) {
    String host = ex.getRequestHeaders().getFirst("Host");
    int port = server.getAddress().getPort();
    if (host == null || !(host.equals("127.0.0.1:" + port) || host.equals("localhost:" + port))) return false;
    return !ex.getRequestMethod().equals("POST") || ex.getRequestHeaders().getFirst(COMMAND_HEADER) != null;
  }

  private void command(HttpExchange ex) throws IOException {
    String line = new String(ex.getRequestBody().readNBytes(MAX_COMMAND_CHARS + 1), StandardCharsets.UTF_8).trim();
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("command", line);
    String problem = rejected(line);
    if (problem != null) {
      answer.put("ok", false);
      answer.put("output", problem);
      sendJson(ex, 400, answer);
      return;
    }
    String output;
    try {
      output = commands.submit(line).get(60, TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      output = labels.f("live.refused.no-answer", line);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      output = labels.f("live.refused.interrupted", line);
    } catch (java.util.concurrent.ExecutionException e) {
      output = line + ": " + e.getCause().getMessage();
    }
    log(labels.f("live.log.clicked", line, output.strip().replace('\n', ' ')));
    answer.put("ok", !FaultCommands.refused(output, line.split("\\s+")[0], labels)
        && !output.contains("unknown command"));
    answer.put("output", output.strip());
    sendJson(ex, 200, answer);
  }

  /** Why the page may not send {@code line}, or null. */
  private String rejected(String line) {
    if (ended) return labels.get("live.refused.over");
    if (line.isEmpty()) return labels.get("live.refused.empty");
    if (line.length() > MAX_COMMAND_CHARS || line.contains("\n"))
      return labels.f("live.refused.long", MAX_COMMAND_CHARS);
    String verb = line.split("\\s+")[0].toUpperCase(Locale.ROOT);
    if (!WORDS.contains(verb))
      return labels.f("live.refused.word", String.join(", ", new java.util.TreeSet<>(WORDS)), line.split("\\s+")[0]);
    return null;
  }

  /** Everything the page draws, at this moment. */
  Map<String, Object> state() {
    long nowMillis = sim.nowNanos() / 1_000_000L;
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("scenario", scenario);
    out.put("mode", mode);
    out.put("speed", speed);
    out.put("running", !ended);
    out.put("nowMillis", nowMillis);
    out.put("durationMillis", durationMillis);
    FaultState.Snapshot faults = sim.faults();
    out.put("loss", faults.loss());
    out.put("cuts", faults.cuts());
    out.put("nodes", nodes(sim.ring(), faults, probe.samples()));
    out.putAll(figures.toJson(nowMillis / 1000));
    out.put("words", FaultCommands.help(labels));
    out.put("seriesNames", new java.util.TreeMap<>(seriesNames));
    return out;
  }

  private List<Map<String, Object>> nodes(Ring ring, FaultState.Snapshot faults, Map<String, NodeProbe.Sample> s) {
    List<Map<String, Object>> out = new ArrayList<>();
    Partitioner p = ring.partitioner();
    for (Node n : ring.nodes()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", n.name());
      m.put("dc", n.dc());
      m.put("rack", n.rack());
      List<Double> positions = new ArrayList<>();
      for (Token t : n.tokens()) positions.add(Math.round(p.size(p.minimum(), t) % 1.0 * 1e5) / 1e5);
      m.put("tokens", positions);
      m.put("down", sim.isCrashed(n.name()));
      m.put("cutFrom", faults.cutFrom(n.name()));
      m.put("slowMillis", faults.slowMillis().getOrDefault(n.name(), 0L));
      m.put("skewMillis", faults.skewMillis().getOrDefault(n.name(), 0L));
      List<String> seenDownBy = new ArrayList<>();
      for (Map.Entry<String, NodeProbe.Sample> e : s.entrySet()) {
        if (e.getValue().running() && Boolean.FALSE.equals(e.getValue().view().get(n.name())))
          seenDownBy.add(e.getKey());
      }
      m.put("seenDownBy", seenDownBy);
      NodeProbe.Sample mine = s.get(n.name());
      Map<String, Integer> hints = new TreeMap<>(mine == null ? Map.of() : mine.hintsPending());
      hints.values().removeIf(v -> v == 0);
      m.put("hintsPending", hints.values().stream().mapToInt(Integer::intValue).sum());
      m.put("hintsFor", hints);
      m.put("hintsStored", mine == null ? 0 : mine.hintsStored());
      m.put("hintsReplayed", mine == null ? 0 : mine.hintsReplayed());
      out.add(m);
    }
    return out;
  }

  private void sendJson(HttpExchange ex, int status, Object body) throws IOException {
    send(ex, status, "application/json", json.writeValueAsBytes(body));
  }

  private static void send(HttpExchange ex, int status, String type, String body) throws IOException {
    send(ex, status, type, body.getBytes(StandardCharsets.UTF_8));
  }

  private static void send(HttpExchange ex, int status, String type, byte[] body) throws IOException {
    ex.getResponseHeaders().set("Content-Type", type);
    ex.getResponseHeaders().set("Cache-Control", "no-store");
    ex.sendResponseHeaders(status, body.length);
    try (OutputStream o = ex.getResponseBody()) {
      o.write(body);
    }
  }
}
