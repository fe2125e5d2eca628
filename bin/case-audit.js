#!/usr/bin/env node
'use strict';
// Runs the precompiled CLI (dist/cli, built by `npm ci` and rebuilt whenever a source changes);
// if no up-to-date build can be had, tsx compiles the TypeScript sources on the fly.
// The AWS SDK versions are pinned; its notice about future Node 22 releases is not for end users.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// `case-audit workflows` (and nothing else on the line) has a bundle of its own: it needs none of the rest.
const args = process.argv.slice(2);
const name = args.length === 1 && args[0] === 'workflows' ? 'workflows' : 'case-audit';
const bundle = require('./build/cliBuild').bundleFor(name);
if (bundle) {
  if (process.env.CASE_AUDIT_DEBUG) process.setSourceMapsEnabled(true); // stack traces name the sources
  require('./build/codeCache').requireWithCodeCache(bundle);
} else {
  require('tsx/cjs/api').register();
  require('./case-audit.ts');
}
