'use strict';
// mocha's spec reporter, which also writes each test's outcome and timing to the file given as --reporter-option output=FILE
// (rewritten after every test, so that a run cut short still leaves what it did). A failed hook is one failure.
const fs = require('fs');
const path = require('path');
const mocha = require(path.resolve('node_modules/mocha'));
const { EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING } = mocha.Runner.constants;

class YardstickReporter extends mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const output = options.reporterOption.output;
    const tests = [];
    const begun = Date.now();
    const record = (test, state, err) => {
      // at: milliseconds from the run's start to the test's end (mocha's duration is the test's own time only).
      const entry = { title: test.fullTitle(), state, at: Date.now() - begun };
      if (test.duration !== undefined) {
        entry.duration = test.duration;
      }
      if (err) {
        entry.error = String(err.stack || err.message || err).split('\n').slice(0, 6).join('\n');
      }
      tests.push(entry);
      fs.writeFileSync(output, JSON.stringify(tests, null, 1));
    };
    runner.on(EVENT_TEST_PASS, test => record(test, 'passed'));
    runner.on(EVENT_TEST_FAIL, (test, err) => record(test, 'failed', err));
    runner.on(EVENT_TEST_PENDING, test => record(test, 'pending'));
  }
}

module.exports = YardstickReporter;
