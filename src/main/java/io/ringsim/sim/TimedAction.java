package io.ringsim.sim;

/** An action at a simulated time (milliseconds from the start), with its source line for messages. */
public record TimedAction(long atMillis, Action action, String text) {}
