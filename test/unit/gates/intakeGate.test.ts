import { intakeGate } from '../../../lambdas/agents/intake/intakeGate';
import { FORM, LETTER, MemoryBlobs, codes, gateInput, intakeOutput } from './gateFixtures';

async function check(mutate: (o: ReturnType<typeof intakeOutput>, blobs: MemoryBlobs) => void = () => undefined) {
  const blobs = new MemoryBlobs();
  const output = intakeOutput(blobs);
  mutate(output, blobs);
  return intakeGate.check(gateInput({ workflowType: 'risk-audit', stageId: 'intake', output, blobs }));
}

describe('intake gate', () => {
  it('passes an intake output whose facts quote their documents verbatim', async () => {
    expect(await check()).toEqual([]);
  });

  it('fails when a fact quotes words that are not in its document', async () => {
    const issues = await check((o) => {
      o.profile.applicantName.evidence.quote = 'Family name: OKAFOR';
    });
    expect(codes(issues)).toEqual(['intake.evidence-not-verbatim']);
    expect(issues[0].evidence).toEqual(['profile.applicantName.evidence', `document ${FORM.docId}`, 'page 1', 'quote "Family name: OKAFOR"']);
    expect(issues[0].message).not.toContain('OKAFOR');
  });

  it('fails when a fact cites a page the document does not have', async () => {
    const issues = await check((o) => {
      o.profile.priorRefusals[0].evidence.page = 3;
    });
    expect(codes(issues)).toEqual(['intake.evidence-page-out-of-bounds']);
    expect(issues[0].message).toContain('page 3 of a document with 2 pages');
  });

  it('fails when a quote is real but on another page than the one cited, and says which', async () => {
    const issues = await check((o) => {
      o.profile.priorRefusals[0].evidence.page = 1;
    });
    expect(codes(issues)).toEqual(['intake.evidence-wrong-page']);
    expect(issues[0].suggestedFix).toBe('cite page 2 for this quote');
  });

  it('fails when a fact cites a document that is not in the file, or whose text cannot be read', async () => {
    expect(codes(await check((o) => { o.profile.declarations[0].evidence.docId = 'bank.pdf'; }))).toEqual(['intake.evidence-unknown-document']);
    expect(codes(await check((_o, blobs) => { blobs.objects.delete(`extracted/${LETTER.docId}.json`); }))).toEqual(['intake.evidence-document-unreadable']);
  });

  it('fails an output that breaks the IntakeResult contract', async () => {
    const issues = await check((o) => {
      (o as { applicationType: string }).applicationType = 'tourist-visa';
    });
    expect(codes(issues)).toEqual(['intake.schema']);
    expect(issues[0].evidence).toEqual(['applicationType']);
  });

  it('fails when two documents share an id or text is stored for a document that is not listed', async () => {
    expect(codes(await check((o) => { o.documents[1].docId = FORM.docId; }))).toContain('intake.duplicate-document-id');
    expect(codes(await check((o) => { (o.extractedText as Record<string, string>)['ghost.txt'] = 'extracted/ghost.json'; }))).toEqual(['intake.extracted-text-unknown-document']);
  });
});
