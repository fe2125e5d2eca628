/**
 * The legal analysis through the gatekeeper agent: real intake over documents written for this test,
 * the stored extracted texts, the gatekeeper stage, and `legal` in its output.
 */
import { gatekeeperAgent } from '../../../lambdas/agents/gatekeeper/gatekeeperAgent';
import { closePdfWorkers } from '../../../lambdas/agents/intake/documents/pdfWorkerPool';
import { runIntake } from '../../../lambdas/agents/intake/documents/runIntake';
import { GatekeeperOutput } from '../../../lambdas/contracts/gatekeeperOutput';
import type { ExtractedDocument, IntakeOutput } from '../../../lambdas/contracts/intakeOutput';
import { logger } from '../../../lambdas/core/observability/logger';
import type { WorkflowType } from '../../../workflows/schema';
import { jsonBlobs, stageContext } from '../gatekeeper/gatekeeperFixtures';

afterAll(() => closePdfWorkers());

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

async function gatekeeper(files: Array<{ name: string; text: string }>, workflowType: WorkflowType) {
  const { result, extracted } = await runIntake(files.map((f) => ({ docId: f.name, name: f.name, bytes: utf8(f.text) })), {});
  const stored = new Map<string, ExtractedDocument>();
  const extractedText: Record<string, string> = {};
  for (const doc of extracted) {
    extractedText[doc.docId] = `audits/aud-test/extracted/${doc.docId}.json`;
    stored.set(extractedText[doc.docId], doc);
  }
  const intake: IntakeOutput = { ...result, extractedText, skipped: [] };
  // The fixtures' clock reads 2026-01-10.
  return gatekeeperAgent.run(stageContext(workflowType, { intake }, jsonBlobs(stored)));
}

const SPONSOR_FORM = [
  'IMM 1344 (E)',
  'APPLICATION TO SPONSOR, SPONSORSHIP AGREEMENT AND UNDERTAKING',
  'Sponsor family name: OKAFOR',
  'Sponsor given name(s): Daniel Chukwuma',
  'Country of birth: Canada',
  'Have you previously sponsored a spouse, common-law partner or conjugal partner? Yes',
  'Details: I sponsored my former wife, Grace Okafor; she became a permanent resident on 2023-03-14.',
].join('\n');

const MARRIAGE = 'CERTIFICATE OF MARRIAGE\nThis certifies that Daniel Chukwuma Okafor and Amaka Nneka Eze were married on 2025-06-21 at Lagos, Nigeria.';

describe('the gatekeeper computes the legal analysis from the case-fact model', () => {
  it('applies IRPR 117(9)(b) with its date arithmetic to a Canadian-born sponsor who sponsored a former wife, and never IRPR 130(3) or 133', async () => {
    const info = jest.spyOn(logger, 'info');
    const { output } = await gatekeeper([{ name: 'imm1344.txt', text: SPONSOR_FORM }, { name: 'marriage.txt', text: MARRIAGE }], 'risk-audit');
    const parsed = GatekeeperOutput.parse(output);
    const bar = parsed.legal?.findings.find((f) => f.provision === 'IRPR 117(9)(b)');
    expect(bar).toMatchObject({ status: 'engaged', decisive: true });
    expect(bar?.reasoning).toContain('2023-03-14');
    expect(bar?.reasoning).toContain('2026-03-14');
    const provisions = parsed.legal!.findings.map((f) => f.provision);
    expect(provisions).not.toContain('IRPR 130(3)');
    expect(provisions).not.toContain('IRPR 133');
    expect(provisions).not.toContain('IRPR 4(1)');
    expect(parsed.refusalTriggers.map((t) => t.provision)).not.toEqual(expect.arrayContaining(['IRPR 130(3)']));
    // The log carries counts, never the file's names or dates.
    const logged = JSON.stringify(info.mock.calls);
    expect(logged).not.toContain('Okafor');
    expect(logged).not.toContain('2023-03-14');
    info.mockRestore();
  });

  it('finds the overlooked bank statement in a study-permit refusal, sends it to the Federal Court and counts the leave deadline from the decision', async () => {
    const refusal = [
      'Immigration, Refugees and Citizenship Canada',
      'Date: 2025-12-29',
      'Dear Applicant,',
      'I have reviewed your application for a study permit. I am not satisfied that you will leave Canada at the end of your stay, as required by paragraph 216(1)(b) of the Immigration and Refugee Protection Regulations.',
      'You did not provide evidence of sufficient funds to pay your tuition and living expenses.',
      'For these reasons your application is refused.',
    ].join('\n');
    const bank = 'NORTHERN TRUST BANK OF GHANA\nStatement of account\nAccount holder: Kwame Asante\nClosing balance: GHS 210,000.00 as of 2025-10-31';
    const { output } = await gatekeeper([{ name: 'refusal.txt', text: refusal }, { name: 'bank.txt', text: bank }], 'refusal-analysis');
    const legal = GatekeeperOutput.parse(output).legal!;
    expect(legal.review?.forum).toMatchObject({ route: 'federal-court-leave', deadline: 'jr-leave' });
    expect(legal.review?.grounds.find((g) => g.kind === 'overlooked-evidence')).toMatchObject({ strength: 'strong' });
    // Where the applicant is is not in the file: 15 days, the shorter, from the decision, the earliest possible start.
    const leave = legal.deadlines.find((d) => d.id === 'jr-leave');
    expect(leave).toMatchObject({ due: '2026-01-13', status: 'close', daysLeft: 3, severity: 'high' });
    expect(leave?.check).toMatch(/earliest possible start/);
  });
});
