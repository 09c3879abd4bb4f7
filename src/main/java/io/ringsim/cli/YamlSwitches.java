package io.ringsim.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.ringsim.cql.CqlFeatures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --yaml NAME=VALUE} (cql, cqlsh, serve): one of Cassandra 4.1's cassandra.yaml feature switches for this
 * run, laid over ringsim.cql in the configuration (reference.conf: all off, as in Cassandra).
 */
final class YamlSwitches {
  private YamlSwitches() {}

  static final String HELP = "A cassandra.yaml feature switch for this run, NAME=true|false (repeatable): "
      + "user_defined_functions_enabled, scripted_user_defined_functions_enabled, materialized_views_enabled, "
      + "sasi_indexes_enabled. All are off by default, as in Cassandra 4.1.";

  /** {@code base} with {@code settings} (NAME=VALUE each) set under ringsim.cql; a bad one is one line, exit 2. */
  static Config overlay(Config base, List<String> settings, String origin) {
    try {
      CqlFeatures.DEFAULTS.withAll(settings); // names and values checked before anything starts
    } catch (IllegalArgumentException e) {
      throw new BadInputException(origin + ": " + e.getMessage());
    }
    Map<String, Object> values = new LinkedHashMap<>();
    for (String s : settings) {
      int eq = s.indexOf('=');
      values.put("ringsim.cql." + s.substring(0, eq).trim(), Boolean.parseBoolean(s.substring(eq + 1).trim()));
    }
    return ConfigFactory.parseMap(values, origin).withFallback(base);
  }
}
