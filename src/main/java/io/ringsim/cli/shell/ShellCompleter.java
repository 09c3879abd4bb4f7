package io.ringsim.cli.shell;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.TableMetadata;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What the shell offers on TAB, from what is typed before the cursor, as cqlsh does: consistency levels after
 * CONSISTENCY, tables after FROM or INTO, keyspaces after USE, node names after CRASH; otherwise every keyword,
 * table, keyspace and column.
 */
public final class ShellCompleter {
  private static final Set<String> BEFORE_TABLE = Set.of("FROM", "INTO", "UPDATE", "TABLE", "TRUNCATE");
  private static final Set<String> BEFORE_NODE = Set.of("CRASH", "RESTART", "SLOW", "SKEW", "FLUSH", "COMPACT",
      "REPAIR", "COORDINATOR");

  private ShellCompleter() {}

  /**
   * The candidates for the word being typed at the end of {@code before} (the line up to the cursor).
   *
   * @param keywords offered where nothing more specific fits
   */
  public static List<String> candidates(String before, Catalog catalog, List<String> nodes, List<String> keywords) {
    String[] words = before.trim().isEmpty() ? new String[0] : before.trim().split("\\s+");
    boolean newWord = before.isEmpty() || Character.isWhitespace(before.charAt(before.length() - 1));
    // The word that decides the context: the last complete one.
    int previous = newWord ? words.length - 1 : words.length - 2;
    String prev = previous >= 0 ? words[previous].toUpperCase(Locale.ROOT) : "";
    boolean second = previous == 0;
    if (second && prev.equals("CONSISTENCY")) {
      return Arrays.stream(ConsistencyLevel.values()).map(Enum::name).toList();
    }
    if (second && (prev.equals("TRACING") || prev.equals("EXPAND"))) return List.of("ON", "OFF");
    if (prev.equals("USE")) return catalog.keyspaces().stream().map(KeyspaceMetadata::name).toList();
    if (BEFORE_TABLE.contains(prev)) return tables(catalog);
    if (second && BEFORE_NODE.contains(prev)) return nodes;
    List<String> all = new ArrayList<>(keywords);
    all.addAll(tables(catalog));
    for (TableMetadata t : catalog.allTables()) t.columns().forEach(c -> all.add(c.name()));
    catalog.keyspaces().forEach(k -> all.add(k.name()));
    return all;
  }

  private static List<String> tables(Catalog catalog) {
    List<String> out = new ArrayList<>();
    for (TableMetadata t : catalog.allTables()) {
      out.add(t.name());
      out.add(t.qualifiedName());
    }
    return out;
  }
}
