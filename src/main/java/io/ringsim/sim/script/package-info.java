/**
 * The .sim language: reading a scenario (with file:line:col errors) and writing one back.
 */
package io.ringsim.sim.script;
