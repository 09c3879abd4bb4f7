package io.ringsim.cql.udf.api;

/**
 * The class every compiled Java UDF extends, as Cassandra's generated class extends its JavaUDF: it gives the body
 * the protected field {@code udfContext}.
 */
public abstract class JavaUDF {
  protected final UDFContext udfContext;

  protected JavaUDF(UDFContext udfContext) {
    this.udfContext = udfContext;
  }
}
