/**
 * Terminal tables, report.html, summary.json and CSVs of a run. Depends on nothing else in ringsim: it is
 * given plain records.
 */
package io.ringsim.report;
