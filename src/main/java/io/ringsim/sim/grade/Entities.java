package io.ringsim.sim.grade;

import io.ringsim.sim.grade.Assignment.Attribute;
import io.ringsim.sim.grade.Assignment.Entity;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Draws an entity's instances. Instance i's attributes come from a random source of its own (the assignment's
 * seed, the entity, i), so the first n instances are the same whether n or all of them are drawn: a sample is a
 * prefix of the full data.
 */
final class Entities {
  private Entities() {}

  /** One instance of an entity: its attributes' values in the entity's order, as their CQL types hold them. */
  record Instance(List<Object> values) {
    /** The value of the entity's attribute number {@code attribute}. */
    Object value(int attribute) {
      return values.get(attribute);
    }

    /** The value of the attribute (or the column named after it) {@code name} of entity {@code e}. */
    Object value(Entity e, String name) {
      return values.get(e.indexOf(name));
    }
  }

  /** Instance i of entity {@code e}. */
  static Instance instance(long seed, int entityIndex, Entity e, long i) {
    SplittableRandom rng = new SplittableRandom(mix(seed, entityIndex, i));
    long now = createdAt(e, i);
    List<Attribute> attrs = e.attributes();
    List<Object> out = new ArrayList<>(attrs.size());
    for (Attribute a : attrs) out.add(a.gen().next(rng, i, now, a.type()));
    return new Instance(Collections.unmodifiableList(out));
  }

  /** When instance i is created: spread evenly over the entity's 'over' span. */
  static long createdAt(Entity e, long i) {
    if (e.overMillis() <= 0) return e.startMillis();
    return e.startMillis() + (long) ((double) i * e.overMillis() / e.count());
  }

  static List<Instance> first(long seed, int entityIndex, Entity e, int n) {
    List<Instance> out = new ArrayList<>(n);
    for (long i = 0; i < n; i++) out.add(instance(seed, entityIndex, e, i));
    return out;
  }

  private static long mix(long seed, int entity, long i) {
    long z = seed * 0x9E3779B97F4A7C15L + entity * 0xC2B2AE3D27D4EB4FL + i;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
