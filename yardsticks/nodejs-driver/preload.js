'use strict';
// Loaded with mocha's --require from the suite's checkout: makes CCM_PORT the driver's default port, so that the
// suite, unchanged, reaches the server on it (its contact points name no port; the driver's default is 9042, which
// other runs on this machine use). A port the test names itself is kept.
const path = require('path');
const port = parseInt(process.env.CCM_PORT, 10);
const clientOptions = require(path.resolve('lib/client-options.js'));
const defaultOptions = clientOptions.defaultOptions;
const extend = clientOptions.extend;

clientOptions.defaultOptions = function () {
  const options = defaultOptions();
  options.protocolOptions.port = port;
  return options;
};

clientOptions.extend = function (baseOptions, userOptions) {
  if (arguments.length === 1) {
    userOptions = baseOptions;
    baseOptions = {};
  }
  const options = extend(baseOptions, userOptions);
  const asked = userOptions && userOptions.protocolOptions && userOptions.protocolOptions.port;
  if (!asked || asked === 9042) {
    options.protocolOptions.port = port;
  }
  return options;
};
