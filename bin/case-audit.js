#!/usr/bin/env node
'use strict';
// Runs the TypeScript CLI directly (no build step): tsx compiles on the fly and caches.
// The AWS SDK versions are pinned; its notice about future Node 22 releases is not for end users.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
require('tsx/cjs/api').register();
require('./case-audit.ts');
