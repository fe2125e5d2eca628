import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalRuntime, type LocalRuntime } from '../../../local/localRuntime';
import { watchUploads, type UploadWatcher } from '../../../local/serve/uploadWatcher';
import { processUploadMessages } from '../../../lambdas/trigger/processUploadMessages';
import { summarizeAudit } from '../../../lambdas/core/audit/auditSummary';
import { loadManifest } from '../../../lambdas/core/audit/documentManifest';
import type { UploadStartDeps, UploadStartOutcome } from '../../../lambdas/core/audit/uploadStart';
import { UploadStartRecords, uploadIdOf } from '../../../lambdas/core/audit/uploadStartRecords';
import { auditRequestKey, documentsPrefix } from '../../../lambdas/core/storage/objectKeys';
import { objectCreatedEvent, sqsBatch, uploadDocuments, STUDY_PERMIT_DOCUMENTS } from '../trigger/caseUpload';

/**
 * Bad input on the trigger side: audit.json objects in the wrong place or with unusable content,
 * and documents with awkward keys, through both upload triggers — the start-audit Lambda's
 * message processing (S3 → EventBridge → SQS → processUploadMessages, as in AWS) and the bucket
 * watcher of `case-audit serve` — on the real local emulators.
 */

/** The owner whose uploads both triggers act on (`case-audit serve` has one local user). */
const OWNER = 'local';
const OTHER = 'bob';
/** Document text that must never reach a log. */
const SECRET_LINE = 'Passport number: P7719334 of Ngozi Adeyemi-Fairweather, born 1991-11-08';
const DOCUMENTS: Record<string, Uint8Array> = { ...STUDY_PERMIT_DOCUMENTS, 'passport.txt': new TextEncoder().encode(`PASSPORT BIO PAGE\n${SECRET_LINE}\n`) };

const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

interface LogRecord {
  level: string;
  message: string;
  [attribute: string]: unknown;
}

/** One of the two upload triggers, on its own runtime. */
interface TriggerPath {
  rt: LocalRuntime;
  records: UploadStartRecords;
  /** Structured log records the trigger wrote (the Lambda's logger; serve's watcher reports outcomes instead). */
  logs: LogRecord[];
  /** Lets the trigger see the object at `key` (as its event, or by listing the bucket); what it did with it, if anything. */
  fire(key: string): Promise<UploadStartOutcome | { outcome: 'failed'; error: string } | undefined>;
  /** Where the outcome of an upload is kept for the user to look up, when the path keeps one. */
  startRecordOf?(key: string): ReturnType<UploadStartRecords['get']>;
  stop(): Promise<void>;
}

async function openRuntime(dataFolder?: string): Promise<{ rt: LocalRuntime; deps: UploadStartDeps; records: UploadStartRecords }> {
  const rt = await startLocalRuntime(dataFolder ? { dataFolder, host: 'in-process' } : { persist: false });
  const records = new UploadStartRecords(rt.emulators.clients.ddb, rt.emulators.tableName);
  const deps: UploadStartDeps = { store: rt.emulators.store, blobs: rt.emulators.blobs, starter: rt, records, defaults: {}, claimLeaseMs: 60_000 };
  return { rt, deps, records };
}

/** The start-audit Lambda's path: each upload arrives as an SQS message carrying S3's Object Created event. */
async function lambdaPath(): Promise<TriggerPath> {
  const { rt, deps, records } = await openRuntime();
  const logs: LogRecord[] = [];
  const record = (level: string) => (message: unknown, ...attributes: unknown[]) => {
    logs.push(Object.assign({ level, message: String(message) }, ...attributes.filter((a) => typeof a === 'object')));
  };
  const log = { info: record('INFO'), warn: record('WARN'), error: record('ERROR') };
  const sequencers = new Map<string, string>();
  return {
    rt,
    records,
    logs,
    async fire(key) {
      // A key fired again is the same upload delivered again.
      const sequencer = sequencers.get(key) ?? `00${(sequencers.size + 1).toString(16).padStart(14, '0')}`;
      sequencers.set(key, sequencer);
      // S3 URL-encodes keys in its events (a space as "+").
      const eventKey = encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+');
      const result = await processUploadMessages(deps, sqsBatch(objectCreatedEvent(rt.emulators.bucket, eventKey, { sequencer })), log);
      return result.processed[0].result;
    },
    startRecordOf: (key) => records.get(uploadIdOf({ bucket: rt.emulators.bucket, key, sequencer: sequencers.get(key)! })),
    stop: () => rt.stop(),
  };
}

/** `case-audit serve`'s path: the data folder's host journals every audit.json write, and each goes through the same start. */
async function servePath(): Promise<TriggerPath> {
  const dataFolder = await mkdtemp(join(tmpdir(), 'case-audit-uploads-'));
  const { rt, deps, records } = await openRuntime(dataFolder);
  const outcomes = new Map<string, UploadStartOutcome>();
  const errors: Error[] = [];
  const watcher: UploadWatcher = watchUploads({
    dataFolder,
    bucket: rt.emulators.bucket,
    owner: OWNER,
    deps,
    intervalMs: 3_600_000, // scanned by the test, not by the timer
    onOutcome: (key, outcome) => outcomes.set(key, outcome),
    onError: (error) => errors.push(error),
  });
  return {
    rt,
    records,
    logs: [],
    async fire(key) {
      await watcher.scan();
      expect(errors).toEqual([]);
      return outcomes.get(key);
    },
    async stop() {
      await watcher.stop();
      await rt.stop();
      await rm(dataFolder, { recursive: true, force: true });
    },
  };
}

const putRequest = async (rt: LocalRuntime, key: string, body: string | Uint8Array) => {
  await rt.emulators.blobs.put(key, body, 'application/json');
  return key;
};

describe.each([
  ['the start-audit Lambda (S3 → EventBridge → SQS)', 'lambda', lambdaPath],
  ['case-audit serve (the bucket watcher)', 'serve', servePath],
] as const)('bad input through the upload trigger of %s', (_title, path, open) => {
  let t: TriggerPath;
  let cases = 0;
  /** A fresh case of the owner with its documents uploaded. */
  const newCase = async (owner = OWNER) => {
    const caseId = `case-${++cases}`;
    await uploadDocuments(t.rt.emulators.blobs, owner, caseId, DOCUMENTS);
    return caseId;
  };
  const allSessions = async () => [...(await t.rt.emulators.store.listByOwner(OWNER)), ...(await t.rt.emulators.store.listByOwner(OTHER))];

  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t.stop();
  });

  /** Nothing written by the trigger carries document text, the request's own values or a case's name. */
  const expectNothingPersonalLogged = (...alsoAbsent: string[]) => {
    const text = t.logs.map((r) => JSON.stringify(r)).join('\n');
    for (const secret of [SECRET_LINE, 'P7719334', 'Adeyemi', 'Ngozi', 'Mensah', ...alsoAbsent]) expect(text).not.toContain(secret);
  };

  describe('an audit.json outside any owner’s case folder', () => {
    it('starts nothing, and says why without quoting the key', async () => {
      const caseId = await newCase();
      const body = JSON.stringify({ workflowType: 'document-list' });
      const misplaced = [
        'cases/audit.json',
        `cases/${OWNER}/audit.json`,
        `cases/${OWNER}/${caseId}/documents/audit.json`, // uploaded with the documents by mistake
        `cases/${OWNER}/${caseId}/drafts/audit.json`,
        `cases/${OWNER}/Ngozi Adeyemi-Fairweather/audit.json`, // a case folder named after the client, not a valid caseId
      ];
      const outsideCases = [`uploads/${OWNER}/${caseId}/audit.json`, 'audit.json'];
      for (const key of [...misplaced, ...outsideCases]) await putRequest(t.rt, key, body);

      const logsBefore = t.logs.length;
      const outcomes = await Promise.all([...misplaced, ...outsideCases].map((key) => t.fire(key)));
      const byKey = Object.fromEntries([...misplaced, ...outsideCases].map((key, i) => [key, outcomes[i]]));

      for (const key of misplaced.slice(0, 4)) {
        expect(byKey[key]).toEqual({ outcome: 'ignored', reason: expect.stringMatching(/not an audit request key \(cases\/<owner>\/<caseId>\/audit\.json\)/) });
      }
      expect(byKey[misplaced[4]]).toEqual({ outcome: 'ignored', reason: expect.stringMatching(/caseId .* may use letters, digits/) });
      if (path === 'lambda') {
        // The Lambda receives whatever the rule delivers and ignores all of it, logging why.
        for (const key of outsideCases) expect(byKey[key]).toMatchObject({ outcome: 'ignored' });
        const logged = t.logs.slice(logsBefore);
        expect(logged).toHaveLength(misplaced.length + outsideCases.length);
        expect(logged.every((r) => r.message === 'upload event ignored')).toBe(true);
        expect(logged.map((r) => r.reason)).toContain("caseId '…' may use letters, digits, '.', '_', '@' and '-' only (at most 128 characters)");
        expectNothingPersonalLogged(caseId);
      } else {
        // The host journals writes under cases/ only (the AWS rule delivers cases/*/*/audit.json only).
        for (const key of outsideCases) expect(byKey[key]).toBeUndefined();
      }
      expect(await allSessions()).toEqual([]);
    });
  });

  describe('an audit.json under another owner’s prefix, or naming another case', () => {
    it('never starts an audit of the named case, and never takes the owner from the file', async () => {
      const mine = await newCase();
      const theirs = await newCase(OTHER);
      const elsewhere = await newCase();
      const notes = await newCase();

      // The other owner's folder, asking for my case.
      const foreign = await putRequest(t.rt, auditRequestKey(OTHER, theirs), JSON.stringify({ caseId: mine, workflowType: 'document-list' }));
      // My folder, naming another of my cases.
      const misnamed = await putRequest(t.rt, auditRequestKey(OWNER, elsewhere), JSON.stringify({ caseId: mine, workflowType: 'document-list' }));
      // My folder, claiming another owner.
      const claimed = await putRequest(t.rt, auditRequestKey(OWNER, notes), JSON.stringify({ owner: OTHER, workflowType: 'document-list' }));

      const caseMismatch = expect.stringContaining('invalid audit.json: caseId must be the name of the case folder the file is in (or be left out)');
      const [a, b, c] = [await t.fire(foreign), await t.fire(misnamed), await t.fire(claimed)];
      if (path === 'lambda') {
        expect(a).toEqual({ outcome: 'rejected', auditId: expect.any(String), reason: caseMismatch });
      } else {
        expect(a).toEqual({ outcome: 'ignored', reason: `outside the local user's prefix cases/${OWNER}/` });
      }
      expect(b).toEqual({ outcome: 'rejected', auditId: expect.any(String), reason: caseMismatch });
      expect(c).toEqual({ outcome: 'rejected', auditId: expect.any(String), reason: 'invalid audit.json: unknown key "owner"' });
      expect(await allSessions()).toEqual([]);
      if (path === 'lambda') {
        expect(await t.startRecordOf!(foreign)).toMatchObject({ state: 'REJECTED', owner: OTHER, caseId: theirs, reason: caseMismatch });
        expect(t.logs.filter((r) => r.message === 'audit request rejected').length).toBeGreaterThanOrEqual(3);
        expectNothingPersonalLogged(mine, theirs, elsewhere, notes);
      }
    });
  });

  describe('an audit.json that cannot be used', () => {
    const cases: Array<[string, string | Uint8Array, RegExp]> = [
      ['an extra unknown key', '{"workflowType": "document-list", "tier": "pro", "priority": "urgent"}', /^invalid audit\.json: unknown key "priority"$/],
      ['a misspelt key', '{"workflowType": "document-list", "teir": "pro"}', /^invalid audit\.json: unknown key "teir" \(did you mean "tier"\?\)$/],
      ['no workflowType', '{"tier": "pro"}', /^invalid audit\.json: workflowType is missing: set it in audit\.json$/],
      ['tier: 3', '{"workflowType": "document-list", "tier": 3}', /^invalid audit\.json: tier must be one of guest, pro, ultra$/],
      ['workflowType: null', '{"workflowType": null}', /^invalid audit\.json: workflowType must be one of risk-audit, .*document-list/],
      ['model: true and gateMode: ["live"]', '{"workflowType": "document-list", "model": true, "gateMode": ["live"]}', /^invalid audit\.json: model must be one of none, bedrock; gateMode must be one of live, demo$/],
      ['a trailing comma', '{\n  "workflowType": "document-list",\n}', /^invalid audit\.json: not valid JSON at line 3, column 1: expected a key after ","; remove the comma before "}"$/],
      ['a value without quotes', '{"workflowType": document-list}', /^invalid audit\.json: not valid JSON at line 1, column 18: expected a value, found "document" \(text values need double quotes\)$/],
      ['a client’s name without quotes', '{"workflowType": "document-list", "caseId": Adeyemi-Fairweather}', /^invalid audit\.json: not valid JSON at line 1, column 45: expected a value, found "Adeyemi" \(text values need double quotes\)$/],
      ['an empty file', '', /^invalid audit\.json: not valid JSON: the text is empty$/],
      ['a JSON array', '[{"workflowType": "document-list"}]', /^invalid audit\.json: expected a JSON object like .*, found an array$/],
      ['a key given twice', '{"workflowType": "document-list", "tier": "pro", "tier": "ultra"}', /^invalid audit\.json: key "tier" appears more than once$/],
      ['invalid UTF-8 inside a value', bytes('{"workflowType": "document-list", "tier": "pro', [0xff], '"}'), /^invalid audit\.json: tier must be one of guest, pro, ultra$/],
      ['a Latin-1 key', bytes('{"workflowType": "document-list", "ti', [0xe9], 'r": "pro"}'), /^invalid audit\.json: unknown key "ti\uFFFDr" \(did you mean "tier"\?\)$/],
      ['an invalid UTF-8 byte between tokens', bytes('{', [0xc0, 0xaf], '"workflowType": "document-list"}'), /^invalid audit\.json: not valid JSON at line 1, column 2: expected a key in double quotes$/],
      ['UTF-16 text (a Windows "Unicode" save)', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"workflowType": "document-list"}', 'utf16le')]), /^invalid audit\.json: not valid JSON at line 1, column 1: /],
    ];

    it.each(cases)('with %s starts nothing, and records a reason naming the problem', async (_label, body, reason) => {
      const caseId = await newCase();
      const key = await putRequest(t.rt, auditRequestKey(OWNER, caseId), body);
      const logsBefore = t.logs.length;

      const outcome = await t.fire(key);
      expect(outcome).toEqual({ outcome: 'rejected', auditId: expect.any(String), reason: expect.stringMatching(reason) });
      expect(await allSessions()).toEqual([]);
      // Seen again (a redelivered event, the next scan), it is not retried.
      expect(await t.fire(key)).toEqual(path === 'lambda' ? { outcome: 'duplicate', auditId: (outcome as { auditId: string }).auditId, state: 'REJECTED' } : outcome);
      if (path === 'lambda') {
        expect(await t.startRecordOf!(key)).toMatchObject({ state: 'REJECTED', reason: (outcome as { reason: string }).reason });
        expect(t.logs.slice(logsBefore).map((r) => [r.level, r.message])).toEqual([
          ['WARN', 'audit request rejected'],
          ['INFO', 'duplicate upload event: the audit was already started'],
        ]);
        expectNothingPersonalLogged(caseId);
      }
    });

    it('with a UTF-8 byte-order mark is read as if it had none', async () => {
      const caseId = await newCase();
      const key = await putRequest(t.rt, auditRequestKey(OWNER, caseId), bytes([0xef, 0xbb, 0xbf], JSON.stringify({ caseId, workflowType: 'client-guidance', tier: 'ultra' })));
      const outcome = await t.fire(key);
      expect(outcome).toMatchObject({ outcome: 'started' });
      const { auditId } = outcome as { auditId: string };
      expect(await t.rt.emulators.store.get(auditId)).toMatchObject({ owner: OWNER, caseId, workflowType: 'client-guidance', tier: 'ultra' });
      expect((await t.rt.wait(auditId)).status).toBe('SUCCEEDED');
      if (path === 'lambda') expectNothingPersonalLogged(caseId);
    });
  });

  describe('documents with awkward keys under the case prefix', () => {
    it('pins and reads every document the bucket holds under documents/, whatever its name, and loses none', async () => {
      const caseId = await newCase();
      const prefix = documentsPrefix(OWNER, caseId);
      const letter = (n: number) => `LETTER OF SUPPORT ${n}\nI confirm that I will host the applicant during the visit.\n`;
      const awkward = [
        'with space.txt',
        'Études/relevé bancaire.txt', // composed (NFC)
        'Etudes/rele\u0301ve\u0301 2.txt', // decomposed (NFD)
        '学习计划 2025.txt',
        'a+b=c.txt',
        '100% final.txt',
        'q?x=1&y#2.txt',
        'notes..final.txt',
        `${'L'.repeat(196)}.txt`, // 200 bytes: near the longest file name the local emulator can store
        `${Array.from({ length: 6 }, (_, i) => `${i}`.repeat(150)).join('/')}.txt`, // a 900-character key
      ];
      for (const [i, name] of awkward.entries()) await t.rt.emulators.blobs.put(`${prefix}${name}`, letter(i));
      // A folder marker as S3 consoles and GUIs create one: not a document.
      await t.rt.emulators.blobs.put(`${prefix}empty folder/`, new Uint8Array());
      // Keys that climb out with "..": AWS S3 keeps them literally; the local emulator stores objects
      // as files, so it refuses them (local/s3Emulator.ts) rather than write outside the case folder.
      await expect(t.rt.emulators.blobs.put(`${prefix}sub/../moved.txt`, letter(100))).rejects.toMatchObject({ name: 'InvalidArgument' });
      await expect(t.rt.emulators.blobs.put(`${prefix}../outside.txt`, letter(101))).rejects.toMatchObject({ name: 'InvalidArgument' });

      const held = (await t.rt.emulators.blobs.list(prefix)).map((o) => o.key.slice(prefix.length)).filter((name) => !name.endsWith('/'));
      expect(held).toEqual(expect.arrayContaining([...awkward, ...Object.keys(DOCUMENTS)]));

      const outcome = await t.fire(await putRequest(t.rt, auditRequestKey(OWNER, caseId), JSON.stringify({ workflowType: 'document-list' })));
      expect(outcome).toMatchObject({ outcome: 'started' });
      const { auditId } = outcome as { auditId: string };
      expect((await t.rt.wait(auditId)).status).toBe('SUCCEEDED');

      const session = await t.rt.emulators.store.get(auditId);
      const manifest = await loadManifest(t.rt.emulators.blobs, auditId, session.manifest);
      expect(manifest.documents.map((d) => d.docId).sort()).toEqual([...held].sort());
      expect(manifest.documents.every((d) => d.key === `${prefix}${d.docId}`)).toBe(true);
      expect(manifest.documents.some((d) => d.docId.split('/').includes('..') || d.docId.endsWith('outside.txt'))).toBe(false);

      const summary = await summarizeAudit(t.rt.emulators.store, session);
      expect(summary.documents.map((d) => d.name).sort()).toEqual([...held].sort());
      expect(summary.documents.filter((d) => d.status !== 'ok')).toEqual([]);
      if (path === 'lambda') expectNothingPersonalLogged();
    });
  });
});
