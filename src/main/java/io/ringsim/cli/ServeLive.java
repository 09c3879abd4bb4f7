package io.ringsim.cli;

import io.ringsim.cli.live.CommandQueue;
import io.ringsim.cli.live.LiveView;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.report.Labels;
import io.ringsim.ring.Node;
import io.ringsim.server.ClientHistory;
import io.ringsim.server.ServedCluster;
import io.ringsim.sim.Checker;
import io.ringsim.sim.LiveRun;
import io.ringsim.sim.OpOutcome;
import io.ringsim.sim.OpRecord;
import io.ringsim.sim.RunResult;
import io.ringsim.sim.ServedChecker;
import io.ringsim.sim.cells.ServedOp;
import io.ringsim.storage.ReadFilter;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.BindException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * `serve` as a live scenario run: opens the cluster's ports once its schema is applied, reads fault words from
 * standard input while the scenario plays, and hands the clients' operations to the checker at the end.
 */
final class ServeLive implements LiveRun {
  private final InetAddress first;
  private final int port;
  private final double speed;
  private final PrintWriter out;
  private final BlockingQueue<Optional<String>> lines = new LinkedBlockingQueue<>();
  private final List<RunResult.Event> events = new ArrayList<>();
  private volatile boolean stop;
  private ServedCluster served;
  private ServeConsole console;
  private final CommandQueue clicked = new CommandQueue();
  /** The live view (--live), or null. */
  private LiveView view;
  /** How many of the clients' operations the live view has been shown. */
  private int clientOpsShown;
  /** How many of the events (typed on the console, clicked) the live view's log has been given. */
  private int eventsShown;
  /** The reader's language: the terminal's lines and the live view's log; the run's events are kept in English. */
  private final Labels t;

  ServeLive(InetAddress first, int port, double speed, PrintWriter out, Integer livePort, String scenario,
      long durationMillis, Labels t) throws java.io.IOException {
    this.t = t;
    this.first = first;
    this.port = port;
    this.speed = speed;
    this.out = out;
    if (livePort != null) {
      try {
        view = LiveView.bind(scenario, "serve", speed, durationMillis, livePort, clicked, t);
      } catch (BindException e) {
        throw new BadInputException("--live-port: cannot listen on 127.0.0.1:" + livePort + " (" + e.getMessage()
            + ")");
      }
    }
  }

  /** Ends the live part, as QUIT does (SIGINT, SIGTERM). */
  void requestStop() {
    stop = true;
  }

  @Override
  public void started(SimCluster sim) throws Exception {
    if (view != null) view.start(sim);
    served = new ServedCluster(sim, first, port, speed);
    try {
      served.start();
    } catch (Exception e) {
      served.close();
      if (e instanceof BindException || e.getCause() instanceof BindException)
        throw new BadInputException("cannot listen on port " + port + " at " + first.getHostAddress()
            + " and the next addresses: " + e.getMessage());
      throw e;
    }
    for (Node n : sim.ring().nodes()) {
      out.println(n.name() + "  " + served.addresses().get(n.name()).getHostAddress() + ":" + port + "  " + n.dc()
          + "  " + n.rack());
    }
    out.println(t.f("serve.ready", sim.ring().nodes().size()));
    console = new ServeConsole(served, out, events, t);
    if (view != null) out.println(t.f("serve.live-view", view.url()));
    Thread reader = new Thread(() -> {
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      try {
        String line;
        while ((line = in.readLine()) != null) lines.add(Optional.of(line));
      } catch (java.io.IOException e) {
        // an unreadable standard input ends the console as its end does
      }
      lines.add(Optional.empty());
    }, "ringsim-serve-console");
    reader.setDaemon(true);
    reader.start();
  }

  @Override
  public boolean awaitTime(SimCluster sim, long nanos) {
    while (sim.nowNanos() < nanos) {
      if (stop) return false;
      try {
        Optional<String> line = lines.poll(20, java.util.concurrent.TimeUnit.MILLISECONDS);
        if (line != null && (line.isEmpty() || !console.handle(line.get()))) stop = true;
        if (view != null) {
          logNewEvents();
          followLiveView();
        }
      } catch (InterruptedException e) {
        stop = true;
      }
    }
    return !stop;
  }

  @Override
  public void stopped(SimCluster sim) {
    out.println(t.get("serve.stopping"));
    if (view != null) {
      logNewEvents();
      followLiveView();
      view.log(t.get("serve.log.stops"));
      view.ended();
      clicked.close(t.get("serve.closing"));
    }
    served.close();
  }

  /** Runs the faults clicked in the live view through the console, and shows it the clients' new operations. */
  private void followLiveView() {
    clicked.runPending(line -> {
      java.io.StringWriter printed = new java.io.StringWriter();
      PrintWriter w = new PrintWriter(printed, true);
      new ServeConsole(served, w, events, "clicked in the live view", t).handle(line);
      out.println(t.f("live.answer", line.trim(), printed.toString().strip()));
      synchronized (events) {
        eventsShown = events.size(); // the view logs what it clicked, with the console's answer
      }
      return printed.toString();
    });
    List<ClientHistory.Op> ops = served.history().opsFrom(clientOpsShown);
    clientOpsShown += ops.size();
    for (ClientHistory.Op op : ops) {
      view.operation(op.completeMicros(), op.consistency(), op.kind(), op.outcome() == OpOutcome.OK, op.error(),
          op.key(), op.coordinator());
    }
  }

  /** The faults typed on the console since the last look, into the live view's log at their simulated time. */
  private void logNewEvents() {
    synchronized (events) {
      for (RunResult.Event e : events.subList(eventsShown, events.size()))
        view.log(e.atMicros() / 1000, t.say(e.text()));
      eventsShown = events.size();
    }
  }

  @Override
  public void event(RunResult.Event e) {
    if (view != null) view.log(e.atMicros() / 1000, t.say(e.text()));
  }

  @Override
  public void completed(OpRecord op) {
    if (view != null) view.operation(op.completeMicros(), op.consistency(), op.type(), op.ok(), op.error(), op.key(),
        op.coordinator());
  }

  /** Closes the live view's server (after the results are written). */
  void closeLiveView() {
    if (view != null) view.close();
  }

  @Override
  public List<OpRecord> history() {
    List<OpRecord> out = new ArrayList<>();
    List<ClientHistory.Op> ops = served.history().ops();
    // Each recognised driver retry names the failed request it retried: the report's retry counts, request by request.
    java.util.Map<Long, Long> retried = ClientHistory.retried(ops);
    for (ClientHistory.Op op : ops) {
      out.add(new OpRecord(op.id(), "clients", op.table(), op.client(), op.kind(), op.key(), op.consistency(),
          op.coordinator(), op.invokeMicros(), op.completeMicros(), op.outcome(), op.error(), op.version(),
          op.applied(), retried.get(op.id()), op.nowInSec()));
    }
    return out;
  }

  @Override
  public List<io.ringsim.report.ClientRetries> clientRetries() {
    return served.history().retries();
  }

  @Override
  public Checker.Result checkClients(SimCluster sim) {
    List<ServedOp> ops = new ArrayList<>(served.history().servedOps());
    ops.addAll(served.history().finalReads(sim));
    return ServedChecker.check(ops);
  }

  @Override
  public List<RunResult.Event> events() {
    synchronized (events) {
      return List.copyOf(events);
    }
  }
}
