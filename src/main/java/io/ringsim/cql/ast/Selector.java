package io.ringsim.cql.ast;

import java.util.List;

/** One item of a SELECT clause. */
public sealed interface Selector {
  record Column(String name) implements Selector {}

  record CountStar(String written) implements Selector {}

  record Function(String name, List<Selector> args) implements Selector {}

  /** A selector with AS alias. */
  record Aliased(Selector selector, String alias) implements Selector {}
}
