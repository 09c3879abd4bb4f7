package io.ringsim.cql;

import java.util.Set;

/** Names as CQL writes them back (DESCRIBE, system_schema): Cassandra 4.1's ColumnIdentifier.maybeQuote. */
public final class CqlNames {
  private CqlNames() {}

  /** A name as CQL writes it: as is when it is a plain lower-case identifier, else in double quotes. */
  public static String quote(String name) {
    return name.matches("[a-z][a-z0-9_]*") && !RESERVED.contains(name) ? name
        : "\"" + name.replace("\"", "\"\"") + "\"";
  }

  /**
   * The words Cassandra 4.1 quotes as names (its ColumnIdentifier.maybeQuote): reserved_keywords.txt of
   * cassandra-all 4.1.10, in lower case. Seen: system_views.gossip_info's column "schema".
   */
  private static final Set<String> RESERVED = Set.of("add", "allow", "alter", "and", "apply",
      "asc", "authorize", "batch", "begin", "by", "columnfamily", "create", "delete", "desc", "describe", "drop",
      "entries", "execute", "from", "full", "grant", "if", "in", "index", "infinity", "insert", "into", "is",
      "keyspace", "limit", "materialized", "modify", "nan", "norecursive", "not", "null", "of", "on", "or", "order",
      "primary", "rename", "revoke", "schema", "select", "set", "table", "to", "token", "truncate", "unlogged",
      "update", "use", "using", "view", "where", "with");
}
