package io.ringsim.cli;

import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.SimCluster;
import io.ringsim.ring.Node;
import io.ringsim.ring.Ring;
import io.ringsim.server.ServedCluster;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.BindException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ringsim serve}: a simulated cluster that cqlsh, the drivers and a user's own application connect to over
 * the CQL native protocol, with faults typed on standard input.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
    description = {"Serve a simulated cluster over the CQL native protocol (cqlsh, the Java/Python/Node drivers, "
        + "your own app). Node i listens on the i-th loopback address from --address, all on --port. Type fault "
        + "words on standard input (CRASH n3, RESTART n3, PARTITION {n1 n2} {n3}, HEAL, SLOW n2 50ms, LOSS 5%, "
        + "SKEW n2 -2s, FLUSH, COMPACT, REPAIR n2, STATUS); QUIT or end of input stops it."})
public final class ServeCommand implements Callable<Integer> {
  @Option(names = "--nodes", defaultValue = "6", description = "Nodes in one data centre (default ${DEFAULT-VALUE}).")
  int nodes;

  @Option(names = "--vnodes", defaultValue = "16", description = "Tokens per node (default ${DEFAULT-VALUE}).")
  int vnodes;

  @Option(names = "--racks", defaultValue = "1", description = "Racks in that data centre (default ${DEFAULT-VALUE}).")
  int racks;

  @Option(names = "--dc", description = "A data centre NAME:NODES:RACKS (repeat for several; replaces --nodes).")
  List<String> dcs = new ArrayList<>();

  @Option(names = "--seed", defaultValue = "1", description = "Seed of every random choice (default ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--address", defaultValue = "127.0.0.1",
      description = "Address of the first node; node i gets the i-th next one (default ${DEFAULT-VALUE}).")
  String address;

  @Option(names = "--port", defaultValue = "9042", description = "Port every node listens on (default ${DEFAULT-VALUE}).")
  int port;

  @Option(names = "--speed", defaultValue = "1", description = "Simulated seconds per wall-clock second (default ${DEFAULT-VALUE}).")
  double speed;

  @Option(names = "--out", description = "Directory for the clients' history and the checker's anomalies "
      + "(default: runs/serve-seedN).")
  java.nio.file.Path out;

  @Override
  public Integer call() throws Exception {
    Ring ring = ring();
    InetAddress first = firstAddress();
    if (!(speed > 0 && speed <= 1000)) throw new BadInputException("--speed must be in (0, 1000], got " + speed);
    if (port < 1 || port > 65535) throw new BadInputException("--port must be in 1..65535, got " + port);
    PrintWriter w = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    java.nio.file.Path dir = out != null ? out : java.nio.file.Path.of("runs", "serve-seed" + seed);
    try (SimCluster sim = ClusterBuilder.start(ring, seed, ConfigFactory.load())) {
      ServedCluster served = new ServedCluster(sim, first, port, speed);
      try {
        served.start();
      } catch (Exception e) {
        served.close();
        if (e instanceof BindException || e.getCause() instanceof BindException)
          throw new BadInputException("cannot listen on port " + port + " at " + address
              + " and the next addresses: " + e.getMessage());
        throw e;
      }
      for (Node n : ring.nodes()) {
        w.println(n.name() + "  " + served.addresses().get(n.name()).getHostAddress() + ":" + port + "  "
            + n.dc() + "  " + n.rack());
      }
      w.println("ready: " + ring.nodes().size() + " nodes, protocol v3-v5, Cassandra 4.1 behaviour; type STATUS, "
          + "CRASH n2, RESTART n2, ... or QUIT");
      // SIGINT/SIGTERM end the console as QUIT does: the verdict is still written before the JVM exits.
      java.util.concurrent.CountDownLatch finished = new java.util.concurrent.CountDownLatch(1);
      Thread main = Thread.currentThread();
      Thread hook = new Thread(() -> {
        main.interrupt();
        try {
          finished.await(60, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      Runtime.getRuntime().addShutdownHook(hook);
      try {
        console(served, w);
        w.println("stopping: closing the ports, then checking the clients' operations");
        served.close();
        ServeVerdict.run(sim, served.history(), dir, w);
      } finally {
        served.close();
        finished.countDown();
      }
    }
    return 0;
  }

  /** Reads fault words until QUIT, the end of input, or an interrupt (a signal). */
  private static void console(ServedCluster served, PrintWriter w) {
    ServeConsole console = new ServeConsole(served, w);
    // System.in cannot be interrupted: a reader thread hands lines over, so a signal can end the wait.
    java.util.concurrent.BlockingQueue<java.util.Optional<String>> lines =
        new java.util.concurrent.LinkedBlockingQueue<>();
    Thread reader = new Thread(() -> {
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      try {
        String line;
        while ((line = in.readLine()) != null) lines.add(java.util.Optional.of(line));
      } catch (java.io.IOException e) {
        // an unreadable standard input ends the console like its end does
      }
      lines.add(java.util.Optional.empty());
    }, "ringsim-serve-console");
    reader.setDaemon(true);
    reader.start();
    try {
      while (true) {
        java.util.Optional<String> line = lines.take();
        if (line.isEmpty() || !console.handle(line.get())) return;
      }
    } catch (InterruptedException e) {
      // SIGINT or SIGTERM
    }
  }

  private InetAddress firstAddress() {
    try {
      InetAddress a = InetAddress.getByName(address);
      if (a.getAddress().length != 4) throw new BadInputException("--address must be an IPv4 address, got " + address);
      return a;
    } catch (java.net.UnknownHostException e) {
      throw new BadInputException("--address: unknown host " + address);
    }
  }

  private Ring ring() {
    List<ClusterBuilder.Dc> list = new ArrayList<>();
    if (dcs.isEmpty()) {
      list.add(new ClusterBuilder.Dc("datacenter1", nodes, racks));
    } else {
      for (String d : dcs) {
        String[] p = d.split(":");
        if (p.length != 3) throw new BadInputException("--dc must be NAME:NODES:RACKS, got " + d);
        try {
          list.add(new ClusterBuilder.Dc(p[0], Integer.parseInt(p[1]), Integer.parseInt(p[2])));
        } catch (NumberFormatException e) {
          throw new BadInputException("--dc must be NAME:NODES:RACKS with numbers, got " + d);
        }
      }
    }
    int total = 0;
    for (ClusterBuilder.Dc d : list) {
      if (d.nodes() < 1 || d.racks() < 1 || d.racks() > d.nodes())
        throw new BadInputException("data centre " + d.name() + ": nodes must be >= 1 and racks in 1..nodes");
      total += d.nodes();
    }
    if (total > 250) throw new BadInputException("serve runs at most 250 nodes (one loopback address each), got "
        + total);
    if (vnodes < 1 || vnodes > 256) throw new BadInputException("--vnodes must be in 1..256, got " + vnodes);
    return ClusterBuilder.ring(list, vnodes, "balanced", seed, io.ringsim.ring.Partitioners.byName("murmur3"),
        ClusterBuilder.defaultAllocationReplication());
  }
}
