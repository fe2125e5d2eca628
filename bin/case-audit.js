#!/usr/bin/env node
'use strict';
// Runs the precompiled CLI (dist/cli, built by `npm ci` and rebuilt whenever a source changes);
// if no up-to-date build can be had, tsx compiles the TypeScript sources on the fly.
// The AWS SDK versions are pinned; its notice about future Node 22 releases is not for end users.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { bundleFor } = require('./build/cliBuild');
const { requireWithCodeCache } = require('./build/codeCache');

const args = process.argv.slice(2);

function runWholeCli() {
  const bundle = bundleFor('case-audit');
  if (bundle) {
    if (process.env.CASE_AUDIT_DEBUG) process.setSourceMapsEnabled(true); // stack traces name the sources
    requireWithCodeCache(bundle);
  } else {
    require('tsx/cjs/api').register();
    require('./case-audit.ts');
  }
}

// `case-audit workflows` (and nothing else on the line) has a bundle of its own: it needs none of the rest.
const workflows = args.length === 1 && args[0] === 'workflows' ? bundleFor('workflows') : undefined;
// `case-audit run` first tries handing the run to the data folder's host, without loading the whole CLI.
const front = !workflows && args[0] === 'run' ? bundleFor('runFront') : undefined;
if (workflows) requireWithCodeCache(workflows);
else if (front) {
  requireWithCodeCache(front)
    .tryHostedRun(args)
    .then((code) => (code === undefined ? runWholeCli() : (process.exitCode = code)), runWholeCli);
} else runWholeCli();
