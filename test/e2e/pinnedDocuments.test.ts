import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startEmulators } from '../../local/emulators';
import { loadManifest } from '../../lambdas/core/audit/documentManifest';
import { auditIdFrom, cli, CLI, startCli, workFolder, writeCase } from './support/cliHarness';

const work = workFolder('pinned');
const home = join(work, '.case-audit');

const CLIENT_A = {
  'imm1294-application.txt': 'APPLICATION FOR STUDY PERMIT MADE OUTSIDE OF CANADA (IMM 1294)\nFamily name: Okafor\nGiven name(s): Amara\n',
  'letter-of-acceptance.txt': 'LETTER OF ACCEPTANCE\nAmara Okafor is admitted to the Diploma in Nursing.\n',
};
const CLIENT_B = {
  'bank-statement-b.txt': 'BANK STATEMENT\nAccount holder: Farid Haddad\nClosing balance: CAD 41,200.00\n',
  'passport-b.txt': 'PASSPORT\nSurname: HADDAD\nGiven names: FARID\n',
};

/** Starts an audit and kills its process (SIGKILL, nothing cleaned up) the moment the audit exists. */
async function killedAudit(caseDir: string): Promise<string> {
  const run = startCli(process.execPath, [CLI, 'run', caseDir, '--workflow', 'document-list', '--json'], { home });
  const auditId = auditIdFrom(await run.stderrLine(/^Audit aud-\w+ started/));
  run.child.kill('SIGKILL');
  await run.done;
  return auditId;
}

describe('an audit reads exactly the documents pinned when it started', () => {
  it('resumes the first client\'s audit on the first client\'s files after another folder with the same caseId was audited', async () => {
    // Two clients' folders share a name with no ASCII letters, so they derive the same caseId.
    const dirA = writeCase(join(work, 'client-a', '北京'), CLIENT_A);
    const dirB = writeCase(join(work, 'client-b', '北京'), CLIENT_B);

    const auditA = await killedAudit(dirA);
    const interrupted = JSON.parse(cli(['status', auditA, '--json'], { home }).stdout);
    expect(interrupted).toMatchObject({ auditId: auditA, status: 'INTERRUPTED' });

    const b = cli(['run', dirB, '--workflow', 'document-list', '--json', '--out', join(work, 'out-b')], { home });
    expect(b.code).toBe(0);
    const resultB = JSON.parse(b.stdout);
    expect(resultB.caseId).toBe(interrupted.caseId); // the very collision of the defect
    expect(resultB.caseId).toMatch(/^case-[0-9a-f]{8}$/);

    const resumed = cli(['resume', auditA, '--json', '--out', join(work, 'out-a')], { home });
    expect(resumed.code).toBe(0);
    const resultA = JSON.parse(resumed.stdout);
    expect(resultA).toMatchObject({ auditId: auditA, status: 'SUCCEEDED' });
    expect(resultA.documents.map((d: { name: string }) => d.name).sort()).toEqual(Object.keys(CLIENT_A).sort());
    expect(JSON.stringify(resultA)).not.toContain('Haddad');
  });

  it('gives folders whose names have no ASCII letters different caseIds', () => {
    const ids = ['東京', 'Ωμέγα', '---'].map((name) => {
      const r = cli(['run', writeCase(join(work, name), CLIENT_A), '--workflow', 'document-list', '--json', '--out', join(work, `out-${name}`)], { home });
      expect(r.code).toBe(0);
      return JSON.parse(r.stdout).caseId as string;
    });
    expect(new Set(ids).size).toBe(3);
    expect(ids).not.toContain('case');
  });

  it('stops a resumed audit with a clear status when a pinned document changed, instead of reading other bytes', async () => {
    // A long scan of bank statements keeps Intake busy past the kill, however loaded the machine, so
    // the audit is interrupted before Intake has read (and completed on) the pinned bytes. 60 pages
    // once let Intake finish first on a loaded 2-core machine (the test saw the "started" line late).
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (let i = 1; i <= 400; i++) pdf.addPage([612, 792]).drawText(`BANK STATEMENT page ${i}\nClosing balance: CAD ${1000 + i}.00`, { x: 50, y: 700, size: 12, font });
    const auditId = await killedAudit(writeCase(join(work, 'tampered'), { ...CLIENT_A, 'statements.pdf': await pdf.save() }));
    const emulators = await startEmulators({ dataFolder: home });
    try {
      const session = await emulators.store.get(auditId);
      const manifest = await loadManifest(emulators.blobs, auditId, session.manifest);
      await emulators.blobs.put(manifest.documents[0].key!, 'BANK STATEMENT\nAccount holder: someone else\n');
    } finally {
      await emulators.stop();
    }

    const r = cli(['resume', auditId, '--json', '--out', join(work, 'out-tampered')], { home });
    expect(r.code).toBe(1);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ status: 'FAILED', error: { stage: 'intake', error: 'PinnedDocumentsChanged' } });
    expect(result.error.message).toContain('imm1294-application.txt (changed)');
    expect(result.documents).toEqual([]);

    const status = cli(['status', auditId], { home });
    expect(status.stdout).toMatch(/^Status: FAILED at intake — PinnedDocumentsChanged: 1 document\(s\) pinned when this audit started changed/);
    expect(status.stdout).not.toMatch(/running intake/);
  });
});
