#!/usr/bin/env node
'use strict';
// The background process that hosts a local data folder for the CLI (see hostDaemon.ts).
require('tsx/cjs/api').register();
require('./hostDaemon.ts');
