'use strict';
// The background process that hosts a local data folder for the CLI (see hostDaemon.ts): the
// precompiled build when it is up to date, else the TypeScript sources through tsx.
const bundle = require('../../bin/build/cliBuild').bundleFor('hostDaemon');
if (bundle) {
  if (process.env.CASE_AUDIT_DEBUG) process.setSourceMapsEnabled(true); // stack traces name the sources
  require('../../bin/build/codeCache').requireWithCodeCache(bundle);
} else {
  require('tsx/cjs/api').register();
  require('./hostDaemon.ts');
}
