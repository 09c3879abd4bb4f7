/**
 * The interactive shell's parts (cqlsh, serve's console): statement buffering, completion, fault commands.
 */
package io.ringsim.cli.shell;
