package io.ringsim.cql;

import java.util.List;
import java.util.Locale;

/**
 * The features Cassandra 4.1 ships switched off, named as in cassandra.yaml: user_defined_functions_enabled,
 * scripted_user_defined_functions_enabled, materialized_views_enabled and sasi_indexes_enabled. With a switch off the
 * statements that need it get Cassandra's refusal, word for word; a cluster's nodes all read the same switches, as
 * the nodes of a real cluster read the same cassandra.yaml.
 */
public record CqlFeatures(boolean userDefinedFunctions, boolean scriptedUserDefinedFunctions,
    boolean materializedViews, boolean sasiIndexes) {

  /** Cassandra 4.1's defaults: all four off. */
  public static final CqlFeatures DEFAULTS = new CqlFeatures(false, false, false, false);

  /** The cassandra.yaml names, in the order of the record's components. */
  public static final List<String> YAML_NAMES = List.of("user_defined_functions_enabled",
      "scripted_user_defined_functions_enabled", "materialized_views_enabled", "sasi_indexes_enabled");

  /**
   * These switches with cassandra.yaml's {@code name} set to {@code value} (true or false). Throws
   * IllegalArgumentException naming the setting or value when it is not one of the four or not a boolean.
   */
  public CqlFeatures with(String name, String value) {
    boolean on = switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException(name + ": '" + value + "' is not true or false");
    };
    return switch (name) {
      case "user_defined_functions_enabled" -> new CqlFeatures(on, scriptedUserDefinedFunctions, materializedViews,
          sasiIndexes);
      case "scripted_user_defined_functions_enabled" -> new CqlFeatures(userDefinedFunctions, on, materializedViews,
          sasiIndexes);
      case "materialized_views_enabled" -> new CqlFeatures(userDefinedFunctions, scriptedUserDefinedFunctions, on,
          sasiIndexes);
      case "sasi_indexes_enabled" -> new CqlFeatures(userDefinedFunctions, scriptedUserDefinedFunctions,
          materializedViews, on);
      default -> throw new IllegalArgumentException("unknown cassandra.yaml setting '" + name + "' (ringsim knows "
          + String.join(", ", YAML_NAMES) + ")");
    };
  }

  /** These switches with each {@code NAME=VALUE} of {@code settings} applied in order (see {@link #with}). */
  public CqlFeatures withAll(List<String> settings) {
    CqlFeatures f = this;
    for (String s : settings) {
      int eq = s.indexOf('=');
      if (eq < 0) throw new IllegalArgumentException("'" + s + "' is not NAME=VALUE, e.g. "
          + "user_defined_functions_enabled=true");
      f = f.with(s.substring(0, eq).trim(), s.substring(eq + 1));
    }
    return f;
  }

  /** This switch as cassandra.yaml names it. */
  public boolean enabled(String yamlName) {
    return switch (yamlName) {
      case "user_defined_functions_enabled" -> userDefinedFunctions;
      case "scripted_user_defined_functions_enabled" -> scriptedUserDefinedFunctions;
      case "materialized_views_enabled" -> materializedViews;
      case "sasi_indexes_enabled" -> sasiIndexes;
      default -> throw new IllegalArgumentException("unknown cassandra.yaml setting '" + yamlName + "'");
    };
  }

  /** CREATE FUNCTION's check (Cassandra's UDFunction.assertUdfsEnabled), for a function in {@code language}. */
  public void requireUserDefinedFunctions(String language) {
    if (!userDefinedFunctions) throw new CqlException(CqlErrorClass.InvalidRequest, "User-defined functions are "
        + "disabled in cassandra.yaml - set user_defined_functions_enabled=true to enable");
    if (!"java".equals(language) && !scriptedUserDefinedFunctions) throw new CqlException(
        CqlErrorClass.InvalidRequest, "Scripted user-defined functions are disabled in cassandra.yaml - set "
            + "scripted_user_defined_functions_enabled=true to enable if you are aware of the security risks");
  }

  /** CREATE MATERIALIZED VIEW's check. */
  public void requireMaterializedViews() {
    if (!materializedViews) throw new CqlException(CqlErrorClass.InvalidRequest,
        "Materialized views are disabled. Enable in cassandra.yaml to use.");
  }

  /** CREATE CUSTOM INDEX ... USING 'org.apache.cassandra.index.sasi.SASIIndex''s check. */
  public void requireSasiIndexes() {
    if (!sasiIndexes) throw new CqlException(CqlErrorClass.InvalidRequest,
        "SASI indexes are disabled. Enable in cassandra.yaml to use.");
  }
}
