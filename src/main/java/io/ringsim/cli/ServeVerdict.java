package io.ringsim.cli;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.server.ClientHistory;
import io.ringsim.sim.Checker;
import io.ringsim.sim.Durations;
import io.ringsim.sim.OpRecord;
import io.ringsim.storage.ReadFilter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The checker's verdict on the clients' own traffic once `serve` stops: as after a scenario run, the cluster is
 * healed, crashed nodes restart, hints are given a minute (in virtual time, at full speed) to be delivered, every
 * partition a client wrote is read back at ALL, and the history is checked for lost acknowledged writes and stale
 * reads.
 */
final class ServeVerdict {
  private ServeVerdict() {}

  static Checker.Result run(SimCluster sim, ClientHistory clients, Path out, PrintWriter w) throws IOException {
    List<OpRecord> history = new ArrayList<>();
    Map<String, ClientHistory.Op> written = new LinkedHashMap<>();
    for (ClientHistory.Op op : clients.ops()) {
      history.add(new OpRecord(op.id(), "clients", op.table(), op.client(), op.kind(), op.key(), op.consistency(),
          op.coordinator(), op.invokeMicros(), op.completeMicros(), op.outcome(), op.error(), op.version(),
          op.applied()));
      if (!op.kind().equals("read")) written.putIfAbsent(op.table() + " " + op.key(), op);
    }
    history.sort((a, b) -> a.invokeMicros() != b.invokeMicros() ? Long.compare(a.invokeMicros(), b.invokeMicros())
        : Long.compare(a.id(), b.id()));
    sim.heal();
    for (String n : sim.nodeNames()) if (sim.isCrashed(n)) sim.restart(n);
    sim.advance(Duration.ofSeconds(60));
    List<Checker.FinalRead> finals = new ArrayList<>();
    String reader = sim.nodeNames().get(0);
    for (ClientHistory.Op op : written.values()) {
      ClientResponse r = sim.execute(reader, new ClientRequest.Read(op.table(), op.keyBytes(), ReadFilter.ALL,
          ConsistencyLevel.ALL, false));
      long version = r instanceof ClientResponse.ReadDone d ? ClientHistory.newest(d.partitions()) : -1;
      finals.add(new Checker.FinalRead(op.table() + " " + op.key(), version));
    }
    Checker.Result checked = Checker.check(history, finals, Map.of());
    w.printf("checked %d client operations: %d reads and %d partitions: %d stale reads (%d read-your-writes), "
        + "%d lost writes, %d LWT violations%n", history.size(), checked.readsChecked(), checked.keysChecked(),
        checked.staleReads(), checked.rywViolations(), checked.lostWrites(), checked.lwtViolations());
    for (int i = 0; i < Math.min(10, checked.anomalies().size()); i++) {
      Checker.Anomaly a = checked.anomalies().get(i);
      w.println("  " + a.kind() + " at " + Durations.format(a.atMicros() / 1000) + " key " + a.key() + ": "
          + a.detail());
    }
    if (out != null) {
      Files.createDirectories(out);
      RunCommand.writeHistory(out, history);
      StringBuilder sb = new StringBuilder();
      for (Checker.Anomaly a : checked.anomalies()) {
        sb.append(a.kind()).append('\t').append(a.atMicros()).append('\t').append(a.key()).append('\t')
            .append(a.detail()).append('\n');
      }
      Files.writeString(out.resolve("anomalies.tsv"), sb.toString());
      w.println("history of the clients' operations in " + out.resolve("history.jsonl"));
    }
    return checked;
  }
}
