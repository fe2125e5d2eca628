import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeBedrock, type FakeModelServer } from '../integration/model/fakeModelServers';
import { wellBehaved } from '../integration/model/modelAuditFixtures';
import { CLI, ROOT, startCli, workFolder, type CliResult } from './support/cliHarness';

jest.setTimeout(180_000);

/**
 * A full risk audit of the spousal-sponsorship example through the CLI, rules only and with the
 * model layer (a fake Amazon Bedrock), with the most verbose logging: neither the CLI's log lines
 * on stderr nor the background host's log in the data folder (<home>/host.log, see
 * local/dataFolder/daemonProcess.ts) may carry anything personal from the case's documents.
 */
const EXAMPLE = join(ROOT, 'examples/spousal-sponsorship-risk-audit');
const SOURCES = join(ROOT, 'examples/_sources/spousal-sponsorship-risk-audit');
const CASE_ID = 'spousal-ketteridge-catapang'; // the example's audit.json: the user's own label for the case

// ---------------------------------------------------------------------------------------------
// The personal data of each fixture, extracted field by field from that fixture's own layout.
// Every pattern must find exactly the number of values it expects, so a changed fixture fails
// here instead of leaving the scan with less to look for.

const read = (file: string) => readFileSync(file, 'utf8');
const documentText = (name: string) => read(join(EXAMPLE, name));
/** The two PDFs are rendered from these text sources (examples/build-examples.ts). */
const pdfText = (name: string) => read(join(SOURCES, `${name}.txt`));

function take(text: string, pattern: RegExp, expected: number, where: string): string[] {
  const values = [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))].flatMap((m) => m.slice(1).filter((v): v is string => v !== undefined)).map((v) => v.trim());
  if (values.length !== expected) throw new Error(`${where}: ${pattern} found ${values.length} values, expected ${expected}: ${JSON.stringify(values)}`);
  return values;
}

const PERSONAL_DATA: Record<string, string[]> = {
  'imm1344-sponsorship-application.txt': (() => {
    const t = documentText('imm1344-sponsorship-application.txt');
    const w = 'IMM 1344';
    return [
      ...take(t, /Family name: (.+)/, 2, w),
      ...take(t, /Given name\(s\): (.+)/, 2, w),
      ...take(t, /Date of birth: (.+)/, 2, w),
      ...take(t, /Date of marriage: (.+)/, 1, w),
      ...take(t, /Spouse: (.+)/, 1, w),
      ...take(t, /Place of birth: (.+)/, 1, w),
      ...take(t, /Residential address: (.+)/, 1, w),
      ...take(t, /Telephone: (.+)/, 1, w),
      ...take(t, /E-mail: (.+)/, 1, w),
      ...take(t, /\[signed electronically\] (.+?)\s{2,}Date/, 2, w),
    ];
  })(),
  'imm5532-relationship-information.txt': (() => {
    const t = documentText('imm5532-relationship-information.txt');
    const w = 'IMM 5532';
    return [
      ...take(t, /(?:Sponsor|Principal applicant): (.+?)\s+Date of birth: (\S+)/, 4, w),
      ...take(t, /mother \((.+?)\) and his\s+best friend \((.+?)\)/, 2, w),
      ...take(t, /Rowena's sister (\w+)/, 1, w),
      ...take(t, /live with Daniel at (.+?),\s*\n\s*(Calgary)/, 2, w).slice(0, 1),
      ...take(t, /first started talking on (\S+) through/, 1, w),
    ];
  })(),
  'imm5669-schedule-a-background-declaration.txt': (() => {
    const t = documentText('imm5669-schedule-a-background-declaration.txt');
    const w = 'IMM 5669';
    return [
      ...take(t, /Family name: (.+)/, 1, w),
      ...take(t, /Given name\(s\): (.+)/, 1, w),
      ...take(t, /Date of birth: (.+)/, 1, w),
      ...take(t, /(?:Father|Mother): (.+?) \(born (\S+), (.+?)\)/, 6, w),
      ...take(t, /\d{4}-\d{2} to (?:present|\d{4}-\d{2})\s+(Lot 12, Block 4, .+?|45 Don Jose Avila Street, .+?),?\n/, 2, w),
      ...take(t, /^\s+(Mandaue City, Cebu 6014), Philippines$/m, 1, w),
    ];
  })(),
  'communication-records-chat-excerpt.txt': (() => {
    const t = documentText('communication-records-chat-excerpt.txt');
    return take(t, /between (.+?) \((\+[\d ]+)\) and (.+?) \((\+[\d ]+)\)/, 4, 'chat log');
  })(),
  'remittance-and-joint-account-records.txt': (() => {
    const t = documentText('remittance-and-joint-account-records.txt');
    const w = 'remittances';
    return [
      ...take(t, /Sponsor: (.+?)\s+\|\s+Applicant: (.+)/, 2, w),
      ...take(t, /Recipient: (.+?), bank deposit to (account ending \d+)/, 2, w),
      ...take(t, /account no\. (\S+)/, 1, w),
      ...take(t, /Owners: (.+?) and (.+?) \(/, 2, w),
      ...take(t, /^\d{4}-\d{2}-\d{2}\s+(NWR-\d{4}-\d{4})/m, 23, w),
    ];
  })(),
  'submission-letter-consultant.md': (() => {
    const t = documentText('submission-letter-consultant.md');
    const w = 'submission letter';
    return [
      ...take(t, /\*\*(?:Sponsor|Principal applicant):\*\* (.+?) \(.+?\), born (\S+)/, 4, w),
      ...take(t, /\*\*Representative:\*\* (.+?), RCIC, College ID (\S+)/, 2, w),
      ...take(t, /\*\*Our file:\*\* (\S+)/, 1, w),
      ...take(t, /^(Suite 310, .+)$/m, 1, w),
      ...take(t, /Tel\. (\+[\d ]+?)\s+\|\s+(\S+@\S+)/, 2, w),
      ...take(t, /Registry No\. (\S+) \(/, 1, w),
    ];
  })(),
  'wedding-photos-index.md': (() => {
    const t = documentText('wedding-photos-index.md');
    const w = 'photo index';
    return [
      ...take(t, /\*\*Sponsor:\*\* (.+?)\s+\|\s+\*\*Applicant:\*\* (.+)/, 2, w),
      // The "Who appears" column of the sixteen photographs.
      ...take(t, /^\| D-\d+ \| [^|]+ \| [^|]+ \| ([^|]+) \|/m, 16, w),
      ...take(t, /invoice no\. (\S+)/, 1, w),
    ];
  })(),
  'marriage-certificate.pdf': (() => {
    const t = pdfText('marriage-certificate.pdf');
    const w = 'marriage certificate';
    const columns = (label: string) => take(t, new RegExp(`^\\d+[a-z]?\\. ${label}\\s+(.+?)\\s{2,}(.+?)$`, 'm'), 2, w);
    return [
      ...take(t, /Registry No\.: (\S+)/, 1, w),
      ...columns('Name \\(first/middle/last\\)'),
      ...columns('Date of birth'),
      ...columns('Residence'),
      ...columns('Name of father'),
      ...columns('Maiden name of mother'),
      ...take(t, /Date of marriage: (.+)/, 1, w),
      ...take(t, /marriage licence no\. (\S+)/, 1, w),
      ...take(t, /Witnesses: (.+?); (.+?); (.+?);\s+(.+)/, 4, w),
      ...take(t, /(Rev\. Fr\. .+?), Parish Priest/, 1, w),
      ...take(t, /Registered by: Atty\. (.+?),/, 1, w),
      ...take(t, /control number: (\S+)/, 1, w),
      ...take(t, /Official receipt no\.: (\S+),/, 1, w),
      ...take(t, /Issued on request of: (.+)/, 1, w),
    ];
  })(),
  'trv-refusal-letter-2023.pdf': (() => {
    const t = pdfText('trv-refusal-letter-2023.pdf');
    const w = 'refusal letter';
    return [
      ...take(t, /Application number: (\S+)/, 1, w),
      ...take(t, /UCI: (\S+)/, 1, w),
      ...take(t, /^Dear (.+):$/m, 1, w),
      ...take(t, /^(Lot 12, Block 4, .+)$/m, 1, w),
      ...take(t, /Date of birth: (\S+)/, 1, w),
      ...take(t, /Passport number: (\S+)/, 1, w),
    ];
  })(),
};

/** Single names, looked for in any letter case: a log line may upper- or lower-case what it copies. */
const NAMES = ['Ketteridge', 'Catapang', 'Tabanao', 'Rowena', 'Villaflor', 'Ligaya', 'Tsang-Bishop', 'Banerjee-Lund', 'Catapang-Ybanez', 'Soriano-Lim', 'Villacencio-Go', 'Lowther', 'Dela Pena-Uy'];

/** Verbatim passages: every line of 40 characters or more in each document, cut into overlapping 32-character windows with at least 20 letters. */
function passages(text: string): string[] {
  const out = new Set<string>();
  for (const line of text.split('\n').map((l) => l.trim().replace(/\s+/g, ' ')).filter((l) => l.length >= 40)) {
    for (let i = 0; i + 32 <= line.length; i += 16) {
      const window = line.slice(i, i + 32);
      if ((window.match(/\p{L}/gu) ?? []).length >= 20) out.add(window);
    }
  }
  return [...out];
}
const PASSAGES = [
  ...['imm1344-sponsorship-application.txt', 'imm5532-relationship-information.txt', 'imm5669-schedule-a-background-declaration.txt', 'communication-records-chat-excerpt.txt', 'remittance-and-joint-account-records.txt', 'submission-letter-consultant.md', 'wedding-photos-index.md'].map(documentText),
  ...['marriage-certificate.pdf', 'trv-refusal-letter-2023.pdf'].map(pdfText),
].flatMap(passages);

// ---------------------------------------------------------------------------------------------

interface CapturedRun {
  result: CliResult;
  summary: Record<string, any>;
  /** Structured log records the CLI wrote to stderr. */
  logLines: string[];
  /** What else it wrote to stderr: the messages for the person at the terminal. */
  messages: string[];
  hostLog: string;
}

/** Waits until the data folder's background host has stopped (it logs "stopping" when it goes idle). */
async function hostLogWhenStopped(home: string): Promise<string> {
  const file = join(home, 'host.log');
  const until = Date.now() + 60_000;
  for (;;) {
    const log = existsSync(file) ? read(file) : '';
    if (/"message":"stopping"/.test(log) && !existsSync(join(home, 'runtime.json'))) return log;
    if (Date.now() > until) throw new Error(`the host of ${home} did not stop; host.log: ${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function auditExample(label: string, extraArgs: string[], env: Record<string, string> = {}): Promise<CapturedRun> {
  const work = workFolder(`logs-${label}`);
  const home = join(work, '.case-audit');
  const run = startCli(process.execPath, [CLI, 'run', EXAMPLE, '--review', 'off', '--json', '--out', join(work, 'out'), ...extraArgs], {
    home,
    env: { CASE_AUDIT_LOG_LEVEL: 'DEBUG', CASE_AUDIT_HOST_IDLE_MS: '500', ...env },
  });
  const result = await run.done;
  if (result.code !== 0) throw new Error(`the audit exited ${result.code}: ${result.stderr}`);
  const lines = result.stderr.split('\n').filter((l) => l.trim() !== '');
  return {
    result,
    summary: JSON.parse(result.stdout),
    logLines: lines.filter((l) => l.startsWith('{')),
    messages: lines.filter((l) => !l.startsWith('{')),
    hostLog: await hostLogWhenStopped(home),
  };
}

function expectNothingPersonal(run: CapturedRun): void {
  // The messages for the person at the terminal name the case by the caseId they chose (here two
  // family names); that label is theirs and is removed before the scan. Log records get no such pass.
  const messages = run.messages.map((m) => m.split(CASE_ID).join('<caseId>'));
  expect(messages).toContainEqual(expect.stringMatching(/^Audit aud-\w+ started: case <caseId>, risk-audit, tier pro, 9 document\(s\), 1 file\(s\) skipped$/));
  expect(run.hostLog).toMatch(/"message":"hosting"/);

  const scanned = { 'CLI log records': run.logLines.join('\n'), 'terminal messages': messages.join('\n'), 'host.log': run.hostLog };
  for (const [where, text] of Object.entries(scanned)) {
    const lower = text.toLowerCase();
    for (const [fixture, values] of Object.entries(PERSONAL_DATA)) {
      for (const value of values) expect({ where, fixture, found: text.includes(value) ? value : null }).toEqual({ where, fixture, found: null });
    }
    for (const name of NAMES) expect({ where, found: lower.includes(name.toLowerCase()) ? name : null }).toEqual({ where, found: null });
    for (const passage of PASSAGES) expect({ where, found: text.includes(passage) ? passage : null }).toEqual({ where, found: null });
  }
}

describe('the logs of a full audit of the spousal-sponsorship example', () => {
  it('has something to look for in every document: names, dates of birth, document numbers, addresses, phones, emails and passages', () => {
    for (const [fixture, values] of Object.entries(PERSONAL_DATA)) expect({ fixture, values: values.length >= 4 }).toEqual({ fixture, values: true });
    const all = Object.values(PERSONAL_DATA).flat();
    for (const value of ['KETTERIDGE', 'Rowena Tabanao', '1988-06-30', '1994-09-03', 'P0000002A', '00-0000-0002', 'V000000001', '2024-0000-0217', '0000-00-4417', '+63 900 000 0042', 'daniel.ketteridge@example.com', '418 Coral Springs Bay NE, Calgary, Alberta T3Z 0A0']) {
      expect(all).toContain(value);
    }
    expect(PASSAGES.length).toBeGreaterThan(400);
  });

  it('rules only (--model none): the CLI’s log records and the host’s log carry none of it', async () => {
    const run = await auditExample('rules', []);
    expect(run.summary).toMatchObject({ status: 'SUCCEEDED', workflowType: 'risk-audit', decision: 'HIGH-RISK' });
    // DEBUG logging was on, and every stage logged (in the CLI, or in the host when it ran the audit).
    const records = [...run.logLines, ...run.hostLog.split('\n').filter((l) => l.startsWith('{'))].map((l) => JSON.parse(l) as { stage?: string });
    const stages = new Set(records.map((r) => r.stage));
    for (const stage of ['intake', 'detective', 'strategist', 'gatekeeper', 'verifier', 'judge', 'reporter']) expect(stages).toContain(stage);
    expectNothingPersonal(run);
  });

  describe('with the model layer (--model bedrock, a fake Amazon Bedrock)', () => {
    let bedrock: FakeModelServer;
    beforeAll(async () => {
      // The well-behaved fake answers with a verbatim quote of a document: the model layer handles
      // document text coming back from the model too.
      bedrock = await startFakeBedrock(wellBehaved);
    });
    afterAll(async () => {
      await bedrock.close();
    });

    it('the CLI’s log records and the host’s log carry none of it either', async () => {
      const run = await auditExample('bedrock', ['--model', 'bedrock'], {
        AWS_ENDPOINT_URL_BEDROCK_RUNTIME: bedrock.url,
        CASE_AUDIT_BEDROCK_REGION: 'ca-central-1',
        CASE_AUDIT_BEDROCK_ACCESS_KEY_ID: 'AKIAFAKEBEDROCK',
        CASE_AUDIT_BEDROCK_SECRET_ACCESS_KEY: 'fake-secret',
        CASE_AUDIT_MODEL_RETRY_BASE_MS: '1',
        CASE_AUDIT_MODEL_RETRY_CAP_MS: '5',
      });
      expect(run.summary).toMatchObject({ status: 'SUCCEEDED', decision: 'HIGH-RISK' });
      // The model was really used, with the documents in its prompts.
      expect(run.summary.usage.modelCalls).toBeGreaterThanOrEqual(5);
      expect(bedrock.requests.length).toBeGreaterThanOrEqual(5);
      expect(bedrock.requests.some((r) => r.userText.includes('Ketteridge'))).toBe(true);
      expect(run.summary.stageStatus.intake).toMatch(/model: 1 fact added/);
      expectNothingPersonal(run);
    });
  });
});
