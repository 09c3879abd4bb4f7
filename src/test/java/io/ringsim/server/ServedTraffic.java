package io.ringsim.server;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.servererrors.CASWriteUnknownException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import io.ringsim.sim.Checker;
import io.ringsim.sim.NotJudged;
import io.ringsim.sim.ServedChecker;
import io.ringsim.sim.cells.ServedOp;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * The served traffic property tests' common ground: a served cluster and its Java driver clients, started on a
 * property class's first try and closed after its last; each try in a keyspace of its own, its clients' steps run at
 * once, and the try's operations (with their read-back at ALL) handed to the checker.
 */
final class ServedTraffic implements AutoCloseable {
  /** One request of a client, sent through its driver. */
  interface Request {
    void send() throws InterruptedException;
  }

  /**
   * Sends one request of an LWT workload. Under contention some replicas but not a quorum may accept a proposal, and
   * the client is answered CAS_WRITE_UNKNOWN (a CAS write timeout before v5), as under Cassandra: an outcome the
   * checker takes as "may have applied", counted in {@code unknown}.
   */
  static void allowingUnknownOutcome(AtomicLong unknown, Request r) {
    try {
      r.send();
    } catch (CASWriteUnknownException | WriteTimeoutException e) {
      unknown.incrementAndGet();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  final ServedClusterFixture fx;
  private final List<CqlSession> clients = new ArrayList<>();
  private final AtomicInteger keyspaces = new AtomicInteger();
  private final String keyspacePrefix;

  /** {@code nodes} served at {@code speed} (as `serve --speed`), with {@code clients} driver sessions. */
  ServedTraffic(int nodes, long seed, double speed, int clients, String keyspacePrefix) throws Exception {
    this.fx = new ServedClusterFixture(nodes, seed, speed);
    this.keyspacePrefix = keyspacePrefix;
    for (int i = 0; i < clients; i++) this.clients.add(fx.connect(null));
  }

  CqlSession client(int i) {
    return clients.get(i);
  }

  /** A fresh keyspace for one try (SimpleStrategy, replication factor {@code rf}); its name. */
  String keyspace(int rf) {
    String ks = keyspacePrefix + keyspaces.incrementAndGet();
    client(0).execute("CREATE KEYSPACE " + ks + " WITH replication = {'class': 'SimpleStrategy',"
        + " 'replication_factor': " + rf + "}");
    return ks;
  }

  /** Each client runs its own steps in order ({@code clientOf} says whose a step is); all clients run at once. */
  <S> void runConcurrently(List<S> steps, ToIntFunction<S> clientOf, BiConsumer<CqlSession, S> run)
      throws Exception {
    List<CompletableFuture<Void>> running = new ArrayList<>();
    for (int c = 0; c < clients.size(); c++) {
      int client = c;
      List<S> mine = steps.stream().filter(s -> clientOf.applyAsInt(s) == client).toList();
      running.add(CompletableFuture.runAsync(() -> {
        for (S st : mine) run.accept(client(client), st);
      }));
    }
    for (CompletableFuture<Void> f : running) f.get();
  }

  /** What the clients did in keyspace {@code ks}, then its partitions read back at ALL: one try's history. */
  List<ServedOp> ops(String ks) {
    return ops(fx, ks);
  }

  static List<ServedOp> ops(ServedClusterFixture fx, String ks) {
    String prefix = ks + ".";
    List<ServedOp> ops = new ArrayList<>();
    for (ServedOp op : fx.served.history().servedOps()) if (table(op).startsWith(prefix)) ops.add(op);
    ops.addAll(fx.served.history().finalReads(fx.sim, t -> t.startsWith(prefix)));
    return ops;
  }

  /** The table an operation is on ("" for what the model cannot place: counted, not judged, whatever its table). */
  static String table(ServedOp op) {
    if (op instanceof ServedOp.Write w) return w.partition().table();
    if (op instanceof ServedOp.Read r) return r.partition().table();
    if (op instanceof ServedOp.Removal r) return r.table();
    if (op instanceof ServedOp.CounterWrite w) return w.partition().table();
    if (op instanceof ServedOp.CounterRead r) return r.partition().table();
    return "";
  }

  /**
   * Each partition with LWTs (of the tables {@code tables} accepts) checked on its own, with its table's removals,
   * to tell which the checker judged: {@code judged} holds the operations of those it did (no "lwt-" reason counted for it).
   */
  record LwtPartitions(List<List<ServedOp>> all, List<List<ServedOp>> judged, Map<NotJudged, Long> notJudged) {
    int partitions() {
      return all.size();
    }

    /** Adds these partitions' reasons for not judging to a property's totals (shared by concurrent tries). */
    void addNotJudgedTo(Map<NotJudged, Long> totals) {
      synchronized (totals) {
        notJudged.forEach((k, v) -> totals.merge(k, v, Long::sum));
      }
    }
  }

  static LwtPartitions lwtPartitions(List<ServedOp> ops, Predicate<String> tables) {
    Map<String, List<ServedOp>> byPartition = new TreeMap<>();
    for (ServedOp op : ops) {
      if (op instanceof ServedOp.Write w && tables.test(w.partition().table()))
        byPartition.computeIfAbsent(w.partition().identity(), k -> new ArrayList<>()).add(op);
      if (op instanceof ServedOp.Read r && tables.test(r.partition().table()))
        byPartition.computeIfAbsent(r.partition().identity(), k -> new ArrayList<>()).add(op);
    }
    // A DROP or TRUNCATE of its table belongs to each partition's history: it may leave its LWTs not judged.
    for (List<ServedOp> p : byPartition.values()) {
      String table = table(p.get(0));
      for (ServedOp op : ops) if (op instanceof ServedOp.Removal r && r.table().equals(table)) p.add(r);
    }
    List<List<ServedOp>> all = new ArrayList<>();
    List<List<ServedOp>> judged = new ArrayList<>();
    Map<NotJudged, Long> notJudged = new EnumMap<>(NotJudged.class);
    for (List<ServedOp> p : byPartition.values()) {
      if (p.stream().noneMatch(o -> o instanceof ServedOp.Write w && w.lwt() != ServedOp.Lwt.NONE)) continue;
      all.add(p);
      Checker.Result one = ServedChecker.check(p);
      one.notJudged().forEach((k, v) -> notJudged.merge(k, v, Long::sum));
      if (one.notJudged().keySet().stream().noneMatch(n -> n.key().startsWith("lwt-"))) judged.add(p);
    }
    return new LwtPartitions(all, judged, notJudged);
  }

  @Override
  public void close() {
    for (CqlSession c : clients) c.close();
    fx.close();
  }
}
