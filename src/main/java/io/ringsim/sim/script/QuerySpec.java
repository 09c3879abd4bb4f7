package io.ringsim.sim.script;

/**
 * One query of a scenario's {@code queries} section: the application's access pattern as CQL (bind markers allowed),
 * with where it is written, so that an error about it names FILE:LINE:COL.
 */
public record QuerySpec(String cql, String file, int line, int col) {
  /** "FILE:LINE:COL: message". */
  public String at(String message) {
    return file + ":" + line + ":" + col + ": " + message;
  }
}
