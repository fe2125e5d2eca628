/**
 * Grounds on which a refusal could be challenged, from the officer's findings against the record:
 * - overlooked evidence: the officer says evidence on a topic is absent while the record holds a
 *   document of a matching type (strong: a finding contradicted by the record);
 * - no fairness letter: the refusal rests on extrinsic evidence or on credibility, genuineness or
 *   misrepresentation, and no procedural-fairness letter was sent (strong when the record says so;
 *   arguable with a check when the file simply holds none);
 * - reasons that do not engage: a ground names a topic on which the record holds central evidence
 *   that no finding addresses (arguable: the reasons themselves must be read).
 */
import type { OfficerFinding } from '../../contracts/caseFacts';
import type { ReviewGround } from '../../contracts/legalAnalysis';
import { evidenceOf, isRefusalFile, type CaseInput } from '../caseInput';
import { hasCue } from '../lexicon';
import { namesOf, recordDocuments } from './recordDocuments';
import { documentTypesFor } from './topicDocuments';

const quotes = (docs: ReturnType<typeof recordDocuments>) => docs.flatMap((d) => (d.evidence ? [d.evidence] : []));

function overlookedEvidence(input: CaseInput): ReviewGround[] {
  const out: ReviewGround[] = [];
  for (const finding of input.facts.officerFindings.filter((f) => f.kind === 'document-absent')) {
    const held = recordDocuments(input, documentTypesFor(finding.subject));
    if (held.length === 0) continue;
    out.push({
      kind: 'overlooked-evidence',
      strength: 'strong',
      reasoning: `The officer found the evidence on ${finding.subject} absent, but the record holds ${namesOf(held)}: a finding made without regard to evidence before the officer.`,
      evidence: [...evidenceOf(finding), ...quotes(held)],
      check: 'Confirm that the document was part of the application as submitted (the upload or courier record), not added afterwards.',
    });
  }
  return out;
}

function fairnessLetter(input: CaseInput): ReviewGround[] {
  const f = input.facts.officerFindings;
  const extrinsic = f.filter((x) => x.kind === 'extrinsic-evidence');
  const credibility = f.filter((x) => x.kind === 'ground' && hasCue('credibilityGround', x.subject));
  const basis: OfficerFinding[] = [...extrinsic, ...credibility];
  if (basis.length === 0) return [];
  if (f.some((x) => x.kind === 'fairness-letter-sent')) return [];
  const notSent = f.filter((x) => x.kind === 'fairness-letter-not-sent');
  const on = extrinsic.length > 0 ? 'information from outside the application' : 'a finding on credibility, genuineness or misrepresentation';
  if (notSent.length > 0) {
    return [
      {
        kind: 'no-fairness-letter',
        strength: 'strong',
        reasoning: `The refusal rests on ${on}, and the record shows no procedural-fairness letter was sent: the applicant had no chance to answer the concern before the decision.`,
        evidence: evidenceOf(...basis, ...notSent),
      },
    ];
  }
  return [
    {
      kind: 'no-fairness-letter',
      strength: 'arguable',
      reasoning: `The refusal rests on ${on}, and the file holds no procedural-fairness letter: if none was sent, the applicant had no chance to answer the concern.`,
      evidence: evidenceOf(...basis),
      check: 'Ask the client whether a procedural-fairness letter (or an interview) put the concern to them, and obtain the GCMS notes to confirm.',
    },
  ];
}

function reasonsDoNotEngage(input: CaseInput, covered: ReadonlySet<string>): ReviewGround[] {
  const f = input.facts.officerFindings;
  const out: ReviewGround[] = [];
  const grounds = f.filter((x) => x.kind === 'ground' && documentTypesFor(x.subject).length > 0 && !covered.has(x.subject));
  for (const ground of grounds) {
    // Another finding on the same topic (an absence, extrinsic evidence, or the ground stated in another
    // document: the notes that reason out what the letter lists) shows the officer engaged with it.
    if (f.some((x) => x !== ground && x.subject === ground.subject && (x.kind !== 'ground' || x.evidence.docId !== ground.evidence.docId))) continue;
    const held = recordDocuments(input, documentTypesFor(ground.subject));
    if (held.length === 0) continue;
    out.push({
      kind: 'reasons-do-not-engage',
      strength: 'arguable',
      reasoning: `The officer refused on ${ground.subject}, while the record holds ${namesOf(held)} on that matter, which no finding mentions: reasons that do not engage with central evidence are unreasonable (Vavilov).`,
      evidence: [...evidenceOf(ground), ...quotes(held)],
      check: 'Read the full reasons (GCMS notes): if they discuss these documents, this ground falls away.',
    });
  }
  return out;
}

export function groundsOfReview(input: CaseInput): ReviewGround[] {
  if (!isRefusalFile(input)) return [];
  const overlooked = overlookedEvidence(input);
  const covered = new Set(input.facts.officerFindings.filter((x) => x.kind === 'document-absent').map((x) => x.subject));
  return [...overlooked, ...fairnessLetter(input), ...reasonsDoNotEngage(input, covered)];
}
