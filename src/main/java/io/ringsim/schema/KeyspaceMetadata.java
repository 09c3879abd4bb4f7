package io.ringsim.schema;

import java.util.Map;
import java.util.TreeMap;

/** A keyspace: its name and its replication map exactly as CREATE KEYSPACE gave it. */
public record KeyspaceMetadata(String name, Map<String, String> replication, boolean durableWrites) {
  public KeyspaceMetadata {
    replication = java.util.Collections.unmodifiableMap(new TreeMap<>(replication));
  }
}
