package io.ringsim.server;

import static io.ringsim.server.SystemKeyspaces.FROZEN_LIST_TEXT;

import io.ringsim.schema.Catalog;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.KeyspaceMetadata;
import io.ringsim.schema.UserAggregate;
import io.ringsim.schema.UserFunction;
import io.ringsim.schema.types.CqlTypes;
import java.util.List;

/**
 * system_schema.functions and system_schema.aggregates, the rows Cassandra 4.1's SchemaKeyspace writes for each
 * user-defined function and aggregate: types as CQL writes them, a function's body as it was written, an
 * aggregate's INITCOND as a CQL literal (null without one).
 */
final class FunctionTables {
  private FunctionTables() {}

  static VirtualTable functions(Catalog c) {
    VirtualTable.Builder b = new VirtualTable.Builder("system_schema", "functions")
        .column("keyspace_name", CqlTypes.TEXT).column("function_name", CqlTypes.TEXT)
        .column("argument_types", FROZEN_LIST_TEXT).column("argument_names", FROZEN_LIST_TEXT)
        .column("body", CqlTypes.TEXT).column("called_on_null_input", CqlTypes.BOOLEAN)
        .column("language", CqlTypes.TEXT).column("return_type", CqlTypes.TEXT);
    for (KeyspaceMetadata k : c.keyspaces()) {
      for (UserFunction f : c.functions(k.name())) {
        b.row(k.name(), f.name(), names(f.argTypes()), f.argNames(), f.body(), f.calledOnNullInput(), f.language(),
            f.returnType().name());
      }
    }
    return b.build();
  }

  static VirtualTable aggregates(Catalog c) {
    VirtualTable.Builder b = new VirtualTable.Builder("system_schema", "aggregates")
        .column("keyspace_name", CqlTypes.TEXT).column("aggregate_name", CqlTypes.TEXT)
        .column("argument_types", FROZEN_LIST_TEXT).column("final_func", CqlTypes.TEXT)
        .column("initcond", CqlTypes.TEXT).column("return_type", CqlTypes.TEXT).column("state_func", CqlTypes.TEXT)
        .column("state_type", CqlTypes.TEXT);
    for (KeyspaceMetadata k : c.keyspaces()) {
      for (UserAggregate a : c.aggregates(k.name())) {
        b.row(k.name(), a.name(), names(a.argTypes()), a.finalFunction(), a.initCondText(), a.returnType().name(),
            a.stateFunction(), a.stateType().name());
      }
    }
    return b.build();
  }

  private static List<String> names(List<CqlType> types) {
    return types.stream().map(CqlType::name).toList();
  }
}
