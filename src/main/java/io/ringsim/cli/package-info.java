/**
 * The picocli commands behind bin/ringsim (run, serve, cqlsh, ring, token, shrink, explain, ...): they read
 * arguments, call the scenario and server layers, and turn bad input into one line and exit code 2.
 */
package io.ringsim.cli;
