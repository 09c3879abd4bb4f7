/**
 * Scenarios: their specification, the workloads, the run (ScenarioRunner), the checker and the results.
 */
package io.ringsim.sim;
