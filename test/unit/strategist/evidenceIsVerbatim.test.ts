import { scoreCaseFile } from '../../../lambdas/agents/strategist/scoreCaseFile';
import { promisesOutcome } from '../../../lambdas/agents/strategist/scoring/outcomeLanguage';
import { verifyEvidence } from '../../../lambdas/core/caseText/verifyEvidence';
import { STRONG_SPOUSAL, WHIRLWIND_SPOUSAL } from './spousalCaseTexts';
import { caseFileOf, type TextDocument } from './strategistFixtures';
import { WEAK_STUDY } from './studyCaseTexts';
import { UNRECOGNISED_FILE } from './unrecognisedCaseTexts';

const FILES: Array<[string, TextDocument[]]> = [
  ['a strong spousal file', STRONG_SPOUSAL],
  ['a whirlwind spousal file', WHIRLWIND_SPOUSAL],
  ['a weak study-permit file', WEAK_STUDY],
  ['an unrecognised file', UNRECOGNISED_FILE],
];

describe('strategist evidence', () => {
  it.each(FILES)('quotes %s verbatim: each quote appears exactly in the page it names', async (_label, docs) => {
    const file = await caseFileOf(docs);
    const out = scoreCaseFile(file);
    const quotes = out.factors.flatMap((f) => f.evidence);
    for (const e of quotes) {
      const page = file.documents.find((d) => d.docId === e.docId)?.extracted.pages.find((p) => p.page === e.page);
      expect(page?.text).toContain(e.quote);
      expect(verifyEvidence(file.documents.map((d) => d.extracted), e)).toBe(true);
    }
  });

  it.each(FILES)('backs every adverse rating in %s with at least one quote', async (_label, docs) => {
    const out = scoreCaseFile(await caseFileOf(docs));
    for (const f of out.factors.filter((x) => x.rating === 'adverse')) expect(f.evidence.length).toBeGreaterThan(0);
  });

  it.each(FILES)('writes no sentence about %s that promises an outcome', async (_label, docs) => {
    const out = scoreCaseFile(await caseFileOf(docs));
    const sentences = [out.rationale, out.confidenceReason, ...out.factors.map((f) => f.finding), ...out.strengths.map((p) => p.text), ...out.weaknesses.map((p) => p.text)];
    for (const s of sentences) expect(promisesOutcome(s)).toBe(false);
  });

  it('recognises the phrases that promise an outcome', () => {
    for (const promise of ['Your visa will be approved.', 'Approval is guaranteed.', 'This appeal is certain to succeed.', 'Le permis sera accordé.']) expect(promisesOutcome(promise)).toBe(true);
    for (const plain of ['The score does not predict the decision.', 'Her leave has been approved.']) expect(promisesOutcome(plain)).toBe(false);
  });
});
