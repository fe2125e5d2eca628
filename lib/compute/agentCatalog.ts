import type { AgentName } from '../../workflows/schema';
import { CASE_DOCUMENTS, type ObjectAccess } from '../storage/s3Access';
import type { WorkerEntry } from './caseAuditFunction';

/**
 * Every function a state machine Task invokes, keyed as in the committed ASL (`${IntakeFunctionArn}`),
 * with what it needs and nothing more. The session store reads and writes one item per call
 * (GetItem/PutItem); only the Reporter lists the transparency log (Query). Every agent reads and
 * writes its audit's working objects under `sessions/`; Intake alone reads the case's documents (by
 * pinned version), and the Reporter alone writes reports. No agent lists the bucket: each may list
 * only the key names it reads, so that a missing object reads as absent (see ObjectAccess.list).
 */
export interface AgentFunctionSpec {
  /** The function key in the ASL placeholders. */
  key: string;
  agent: AgentName | 'recordFailure' | 'review';
  entry: string;
  description: string;
  memorySize: number;
  /** Seconds; the ASL Task's own timeout is the same or shorter. */
  timeoutSeconds: number;
  dynamodb: readonly ('dynamodb:GetItem' | 'dynamodb:PutItem' | 'dynamodb:Query')[];
  s3: ObjectAccess;
  /** DESIGN §3: every agent has a model layer (Bedrock), used when an audit asks for `model: bedrock`. */
  bedrock: boolean;
  /** The Detective may search a Bedrock Knowledge Base. */
  knowledgeBase: boolean;
  /** Reads the CanLII API key from Secrets Manager when the deployment names its secret (the Verifier looks citations up on CanLII). */
  canliiApiKey?: boolean;
  copiedPackages?: readonly 'unpdf'[];
  /** Worker-thread entry points bundled beside the handler (see WorkerEntry). */
  workerEntries?: readonly WorkerEntry[];
}

/**
 * The PDF reader's worker threads (lambdas/agents/intake/documents/pdfWorkerPool.ts): the pool starts the
 * `pdfPageWorker.js` it finds beside the handler's `index.js`, and is silently off without it. PDF.js
 * stays out of the worker's bundle: each thread loads unpdf from the node_modules copied beside it.
 */
export const PDF_PAGE_WORKER: WorkerEntry = {
  entry: 'lambdas/agents/intake/documents/pdf/pdfPageWorker.ts',
  outfile: 'pdfPageWorker.js',
  external: ['unpdf'],
};

const SESSION_ITEM = ['dynamodb:GetItem', 'dynamodb:PutItem'] as const;
const WORKING_OBJECTS: ObjectAccess = { read: ['sessions/'], write: ['sessions/'], list: ['sessions/*'] };

export const AGENT_FUNCTIONS: readonly AgentFunctionSpec[] = [
  {
    key: 'Intake',
    agent: 'intake',
    entry: 'lambdas/agents/intake/handler.ts',
    description: 'Intake agent: extracts, classifies and profiles the pinned documents',
    memorySize: 2048,
    timeoutSeconds: 900,
    dynamodb: SESSION_ITEM,
    s3: { read: ['cases/', 'sessions/'], readVersions: ['cases/'], write: ['sessions/'], list: [CASE_DOCUMENTS, 'sessions/*'] },
    bedrock: true,
    knowledgeBase: false,
    copiedPackages: ['unpdf'],
    workerEntries: [PDF_PAGE_WORKER],
  },
  {
    key: 'Detective',
    agent: 'detective',
    entry: 'lambdas/agents/detective/handler.ts',
    description: 'Detective agent: researches case law and statute for the issues',
    memorySize: 1024,
    timeoutSeconds: 300,
    dynamodb: SESSION_ITEM,
    s3: WORKING_OBJECTS,
    bedrock: true,
    knowledgeBase: true,
  },
  {
    key: 'Strategist',
    agent: 'strategist',
    entry: 'lambdas/agents/strategist/handler.ts',
    description: 'Strategist agent: Defensibility Score, strengths, weaknesses, evidence plan',
    memorySize: 1024,
    timeoutSeconds: 300,
    dynamodb: SESSION_ITEM,
    s3: WORKING_OBJECTS,
    bedrock: true,
    knowledgeBase: false,
  },
  {
    key: 'Gatekeeper',
    agent: 'gatekeeper',
    entry: 'lambdas/agents/gatekeeper/handler.ts',
    description: 'Gatekeeper agent: refusal triggers, compliance, checklist, consistency, injection',
    memorySize: 1024,
    timeoutSeconds: 300,
    dynamodb: SESSION_ITEM,
    s3: WORKING_OBJECTS,
    bedrock: true,
    knowledgeBase: false,
  },
  {
    key: 'Verifier',
    agent: 'verifier',
    entry: 'lambdas/agents/verifier/handler.ts',
    description: 'Verifier agent: checks every citation against the index and the statutes',
    memorySize: 1024,
    timeoutSeconds: 300,
    dynamodb: SESSION_ITEM,
    s3: WORKING_OBJECTS,
    bedrock: true,
    knowledgeBase: false,
    canliiApiKey: true,
  },
  {
    key: 'Judge',
    agent: 'judge',
    entry: 'lambdas/agents/judge/handler.ts',
    description: 'Judge agent: the verdict from the decision tables',
    memorySize: 512,
    timeoutSeconds: 300,
    dynamodb: SESSION_ITEM,
    s3: WORKING_OBJECTS,
    bedrock: true,
    knowledgeBase: false,
  },
  {
    key: 'Reporter',
    agent: 'reporter',
    entry: 'lambdas/agents/reporter/handler.ts',
    description: 'Reporter agent: renders the report and the bundle',
    memorySize: 1024,
    timeoutSeconds: 300,
    dynamodb: [...SESSION_ITEM, 'dynamodb:Query'],
    s3: { read: ['sessions/', 'reports/'], write: ['sessions/', 'reports/'], list: ['sessions/*', 'reports/*'] },
    bedrock: true,
    knowledgeBase: false,
  },
  {
    // The review step (issue 33): checks the tier's review policy, stores the task token of the
    // waitForTaskToken Task on the session, marks an expired review. Reads the judge's and the
    // gatekeeper's outputs (spilled ones from sessions/); never calls a model.
    key: 'Review',
    agent: 'review',
    entry: 'lambdas/review/handler.ts',
    description: 'Review step: holds an audit for a reviewer by task token',
    memorySize: 256,
    timeoutSeconds: 60,
    dynamodb: SESSION_ITEM,
    s3: { read: ['sessions/'], write: [], list: ['sessions/*'] },
    bedrock: false,
    knowledgeBase: false,
  },
  {
    key: 'RecordFailure',
    agent: 'recordFailure',
    entry: 'lambdas/recordFailure/handler.ts',
    description: 'Records a failed audit on its session',
    memorySize: 256,
    timeoutSeconds: 60,
    dynamodb: SESSION_ITEM,
    s3: WORKING_OBJECTS,
    bedrock: false,
    knowledgeBase: false,
  },
];
