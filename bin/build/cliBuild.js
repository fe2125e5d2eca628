'use strict';
/**
 * The precompiled CLI: esbuild bundles the CLI and the data-folder host from their TypeScript
 * sources, with the packages they use, into `dist/cli/` (one file each to read and compile instead
 * of about 1,200). Packages with native code or their own module loading stay in node_modules.
 *
 * `npm ci` builds it (the `prepare` script runs this file). The launchers (`bin/case-audit.js`,
 * `local/daemon/hostDaemon.js`) ask `bundleFor(name)` which file to run: the bundle when every
 * source it was built from is unchanged, else a fresh rebuild (about 0.2 s), else nothing (esbuild
 * missing or the sources do not compile), and the launcher then runs the sources through tsx. A
 * developer never runs stale code.
 *
 * Node built-ins only at load time: this runs before anything else on every command.
 */
const fs = require('node:fs');
const path = require('node:path');

const PROJECT_ROOT = path.join(__dirname, '..', '..');
const FORMAT = 3;

/**
 * Bundle name → its TypeScript entry point, relative to the project root. `pdfPageWorker` is the
 * entry of the PDF worker threads: the pool (lambdas/agents/intake/documents/pdfWorkerPool.ts) starts the
 * `pdfPageWorker.js` it finds beside the bundle it runs in; `hostedRunWorker` is the host's audit
 * thread (local/host/hostedRuns.ts starts it beside hostDaemon.js).
 */
const ENTRIES = {
  'case-audit': 'bin/case-audit.ts',
  hostDaemon: 'local/daemon/hostDaemon.ts',
  pdfPageWorker: 'lambdas/agents/intake/documents/pdf/pdfPageWorker.ts',
  workflows: 'bin/cli/workflowsMain.ts',
  runFront: 'bin/cli/runFront.ts',
  hostedRunWorker: 'local/host/hostedRunWorker.ts',
};

/**
 * Bundles a bundle starts from its own folder (the PDF worker threads): a command's freshness check
 * covers their sources too, so a changed worker source is never run stale.
 */
const STARTS = { 'case-audit': ['pdfPageWorker'], hostDaemon: ['pdfPageWorker', 'hostedRunWorker'] };

/** Files that change the output without being bundled inputs; npm rewrites the last one whenever it changes node_modules. */
const BUILD_INPUTS = ['bin/build/cliBuild.js', 'tsconfig.json', 'package.json', 'node_modules/.package-lock.json'];

/** Required only inside a Lambda container (tracing and metrics): never loaded by the CLI, so not bundled into it. */
const LAMBDA_ONLY = ['@aws-lambda-powertools/tracer', '@aws-lambda-powertools/metrics', 'aws-xray-sdk-core'];

/**
 * Loaded only when a report's PDF is drawn (2 MB of code, fontkit's data tables included): left in
 * node_modules, so every other command does not parse them at start-up.
 */
const PDF_WRITER = ['pdf-lib', '@pdf-lib/fontkit', '@pdf-lib/standard-fonts', '@pdf-lib/upng'];

/**
 * Loaded from node_modules at run time: LevelDB's native binding (under dynalite and s3rver),
 * PDF.js (an ES module also loaded by path in worker threads), and the build tools themselves.
 */
/**
 * Local OCR: tesseract.js starts its worker thread from a script beside its own sources, and the
 * trained data is found by resolving its packages' folders; bundled, neither path would exist.
 */
const OCR = ['tesseract.js', '@tesseract.js-data/eng', '@tesseract.js-data/fra'];

const EXTERNAL = [...OCR, 'unpdf', 'dynalite', 's3rver', 'classic-level', 'level', 'memory-level', 'esbuild', 'tsx', ...LAMBDA_ONLY, ...PDF_WRITER];

/**
 * The bundle's code in ASCII: esbuild escapes non-ASCII characters in strings and names but leaves
 * them in regular-expression literals, and one such character makes the whole 4 MB source a two-byte
 * string, slower to read, hash and parse on every command. Each is written as its `\u` escape, which
 * means the same character in a regular expression (a pair of escapes is one code point under the
 * `u` flag). Unchanged when a non-ASCII character follows a backslash (an escape of its own). The
 * source map's columns shift on the few lines changed (they hold such a regular expression).
 */
function asciiSource(code) {
  if (!/[^\x00-\x7f]/.test(code) || /\\[^\x00-\x7f]/.test(code)) return code;
  const escape = (unit) => `\\u${unit.toString(16).padStart(4, '0')}`;
  return code.replace(/[^\x00-\x7f]/g, (ch) => escape(ch.charCodeAt(0)));
}

/** Writes `data` to `file` atomically: concurrent builders never leave a half-written file. */
function writeAtomic(file, data) {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temp, data);
  fs.renameSync(temp, file);
}

/**
 * The build of one project: `root` (default: this project), its `entries` and the extra
 * `buildInputs` whose change calls for a rebuild; bundles go to `<root>/dist/cli/`.
 */
function cliBuild({ root = PROJECT_ROOT, entries = ENTRIES, buildInputs = BUILD_INPUTS } = {}) {
  const outDir = path.join(root, 'dist', 'cli');
  const manifestFile = path.join(outDir, 'manifest.json');

  const stamp = (relative) => {
    try {
      const s = fs.statSync(path.join(root, relative));
      return { file: relative, mtimeMs: s.mtimeMs, size: s.size };
    } catch {
      return undefined;
    }
  };

  const readRecord = (file) => {
    try {
      const record = JSON.parse(fs.readFileSync(file, 'utf8'));
      return record && record.format === FORMAT ? record : undefined;
    } catch {
      return undefined;
    }
  };
  const readManifest = () => readRecord(manifestFile);
  /**
   * The build record of bundle `name` (`<name>.build.json`): the stamps of the sources it was built
   * from, of the bundles it starts and of the build inputs. A command reads this small file, not the
   * whole manifest (a dozen entries for `workflows`, against ~450).
   */
  const recordFile = (name) => path.join(outDir, `${name}.build.json`);
  const inputsOf = (bundles, name) => new Set([...(bundles[name] || []), ...(STARTS[name] || []).flatMap((other) => bundles[other] || []), ...buildInputs]);

  /**
   * Whether every input recorded in the manifest is still exactly as it was built: the inputs of
   * bundle `name` and the build inputs when a name is given (a command checks only what its own
   * bundle holds: `workflows` stats a dozen files, not the ~450 of the whole CLI), else all of them.
   */
  const isFresh = (manifest, name) => {
    if (!manifest || !manifest.complete) return false;
    const wanted = name && manifest.bundles && manifest.bundles[name] ? inputsOf(manifest.bundles, name) : undefined;
    return manifest.inputs.every((input) => {
      if (wanted && !wanted.has(input.file)) return true;
      const now = stamp(input.file);
      return now !== undefined && now.mtimeMs === input.mtimeMs && now.size === input.size;
    });
  };

  /**
   * Bundles every entry and records its inputs. Returns the manifest. Throws when esbuild is not
   * installed or the sources do not compile (with esbuild's messages).
   */
  const build = ({ logLevel = 'silent' } = {}) => {
    const esbuild = require('esbuild');
    const startedAt = Date.now();
    const result = esbuild.buildSync({
      absWorkingDir: root,
      entryPoints: entries,
      bundle: true,
      external: EXTERNAL,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      outdir: outDir,
      // Whitespace and syntax only: names stay as written (error names are part of the CLI's behaviour).
      minifyWhitespace: true,
      minifySyntax: true,
      sourcemap: 'linked',
      sourcesContent: false,
      metafile: true,
      write: false,
      logLevel,
    });
    fs.mkdirSync(outDir, { recursive: true });
    for (const file of result.outputFiles) writeAtomic(file.path, file.path.endsWith('.js') ? asciiSource(file.text) : file.contents);
    const isSource = (f) => !f.includes('node_modules/');
    const sources = Object.keys(result.metafile.inputs).filter(isSource);
    // Each bundle's own sources, so that a command checks only those (see isFresh).
    const bundles = {};
    for (const [output, meta] of Object.entries(result.metafile.outputs)) {
      if (output.endsWith('.js')) bundles[path.basename(output, '.js')] = Object.keys(meta.inputs).filter(isSource).sort();
    }
    const files = [...new Set([...sources, ...buildInputs])].sort();
    const inputs = files.map(stamp).filter(Boolean);
    // A source saved while esbuild was reading it may not be in the bundle: leave the build stale.
    const finishedAt = Date.now();
    const complete = inputs.length === files.length && inputs.every((i) => i.mtimeMs < startedAt || i.mtimeMs > finishedAt);
    const builtAt = new Date().toISOString();
    const manifest = { format: FORMAT, builtAt, complete, inputs, bundles };
    for (const name of Object.keys(bundles)) {
      const wanted = inputsOf(bundles, name);
      writeAtomic(recordFile(name), JSON.stringify({ format: FORMAT, builtAt, complete, inputs: inputs.filter((i) => wanted.has(i.file)) }));
    }
    writeAtomic(manifestFile, `${JSON.stringify(manifest, null, 1)}\n`);
    // Which build this is, for a command and the host to tell whether they run the same (local/host/hostJob.ts).
    writeAtomic(path.join(outDir, 'build.json'), JSON.stringify({ format: FORMAT, builtAt, complete }));
    return manifest;
  };

  /**
   * The bundle to run for `name`, rebuilt first if any of its sources changed; undefined when no
   * up-to-date bundle can be had here (the caller then runs the TypeScript sources).
   */
  const bundleFor = (name) => {
    if (process.env.CASE_AUDIT_FROM_SOURCE === '1') return undefined;
    const bundle = path.join(outDir, `${name}.js`);
    if (isFresh(readRecord(recordFile(name))) && fs.existsSync(bundle)) return bundle;
    try {
      build();
    } catch {
      return undefined; // tsx will compile the sources and report any error in them
    }
    return isFresh(readRecord(recordFile(name))) && fs.existsSync(bundle) ? bundle : undefined;
  };

  return { outDir, build, bundleFor, isFresh, readManifest, recordFile };
}

const project = cliBuild();

module.exports = { cliBuild, ENTRIES, bundleFor: project.bundleFor, build: project.build };

if (require.main === module) {
  const started = Date.now();
  try {
    const manifest = project.build({ logLevel: 'warning' });
    const names = Object.keys(ENTRIES).map((n) => `dist/cli/${n}.js`).join(', ');
    process.stdout.write(`built ${names} from ${manifest.inputs.length} sources in ${Date.now() - started} ms\n`);
  } catch (e) {
    // A build failure must not fail `npm ci`: the CLI falls back to running the sources.
    process.stderr.write(`case-audit: precompiled build skipped (${e && e.code === 'MODULE_NOT_FOUND' ? 'esbuild is not installed' : 'the sources did not compile'}); the CLI will run the TypeScript sources\n`);
  }
}
