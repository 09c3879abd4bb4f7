/**
 * The parsed statements, terms and selectors, as sealed interfaces of records.
 */
package io.ringsim.cql.ast;
