package io.ringsim.oracle;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A real Cassandra 4.1 node for differential tests and benchmarks: {@code OracleServer [PORT [YAML_LINE...]]}
 * (default port 9042) serves CQL on 127.0.0.1:PORT with each YAML_LINE (e.g. {@code "user_defined_functions_enabled:
 * true"}, a feature switch a client's test suite expects) appended to its cassandra.yaml, prints {@code ready 127.0.0.1:PORT} once it answers, and stops and deletes its data
 * when its standard input ends (so it dies with the process that started it through a pipe) or on SIGTERM.
 */
public final class OracleServer {
  private OracleServer() {}

  public static void main(String[] args) throws IOException {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 9042;
    long started = System.nanoTime();
    java.util.List<String> extraYaml = java.util.Arrays.asList(args).subList(Math.min(1, args.length), args.length);
    EmbeddedNode node = EmbeddedNode.start(port, extraYaml);
    Runtime.getRuntime().addShutdownHook(new Thread(node::close, "oracle-shutdown"));
    System.err.printf("oracle: Cassandra 4.1 up in %.1f s, data in %s%n", (System.nanoTime() - started) / 1e9,
        node.home());
    System.out.println("ready 127.0.0.1:" + port);
    System.out.flush();
    if (stdinIsDevNull()) {
      // A shell's background job reads /dev/null: its end would stop the node at once, so only SIGTERM stops it.
      System.err.println("oracle: standard input is /dev/null; stop with SIGTERM");
      sleepForever();
    }
    drain(System.in);
    System.err.println("oracle: standard input ended, stopping");
    System.exit(0); // runs the shutdown hook, which stops the node and deletes its directory
  }

  private static boolean stdinIsDevNull() {
    try {
      return Files.readSymbolicLink(Path.of("/proc/self/fd/0")).toString().equals("/dev/null");
    } catch (IOException | UnsupportedOperationException e) {
      return false;
    }
  }

  private static void drain(InputStream in) {
    byte[] buffer = new byte[4096];
    try {
      while (in.read(buffer) >= 0) {
        // only the end matters
      }
    } catch (IOException e) {
      // a broken stdin counts as ended
    }
  }

  private static void sleepForever() {
    while (true) {
      try {
        Thread.sleep(Long.MAX_VALUE);
      } catch (InterruptedException e) {
        return;
      }
    }
  }
}
