package io.ringsim.sim.script;

/** A scenario file that cannot be run: the message starts with FILE:LINE:COL where it can. */
public final class ScenarioException extends IllegalArgumentException {
  public ScenarioException(String message) {
    super(message);
  }
}
