import { verifyEvidence } from '../../../lambdas/agents/intake/documents/buildApplicantProfile';
import { IntakeResult, type Fact } from '../../../lambdas/contracts/intakeOutput';
import { closePdfWorkers, pdfPoolActivity, pdfPoolSize } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { runIntake } from '../../../lambdas/agents/intake/documents/runIntake';
import { FORM_TEXTS, RECONSIDERATION_REQUEST, TYPE_TEXTS } from '../../fixtures/documents/caseTexts';
import { pngImage } from '../../fixtures/documents/imageFixtures';
import { docx } from '../../fixtures/documents/officeFixtures';
import { encryptedPdf } from '../../fixtures/documents/rawPdf';
import { longPdf, scannedPdf, textPdf } from '../../fixtures/documents/pdfFixtures';

afterAll(() => closePdfWorkers());

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

async function visitorRefusalFile() {
  return [
    { docId: 'd1', name: 'imm5257.pdf', bytes: await textPdf([FORM_TEXTS['imm-5257']]) },
    { docId: 'd2', name: 'refusal-letter.pdf', bytes: await textPdf([TYPE_TEXTS['refusal-letter'] as string]) },
    { docId: 'd3', name: 'gcms.txt', bytes: utf8(TYPE_TEXTS['gcms-notes'] as string) },
    { docId: 'd4', name: 'request.docx', bytes: docx(RECONSIDERATION_REQUEST.split('\n')) },
    { docId: 'd5', name: 'bank.jpg', bytes: utf8(TYPE_TEXTS['bank-statement'] as string) },
    { docId: 'd6', name: 'passport-scan.pdf', bytes: await scannedPdf(1) },
    { docId: 'd7', name: 'photo.png', bytes: pngImage() },
    { docId: 'd8', name: 'locked-statement.pdf', bytes: encryptedPdf(['Closing balance: CAD 1.00']) },
    { docId: 'd9', name: 'empty.txt', bytes: new Uint8Array() },
  ];
}

describe('runIntake', () => {
  it('extracts, classifies, recognises and profiles a whole case file', async () => {
    const { result, extracted } = await runIntake(await visitorRefusalFile());
    expect(() => IntakeResult.parse(result)).not.toThrow();
    expect(extracted.map((d) => d.docId)).toEqual(['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9']);
    // A refusal file keeps the refused application's kind; the refusal is a mark of its own.
    expect(result.applicationType).toBe('visitor-visa');
    expect(result.refusal?.reason).toMatch(/^refusal letter \(refusal-letter\.pdf\) with a request/);
    expect(result.documents.map((d) => [d.name, d.status, d.type])).toEqual([
      ['imm5257.pdf', 'ok', 'imm-5257'],
      ['refusal-letter.pdf', 'ok', 'refusal-letter'],
      ['gcms.txt', 'ok', 'gcms-notes'],
      ['request.docx', 'ok', 'submission-letter'],
      ['bank.jpg', 'mislabeled', 'bank-statement'],
      ['passport-scan.pdf', 'needs-ocr', 'passport'],
      ['photo.png', 'unsupported', 'relationship-photos'],
      ['locked-statement.pdf', 'encrypted', 'bank-statement'],
      ['empty.txt', 'empty', 'other'],
    ]);
    const summary = result.documents.find((d) => d.docId === 'd6');
    expect(summary).toMatchObject({ pages: 1, characters: 0, typeReason: expect.stringMatching(/^classified from the file name only/) });
    expect(result.profile.applicantName?.value).toBe('Chidinma Grace OKAFOR');
    expect(result.profile.funds.map((f) => f.value)).toContain('CAD 24,310.55');
  });

  it('quotes every profile fact verbatim from the extracted page text', async () => {
    const { result, extracted } = await runIntake(await visitorRefusalFile());
    const facts: Fact[] = [
      ...[result.profile.applicantName, result.profile.dateOfBirth, result.profile.citizenship, result.profile.purposeOfTravel].filter(
        (f): f is Fact => f !== undefined,
      ),
      ...result.profile.funds,
      ...result.profile.priorRefusals,
      ...result.profile.declarations,
      ...result.profile.otherFacts.map((o) => o.fact),
    ];
    expect(facts.length).toBeGreaterThanOrEqual(8);
    for (const fact of facts) {
      expect(verifyEvidence(extracted, fact.evidence)).toBe(true);
      const page = extracted.find((d) => d.docId === fact.evidence.docId)?.pages.find((p) => p.page === fact.evidence.page);
      expect(page?.text.includes(fact.evidence.quote)).toBe(true);
    }
  });

  it('logs nothing, so no document text or personal data reaches the logs', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => jest.spyOn(console, m).mockImplementation(() => undefined));
    try {
      await runIntake(await visitorRefusalFile());
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('handles an empty case file', async () => {
    const { result, extracted } = await runIntake([]);
    expect(extracted).toEqual([]);
    expect(result).toEqual({
      applicationType: 'unknown',
      applicationTypeReason: 'no application forms or characteristic documents found',
      documents: [],
      profile: { funds: [], priorRefusals: [], declarations: [], otherFacts: [] },
      caseFacts: {
        documents: [],
        parties: [],
        application: expect.objectContaining({ kind: 'unknown', isRefusal: false, evidence: [] }),
        timeline: [],
        declarations: [],
        money: [],
        officerFindings: [],
        conflicts: [],
      },
    });
    expect(result.caseFacts?.application.reason).toMatch(/no form, document or wording/);
  });

  it('names the application from the file\'s own wording when forms and types settle nothing (a French Quebec study file)', async () => {
    const enc = (text: string) => new TextEncoder().encode(text);
    const { result } = await runIntake([
      { docId: 'caq', name: 'caq.txt', bytes: enc("Certificat d'acceptation du Québec pour études\nLe ministère atteste que la personne nommée ci-dessous est autorisée à séjourner au Québec pour y étudier.") },
      { docId: 'admission', name: 'lettre.txt', bytes: enc("Objet : admission\nNous avons le plaisir de vous informer que votre demande d'admission a été acceptée pour la session d'automne. Joignez cette lettre à votre demande de permis d'études.") },
    ]);
    expect(result.applicationType).toBe('study-permit');
    expect(result.applicationTypeReason).toMatch(/quebec-caq/);
    expect(result.caseFacts?.application).toMatchObject({ kind: 'study-permit', subKinds: ['quebec-caq'] });
  });

  it('reads the case-fact model, every fact quoting its page verbatim', async () => {
    const { result, extracted } = await runIntake(await visitorRefusalFile());
    const facts = result.caseFacts!;
    const evidence = [...facts.parties, ...facts.timeline, ...facts.declarations, ...facts.money, ...facts.officerFindings].map((f) => f.evidence);
    expect(evidence.length).toBeGreaterThanOrEqual(5);
    for (const e of evidence) expect(verifyEvidence(extracted, e)).toBe(true);
    expect(facts.documents.map((d) => d.docId).sort()).toEqual(extracted.map((d) => d.docId).sort());
  });

  it('keeps the input order of documents read concurrently', async () => {
    const files = Array.from({ length: 10 }, (_, i) => ({ docId: `t${i}`, name: `note-${i}.txt`, bytes: utf8(`Note ${i}`) }));
    const { extracted } = await runIntake(files, { concurrency: 4 });
    expect(extracted.map((d) => d.pages[0].text)).toEqual(files.map((_, i) => `Note ${i}`));
  });

  describe('a folder of short PDFs', () => {
    const folder = async () => [
      ...(await visitorRefusalFile()),
      ...(await Promise.all(Array.from({ length: 10 }, async (_, i) => ({ docId: `s${i}`, name: `statement-${i}.pdf`, bytes: await longPdf(3, 20) })))),
    ];

    (pdfPoolSize() > 0 ? it : it.skip)('is read on the PDF threads, several files at once, with the same result as on one thread', async () => {
      const files = await folder();
      const before = pdfPoolActivity().pagesReadOnThreads;
      const pooled = await runIntake(files);
      // Every PDF page of the folder (3 text PDFs, a one-page scan and ten 3-page statements) came from a thread.
      expect(pdfPoolActivity().pagesReadOnThreads - before).toBe(1 + 1 + 1 + 10 * 3);
      const alone = await runIntake(files, { pdf: { parallel: false } });
      expect(pooled).toEqual(alone);
      expect(pooled.result.documents.filter((d) => d.name.startsWith('statement-')).map((d) => [d.status, d.pages])).toEqual(
        Array.from({ length: 10 }, () => ['ok', 3]),
      );
    }, 120_000);

    it('keeps each PDF\'s status (encrypted, needs OCR) when read on the threads', async () => {
      const { result } = await runIntake(await folder(), { pdf: { parallel: true } });
      expect(result.documents.find((d) => d.name === 'locked-statement.pdf')?.status).toBe('encrypted');
      expect(result.documents.find((d) => d.name === 'passport-scan.pdf')).toMatchObject({ status: 'needs-ocr', pages: 1 });
    }, 120_000);
  });
});
