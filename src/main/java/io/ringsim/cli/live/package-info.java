/**
 * The live page of `run --live` and `serve --live`: figures sampled from the running cluster, served over HTTP,
 * and the fault buttons queued back to the simulation.
 */
package io.ringsim.cli.live;
