package io.ringsim.sim.script;

import io.ringsim.cql.CqlFeatures;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.SchemaOps;
import io.ringsim.cql.exec.SelectPlanner;
import io.ringsim.cql.exec.Values;
import io.ringsim.cql.exec.WritePlanner;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.ring.Partitioner;
import io.ringsim.ring.Partitioners;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.ValueGen;
import io.ringsim.sim.WorkloadSpec;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * What a run would refuse after starting the cluster, found before: every statement of the cql section is parsed
 * and planned against the schema the statements before it built (as the run applies them, but without executing
 * anything), then every workload's table, columns and generators are resolved against the final schema. So that
 * {@code check} passes exactly the scenarios {@code run} can start, and {@code run} fails before it simulates.
 */
final class SchemaCheck {
  /** Builds the error for statement or workload {@code index}, at its place in the file. */
  interface Errors {
    ScenarioException at(int index, String message);
  }

  private SchemaCheck() {}

  static void check(List<String> cql, List<String> datacenters, List<WorkloadSpec> workloads, String partitionerName,
      long seed, Errors cqlErrors, Errors workloadErrors) {
    Partitioner partitioner = Partitioners.byName(partitionerName);
    // A Values of its own: planning may draw (uuid(), now()), and must not disturb the run's draws.
    Values values = new Values(0, seed);
    Catalog catalog = Catalog.EMPTY;
    String keyspace = null;
    for (int i = 0; i < cql.size(); i++) {
      String text = cql.get(i);
      try {
        Statement s = CqlParser.parse(text);
        if (s instanceof Statement.Use u) {
          if (catalog.keyspace(u.keyspace()).isEmpty()) {
            throw new ScenarioException("Keyspace '" + u.keyspace() + "' does not exist");
          }
          keyspace = u.keyspace();
          continue;
        }
        Catalog next = SchemaOps.apply(catalog, s, keyspace, CqlFeatures.DEFAULTS, datacenters);
        if (next != null) {
          if (s instanceof Statement.DropKeyspace d && d.name().equals(keyspace)) keyspace = null;
          catalog = next;
        } else if (s instanceof Statement.Truncate t) {
          SchemaOps.table(catalog, SchemaOps.keyspaceOf(t.keyspace(), keyspace), t.name());
        } else if (s instanceof Statement.Select sel) {
          SelectPlanner.plan(sel, catalog, keyspace, values, partitioner, 0);
        } else if (!(s instanceof Statement.Describe)) {
          WritePlanner.plan(s, catalog, keyspace, values, partitioner);
        }
      } catch (CqlException e) {
        throw cqlErrors.at(i, "CQL: " + e.errorClass() + ": " + e.getMessage() + " (in: " + shorten(text) + ")");
      } catch (ScenarioException e) {
        throw cqlErrors.at(i, "CQL: InvalidRequest: " + e.getMessage() + " (in: " + shorten(text) + ")");
      }
    }
    for (int i = 0; i < workloads.size(); i++) checkWorkload(catalog, workloads.get(i), i, workloadErrors);
  }

  private static void checkWorkload(Catalog catalog, WorkloadSpec w, int index, Errors errors) {
    TableMetadata t = catalog.table(w.table()).orElseThrow(() -> errors.at(index, "workload " + w.name() + ": table "
        + w.table() + " does not exist (create it in the cql section" + (w.table().contains(".") ? ""
        : "; name it KEYSPACE.TABLE") + ")"));
    checkCellOps(t, w, index, errors);
    for (Map.Entry<String, ValueGen> e : w.generators().entrySet()) {
      ColumnDef c = t.column(e.getKey()).orElseThrow(() -> errors.at(index, "workload " + w.name() + ": table "
          + t.qualifiedName() + " has no column '" + e.getKey() + "' (its columns: "
          + t.columns().stream().map(ColumnDef::name).collect(Collectors.joining(", ")) + ")"));
      try {
        // One draw, as the workload would make it: a generator whose values the column's type cannot take
        // (values('a') on an int) fails here rather than on the first operation of the run.
        ValueGen.draw(e.getValue(), new SplittableRandom(seedOf(w)), 0, 0, c.type());
      } catch (RuntimeException ex) {
        throw errors.at(index, "workload " + w.name() + ": column " + c.name() + " (" + c.type() + ") cannot take"
            + " the values of its generator: " + ex.getMessage());
      }
    }
  }

  /** What the partial writes and deletions of a mix need of the table. */
  private static void checkCellOps(TableMetadata t, WorkloadSpec w, int index, Errors errors) {
    WorkloadSpec.CellOps o = w.cellOps();
    String in = "workload " + w.name() + ": ";
    if (t.isCounterTable()) {
      // A counter table takes increments, not values: only UPDATE ... SET n = n + ? and the reads.
      if (w.writeFraction() + w.deleteFraction() + w.lwtFraction() + o.update() + o.deleteCell() + o.deleteRange()
          + o.deletePartition() > 0 || o.clientTimestamps() || o.readColumns() > 0)
        throw errors.at(index, in + t.qualifiedName() + " is a counter table: its mix takes 'increment' and the"
            + " reads 'read', 'read slice', 'read in', 'read limit' (no write, lwt, update, delete, read columns or"
            + " client timestamps)");
      if (o.increment() == 0) throw errors.at(index, in + t.qualifiedName() + " is a counter table: give its mix"
          + " an 'increment' share");
      if ((o.readSlice() > 0 || o.readIn() > 0) && t.clusteringColumns().isEmpty()) throw errors.at(index, in
          + "'read slice' and 'read in' select rows by clustering values, and " + t.qualifiedName()
          + " has no clustering column");
      return;
    }
    if (o.increment() > 0) throw errors.at(index, in + "'increment' adds to counters, and " + t.qualifiedName()
        + " is not a counter table");
    if (!o.any()) return;
    if (o.deleteRange() > 0 && t.clusteringColumns().isEmpty()) throw errors.at(index, in + "'delete range' deletes"
        + " a range of clustering values, and " + t.qualifiedName() + " has no clustering column");
    if ((o.readSlice() > 0 || o.readIn() > 0) && t.clusteringColumns().isEmpty()) throw errors.at(index, in
        + "'read slice' and 'read in' select rows by clustering values, and " + t.qualifiedName()
        + " has no clustering column");
    if ((o.update() > 0 || o.deleteCell() > 0 || o.readColumns() > 0)
        && t.columns().stream().allMatch(ColumnDef::isPrimaryKey))
      throw errors.at(index, in + "'update', 'delete cell' and 'read columns' need a column outside the primary key,"
          + " and " + t.qualifiedName() + " has none");
  }

  private static long seedOf(WorkloadSpec w) {
    return w.name().hashCode();
  }

  private static String shorten(String cql) {
    return cql.length() <= 80 ? cql : cql.substring(0, 77) + "...";
  }
}
