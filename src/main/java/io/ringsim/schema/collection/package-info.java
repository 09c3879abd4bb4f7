/**
 * Collection, tuple and user-defined types: their values, literals and bytes.
 */
package io.ringsim.schema.collection;
