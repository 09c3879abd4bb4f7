package io.ringsim.cql.parse;

/**
 * A float literal beyond a double's range (1e309): Cassandra 4.1's parser turns it into the text "Infinity" on the
 * way to a BigDecimal and fails the whole statement, for a decimal column too; {@link CqlParser} words it so.
 */
final class FloatLiteralOverflow extends RuntimeException {
  FloatLiteralOverflow() {
    super(null, null, false, false);
  }
}
