package io.ringsim.cql.parse;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.ColumnSpec;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.ast.Term;
import io.ringsim.cql.parse.CqlGrammarParser.*;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The AST of the keyspace, table and index statements: CREATE / ALTER / DROP KEYSPACE, CREATE / ALTER / DROP TABLE,
 * TRUNCATE, CREATE / DROP INDEX. Types, views and functions have their own builders (UserTypeAst, ViewAst,
 * FunctionAst).
 */
final class SchemaAst {
  private SchemaAst() {}

  static Statement createKeyspace(CreateKeyspaceContext c) {
    return new Statement.CreateKeyspace(AstBuilder.ident(c.ident()), c.K_NOT() != null,
        keyspaceOptions(c.keyspaceOption()));
  }

  static Statement alterKeyspace(AlterKeyspaceContext c) {
    return new Statement.AlterKeyspace(AstBuilder.ident(c.ident()), keyspaceOptions(c.keyspaceOption()));
  }

  static Statement dropKeyspace(DropKeyspaceContext c) {
    return new Statement.DropKeyspace(AstBuilder.ident(c.ident()), c.K_EXISTS() != null);
  }

  private static Map<String, Term> keyspaceOptions(List<KeyspaceOptionContext> opts) {
    Map<String, Term> m = new LinkedHashMap<>();
    for (KeyspaceOptionContext o : opts) m.put(AstBuilder.ident(o.ident()), TermAst.property(o.term()));
    return m;
  }

  static Statement createTable(CreateTableContext c) {
    QualifiedName t = QualifiedName.of(c.tableName());
    List<ColumnSpec> cols = new ArrayList<>();
    List<String> pk = new ArrayList<>();
    List<String> ck = new ArrayList<>();
    int pkDefinitions = 0;
    Set<String> declared = new HashSet<>();
    for (TableElementContext e : c.tableElement()) {
      if (e instanceof ColumnDefinitionContext cd) {
        boolean primary = cd.K_PRIMARY() != null;
        // Cassandra's parser refuses a repeated column as it reads it, before the keyspace is looked for.
        if (!declared.add(AstBuilder.ident(cd.ident()))) throw new CqlException(CqlErrorClass.InvalidRequest,
            "Duplicate column '" + AstBuilder.ident(cd.ident()) + "' declaration for table '" + t.text() + "'");
        cols.add(new ColumnSpec(AstBuilder.ident(cd.ident()), AstBuilder.type(cd.cqlType()), cd.K_STATIC() != null,
            primary));
        if (primary) {
          pkDefinitions++;
          pk.add(AstBuilder.ident(cd.ident()));
        }
      } else if (e instanceof PrimaryKeyDefinitionContext pd) {
        pkDefinitions++;
        for (IdentContext i : pd.partitionKey().ident()) pk.add(AstBuilder.ident(i));
        for (IdentContext i : pd.ident()) ck.add(AstBuilder.ident(i));
      }
    }
    if (pkDefinitions > 1) throw new IllegalStateException("Multiple PRIMARY KEY specified for table '" + t.name()
        + "' (exactly one required)");
    Map<String, Boolean> order = new LinkedHashMap<>();
    Map<String, Term> options = new LinkedHashMap<>();
    boolean compact = false;
    for (TableOptionContext o : c.tableOption()) {
      if (o instanceof ClusteringOrderOptionContext co) {
        for (ClusteringOrderContext x : co.clusteringOrder()) {
          order.put(AstBuilder.ident(x.ident()), x.K_DESC() != null);
        }
      } else if (o instanceof CompactStorageOptionContext) {
        compact = true;
      } else if (o instanceof PropertyOptionContext po) {
        options.put(AstBuilder.ident(po.ident()), TermAst.property(po.term()));
      }
    }
    return new Statement.CreateTable(t.keyspace(), t.name(), c.K_NOT() != null, cols, pk, ck, order, options,
        compact);
  }

  static Statement alterTable(AlterTableContext c) {
    if (c instanceof AlterAddContext a) {
      QualifiedName t = QualifiedName.of(a.tableName());
      List<ColumnSpec> cols = new ArrayList<>();
      for (AddColumnContext ac : a.addColumn()) {
        cols.add(new ColumnSpec(AstBuilder.ident(ac.ident()), AstBuilder.type(ac.cqlType()), ac.K_STATIC() != null,
            false));
      }
      return new Statement.AlterTableAdd(t.keyspace(), t.name(), cols, a.tableIf != null, a.columnIf != null);
    }
    if (c instanceof AlterDropContext d) {
      QualifiedName t = QualifiedName.of(d.tableName());
      List<String> cols = new ArrayList<>();
      for (IdentContext i : d.ident()) cols.add(AstBuilder.ident(i));
      Long at = d.INTEGER() == null ? null : Long.parseLong(d.INTEGER().getText());
      return new Statement.AlterTableDrop(t.keyspace(), t.name(), cols, at, d.tableIf != null, d.columnIf != null);
    }
    if (c instanceof AlterRenameContext r) {
      QualifiedName t = QualifiedName.of(r.tableName());
      Map<String, String> renames = new LinkedHashMap<>();
      for (int i = 0; i + 1 < r.ident().size(); i += 2) {
        renames.put(AstBuilder.ident(r.ident(i)), AstBuilder.ident(r.ident(i + 1)));
      }
      return new Statement.AlterTableRename(t.keyspace(), t.name(), r.tableIf != null, renames, r.columnIf != null);
    }
    if (c instanceof AlterColumnTypeContext a) {
      QualifiedName t = QualifiedName.of(a.tableName());
      return new Statement.AlterTableType(t.keyspace(), t.name(), a.tableIf != null);
    }
    // Cassandra 4.1 refuses this form unless cassandra.yaml enables it (drop_compact_storage_enabled: false).
    if (c instanceof AlterDropCompactStorageContext) throw new CqlException(CqlErrorClass.InvalidRequest,
        "DROP COMPACT STORAGE is disabled. Enable in cassandra.yaml to use.");
    AlterWithContext w = (AlterWithContext) c;
    QualifiedName t = QualifiedName.of(w.tableName());
    Map<String, Term> options = new LinkedHashMap<>();
    for (TableOptionContext o : w.tableOption()) {
      if (o instanceof PropertyOptionContext po) {
        options.put(AstBuilder.ident(po.ident()), TermAst.property(po.term()));
      } else if (o instanceof ClusteringOrderOptionContext co) {
        // ALTER TABLE's grammar has no CLUSTERING ORDER nor COMPACT STORAGE: the parser stops at their second word.
        throw CqlParser.noViableAfter(co.K_CLUSTERING().getSymbol(), co.K_ORDER().getSymbol());
      } else if (o instanceof CompactStorageOptionContext cs) {
        throw CqlParser.noViableAfter(cs.K_COMPACT().getSymbol(), cs.K_STORAGE().getSymbol());
      }
    }
    return new Statement.AlterTableWith(t.keyspace(), t.name(), options, w.tableIf != null);
  }

  static Statement dropTable(DropTableContext c) {
    QualifiedName t = QualifiedName.of(c.tableName());
    return new Statement.DropTable(t.keyspace(), t.name(), c.K_EXISTS() != null);
  }

  static Statement truncate(TruncateTableContext c) {
    QualifiedName t = QualifiedName.of(c.tableName());
    return new Statement.Truncate(t.keyspace(), t.name());
  }

  static Statement createIndex(CreateIndexContext c) {
    QualifiedName t = QualifiedName.of(c.tableName());
    IndexTargetContext it = c.indexTarget();
    String kind = it.K_KEYS() != null ? "keys" : it.K_VALUES() != null ? "values" : it.K_ENTRIES() != null
        ? "entries" : it.K_FULL() != null ? "full" : "simple";
    String indexClass = c.indexClass == null ? null
        : ((Term.Literal) TermAst.constantText(c.indexClass.getText())).text();
    return new Statement.CreateIndex(c.ident() == null ? null : AstBuilder.ident(c.ident()), t.keyspace(), t.name(),
        AstBuilder.ident(it.ident()), kind, c.K_NOT() != null, c.K_CUSTOM() != null, indexClass,
        c.term() == null ? null : TermAst.term(c.term()));
  }

  /** DROP INDEX names the index, not its table: {@code ks.index}. */
  static Statement dropIndex(DropIndexContext c) {
    QualifiedName index = QualifiedName.of(c.tableName());
    return new Statement.DropIndex(index.keyspace(), index.name(), c.K_EXISTS() != null);
  }
}
