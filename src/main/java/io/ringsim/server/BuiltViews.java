package io.ringsim.server;

import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.Node;
import io.ringsim.ring.Ring;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.ViewMetadata;
import io.ringsim.schema.types.CqlTypes;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The tables where Cassandra records that a materialized view is built: system.built_views (each node's own views,
 * status_replicated once the node has reported to system_distributed) and system_distributed.view_build_status
 * (each node's SUCCESS per view). ringsim builds a view as it creates it, so every view is built on every node;
 * clients such as cqlpy's wait_for_view_built poll these rows before they read a view.
 */
final class BuiltViews {
  private BuiltViews() {}

  /** system.built_views: partitions by the token of keyspace_name, rows by view name. */
  static VirtualTable builtViews(Catalog c) {
    VirtualTable.Builder b = new VirtualTable.Builder("system", "built_views")
        .column("keyspace_name", SystemKeyspaces.TEXT).column("view_name", SystemKeyspaces.TEXT)
        .column("status_replicated", CqlTypes.BOOLEAN);
    List<ViewMetadata> views = new ArrayList<>(c.allViews());
    views.sort(Comparator.comparingLong((ViewMetadata v) -> token(v.keyspace())).thenComparing(ViewMetadata::name));
    for (ViewMetadata v : views) b.row(v.keyspace(), v.name(), true);
    return b.build();
  }

  /** system_distributed.view_build_status: partitions by the token of (keyspace_name, view_name), a row per node. */
  static VirtualTable buildStatus(Catalog c, Ring ring) {
    VirtualTable.Builder b = new VirtualTable.Builder("system_distributed", "view_build_status")
        .column("keyspace_name", SystemKeyspaces.TEXT).column("view_name", SystemKeyspaces.TEXT)
        .column("host_id", CqlTypes.UUID).column("status", SystemKeyspaces.TEXT);
    List<ViewMetadata> views = new ArrayList<>(c.allViews());
    views.sort(Comparator.comparingLong((ViewMetadata v) -> token(v.keyspace(), v.name())));
    List<java.util.UUID> hosts = new ArrayList<>();
    for (Node n : ring.nodes()) hosts.add(SystemKeyspaces.hostId(n.name()));
    hosts.sort(Comparator.naturalOrder());
    for (ViewMetadata v : views) for (java.util.UUID h : hosts) b.row(v.keyspace(), v.name(), h, "SUCCESS");
    return b.build();
  }

  /** The Murmur3 token of a partition key of text components (a composite key when there are several). */
  private static long token(String... components) {
    byte[] key;
    if (components.length == 1) {
      key = components[0].getBytes(StandardCharsets.UTF_8);
    } else {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      for (String s : components) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.write(b.length >> 8);
        out.write(b.length);
        out.writeBytes(b);
        out.write(0);
      }
      key = out.toByteArray();
    }
    return Murmur3Partitioner.INSTANCE.token(key).value();
  }
}
