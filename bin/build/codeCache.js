'use strict';
/**
 * Runs a CommonJS bundle with a V8 code cache beside it (Node 20 has no built-in compile cache):
 * the first run compiles the bundle and, when the process exits, saves the code V8 produced for
 * every function that ran; later runs hand that back to V8 and skip most of the parsing and
 * compiling. The cache is tied to the bundle's size and time and to this Node version; V8 rejects
 * any cache that does not match its source, and a rejected or unreadable cache is simply rebuilt.
 *
 * Node built-ins only.
 */
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');
const buffer = require('node:buffer');

const HEADER_BYTES = 128;

function stampOf(file) {
  const s = fs.statSync(file);
  return `${s.size}:${s.mtimeMs}:${process.version}:${process.arch}`;
}

function readCache(cacheFile, stamp) {
  try {
    const data = fs.readFileSync(cacheFile);
    const header = data.subarray(0, HEADER_BYTES).toString('utf8').replace(/\0+$/, '');
    return header === stamp ? data.subarray(HEADER_BYTES) : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(cacheFile, stamp, code) {
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(stamp.slice(0, HEADER_BYTES), 'utf8');
  const temp = `${cacheFile}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temp, Buffer.concat([header, code]));
    fs.renameSync(temp, cacheFile);
  } catch {
    fs.rmSync(temp, { force: true }); // a read-only install just runs without the cache
  }
}

/** Requires `file` (a CommonJS bundle) as the main module, through its code cache. */
function requireWithCodeCache(file) {
  const stamp = stampOf(file);
  const cacheFile = `${file}.v8cache`;
  const cachedData = readCache(cacheFile, stamp);
  const bytes = fs.readFileSync(file);
  // An ASCII bundle (cliBuild.js writes them so) reads as a one-byte string, without UTF-8 decoding.
  const source = buffer.isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  if (!cachedData || script.cachedDataRejected) {
    // After the command ran, so the functions it compiled lazily are in the cache too.
    process.once('exit', () => writeCache(cacheFile, stamp, script.createCachedData()));
  }
  const mod = new Module(file, require.main);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  require.cache[file] = mod;
  const run = script.runInThisContext();
  run.call(mod.exports, mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
  mod.loaded = true;
  return mod.exports;
}

module.exports = { requireWithCodeCache };
