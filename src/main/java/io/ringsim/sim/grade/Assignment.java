package io.ringsim.sim.grade;

import io.ringsim.schema.CqlType;
import io.ringsim.sim.ValueGen;
import java.util.List;
import java.util.Optional;

/**
 * A data-modelling assignment: the data as entities with generated attributes, the access patterns the application
 * must serve, the limits every table must keep, and the cluster the model is graded on.
 */
public record Assignment(
    String file,
    String name,
    String description,
    long seed,
    int sample,
    ClusterShape cluster,
    List<Entity> entities,
    List<AccessPattern> patterns,
    Limits limits) {

  /** Where something is written in the assignment file (1-based). */
  public record Pos(int line, int col) {
    public String in(String file) {
      return file + ":" + line + ":" + col;
    }
  }

  /** The simulated cluster the submission is loaded into. */
  public record ClusterShape(int nodes, int vnodes, int replication) {}

  /**
   * {@code count} instances; instance i is created at {@code startMillis + i * overMillis / count} (what the
   * {@code now} and {@code timebucket} generators read).
   */
  public record Entity(String name, long count, long startMillis, long overMillis, List<Attribute> attributes,
      Pos pos) {
    public Optional<Attribute> attribute(String n) {
      return attributes.stream().filter(a -> a.name().equals(n)).findFirst();
    }

    public int indexOf(String n) {
      for (int i = 0; i < attributes.size(); i++) if (attributes.get(i).name().equals(n)) return i;
      return -1;
    }

    public String attributeNames() {
      return String.join(", ", attributes.stream().map(Attribute::name).toList());
    }
  }

  public record Attribute(String name, CqlType type, ValueGen gen, String genText, Pos pos) {}

  public enum Op {
    EQ("="), LT("<"), LE("<="), GT(">"), GE(">=");

    public final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    boolean lower() {
      return this == GT || this == GE;
    }

    boolean upper() {
      return this == LT || this == LE;
    }
  }

  /** {@code attribute op :parameter}. */
  public record Condition(String attribute, Op op, String parameter) {
    @Override
    public String toString() {
      return attribute + " " + op.symbol + " :" + parameter;
    }
  }

  public record Ordering(String attribute, boolean descending) {
    @Override
    public String toString() {
      return attribute + (descending ? " desc" : " asc");
    }
  }

  /**
   * An access pattern: the rows of {@code entity} that match every condition, in {@code order}. {@code window} is
   * how far apart a range's bounds are drawn (in the attribute's unit: milliseconds for timestamps, days for dates);
   * {@code within} (milliseconds, 0: none) keeps a timestamp range inside one aligned block of that length (a day),
   * as an application that reads one time bucket at a time asks; {@code partitions} how many partitions one run may read; {@code runs} how many parameter values are tried.
   * {@code descriptions} is the question in other languages, by language tag ('description zh-CN "..."').
   */
  public record AccessPattern(String id, String description, String entity, List<Condition> conditions,
      List<Ordering> order, List<String> returns, long window, long within, int partitions, int runs, Pos pos,
      java.util.Map<String, String> descriptions) {
    public List<String> parameters() {
      return conditions.stream().map(Condition::parameter).distinct().toList();
    }
  }

  /** Limits over the whole model, at full scale; null: not graded. */
  public record Limits(Long partitionBytes, Long partitionRows, Double loadSkew) {}
}
