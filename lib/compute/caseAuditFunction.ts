import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode, LogLevel as EsbuildLogLevel } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { projectPath, projectRoot } from '../config/projectPaths';

/** The Lambda runtime of every function: the newest Node.js that CDK (and cdk-nag) know. */
export const FUNCTION_RUNTIME = lambda.Runtime.NODEJS_24_X;
export const FUNCTION_ARCHITECTURE = lambda.Architecture.ARM_64;

/**
 * Data the runtime reads from disk rather than from the bundle (see statuteDataFiles.ts: 2 MB of
 * JSON parses faster as JSON; the PDF report's TrueType fonts are binary files, found by path as
 * lambdas/agents/reporter/pdf/text/pdfFonts.ts does). Copied beside a bundle, at the same relative
 * path, whenever the bundled code names the file, so every function that needs them gets them,
 * whichever agent's code starts to. `files` are the names copied from the folder (shell globs, unquoted).
 */
const RUNTIME_DATA: readonly { folder: string; namedFile: string; files: readonly string[] }[] = [
  { folder: 'data/laws', namedFile: 'irpa.json', files: ['*.json'] },
  // The fonts and their licences (and the README naming each font's licence), which must travel with them.
  { folder: 'lambdas/agents/reporter/pdf/fonts', namedFile: 'DejaVuSansCondensed.ttf', files: ['*.ttf', 'LICENSE*', 'README.md'] },
];

/** Packages copied beside a bundle instead of bundled: they load files by path at run time. */
const COPIED_PACKAGES: Record<string, readonly string[]> = {
  // PDF.js is an ES module that the PDF reader also loads by path in worker threads.
  unpdf: ['package.json', 'dist/index.cjs', 'dist/pdfjs.mjs'],
};

/**
 * A second entry point bundled beside the handler, for code the handler starts by path (a worker
 * thread): built after the handler with the esbuild CLI from the project's node_modules, with the
 * handler's settings (CommonJS, Node 24, minified), into `<package>/<outfile>`.
 */
export interface WorkerEntry {
  /** The entry module, relative to the project root. */
  entry: string;
  /** The bundle's file name in the package, beside `index.js`. */
  outfile: string;
  /** Packages left out of the bundle: each must be one the function ships (`copiedPackages`). */
  external: readonly (keyof typeof COPIED_PACKAGES)[];
}

export interface CaseAuditFunctionProps {
  /** The handler module, relative to the project root (exports `handler`). */
  entry: string;
  /** The function's name after the stack name: `<stack>-<name>`. */
  name: string;
  description: string;
  memorySize: number;
  timeout: Duration;
  environment: Record<string, string>;
  logRetention: logs.RetentionDays;
  /** Bundle the AWS SDK instead of using the runtime's copy. */
  bundleAwsSdk: boolean;
  /** Packages shipped in node_modules beside the bundle (see COPIED_PACKAGES). */
  copiedPackages?: readonly (keyof typeof COPIED_PACKAGES)[];
  /** Worker-thread entry points bundled beside the handler. */
  workerEntries?: readonly WorkerEntry[];
  reservedConcurrency?: number;
}

export class WorkerPackageNotShipped extends Error {
  override readonly name = 'WorkerPackageNotShipped';
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * One Lambda function of Case Audit: esbuild bundle (minified, tree-shaken, source maps, no Docker),
 * arm64 on the newest Node.js runtime, X-Ray tracing, its own log group with a retention, and its own
 * role that starts with nothing but writing to that log group. Callers add exactly what it needs.
 */
export class CaseAuditFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  readonly functionName: string;
  /** The shell commands run after esbuild bundled the handler into `outputDir` (exposed for tests: unit synth skips bundling). */
  readonly afterBundlingCommands: (inputDir: string, outputDir: string) => string[];

  constructor(scope: Construct, id: string, props: CaseAuditFunctionProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.functionName = `${stack.stackName}-${props.name}`;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${this.functionName}`,
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Case Audit ${props.name}: least privilege for ${props.description}`,
    });
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [this.logGroup.logGroupArn] }),
    );

    for (const worker of props.workerEntries ?? []) {
      const missing = worker.external.filter((pkg) => !(props.copiedPackages ?? []).includes(pkg));
      if (missing.length) {
        throw new WorkerPackageNotShipped(`${props.name}: the worker ${worker.entry} leaves out ${missing.join(', ')}, which the function does not ship (add it to copiedPackages)`);
      }
    }
    this.afterBundlingCommands = (inputDir, outputDir) => afterBundling(props, inputDir, outputDir);

    this.fn = new NodejsFunction(this, 'Function', {
      functionName: this.functionName,
      description: props.description,
      entry: projectPath(props.entry),
      handler: 'handler',
      projectRoot: projectRoot(),
      depsLockFilePath: projectPath('package-lock.json'),
      runtime: FUNCTION_RUNTIME,
      architecture: FUNCTION_ARCHITECTURE,
      memorySize: props.memorySize,
      timeout: props.timeout,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      tracing: lambda.Tracing.ACTIVE,
      ...(props.reservedConcurrency !== undefined ? { reservedConcurrentExecutions: props.reservedConcurrency } : {}),
      environment: {
        POWERTOOLS_SERVICE_NAME: 'case-audit',
        POWERTOOLS_METRICS_NAMESPACE: 'CaseAudit',
        POWERTOOLS_LOG_LEVEL: 'INFO',
        // Stack traces in the logs point at the TypeScript sources (the bundles ship linked source maps).
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
      bundling: {
        minify: true,
        sourceMap: true,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: false,
        format: OutputFormat.CJS,
        target: 'node24',
        externalModules: [...(props.bundleAwsSdk ? [] : ['@aws-sdk/*']), ...(props.copiedPackages ?? [])],
        forceDockerBundling: false,
        logLevel: EsbuildLogLevel.ERROR,
        // UTF-8 output keeps non-ASCII text (zod's messages, French statute terms) as is instead of
        // \u escapes: about 7% smaller. (Passed as an argument: this CDK version ignores `charset`.)
        esbuildArgs: { '--charset': 'utf8' },
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: this.afterBundlingCommands,
        },
      },
    });
  }
}

/**
 * What completes a package after esbuild bundled the handler: the copied packages, the runtime data
 * the handler names, and the worker bundles. CDK runs them one after the other and stops at the first
 * that fails, so a worker that does not build fails the synth instead of shipping a package whose
 * worker pool would be silently off.
 */
function afterBundling(props: CaseAuditFunctionProps, inputDir: string, outputDir: string): string[] {
  const commands: string[] = [];
  for (const pkg of props.copiedPackages ?? []) {
    for (const file of COPIED_PACKAGES[pkg]) {
      const target = `${outputDir}/node_modules/${pkg}/${file}`;
      commands.push(`mkdir -p ${shellQuote(target.slice(0, target.lastIndexOf('/')))}`, `cp ${shellQuote(`${inputDir}/node_modules/${pkg}/${file}`)} ${shellQuote(target)}`);
    }
  }
  for (const { folder, namedFile, files } of RUNTIME_DATA) {
    // Only the data files: a folder's build scripts stay out of the package.
    const target = shellQuote(`${outputDir}/${folder}`);
    const sources = files.map((f) => `${shellQuote(`${inputDir}/${folder}`)}/${f}`).join(' ');
    commands.push(
      `if grep -q ${shellQuote(namedFile)} ${shellQuote(`${outputDir}/index.js`)}; then mkdir -p ${target} && cp ${sources} ${target}/; fi`,
    );
  }
  for (const worker of props.workerEntries ?? []) commands.push(workerBuildCommand(worker, inputDir, outputDir));
  return commands;
}

/** The esbuild CLI command that bundles one worker entry beside the handler, as the handler is bundled. */
export function workerBuildCommand(worker: WorkerEntry, inputDir: string, outputDir: string): string {
  return [
    shellQuote(`${inputDir}/node_modules/.bin/esbuild`),
    shellQuote(`${inputDir}/${worker.entry}`),
    '--bundle',
    '--platform=node',
    '--format=cjs',
    '--target=node24',
    '--minify',
    '--charset=utf8',
    '--log-level=error',
    ...worker.external.map((pkg) => `--external:${pkg}`),
    `--outfile=${shellQuote(`${outputDir}/${worker.outfile}`)}`,
  ].join(' ');
}
