/**
 * Genuineness of the job offer: an offer with duties, hours and the worker's acceptance, whose
 * employer, occupation code and job title agree with the LMIA and the application form. Each
 * disagreement is quoted; two or more are adverse.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { documentText, documentsOf, type CaseDocument, type CaseFile } from '../../text/caseFile';
import { distinctEvidence, quoteLine } from '../../text/evidenceQuotes';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

interface Labelled {
  value: string;
  evidence?: Evidence;
}

const FIELDS: Array<{ name: string; label: RegExp; normalise: (v: string) => string }> = [
  { name: 'employer', label: /^[ \t]*(?:employer(?: name)?|name of employer|company|employeur)\s*:\s*(.+)$/im, normalise: (v) => v.toLowerCase().replace(/\b(?:ltd|inc|corp|llc|limited|s\.a\. de c\.v\.)\b\.?/g, '').replace(/[^a-z0-9]+/g, ' ').trim() },
  { name: 'occupation code', label: /\bNOC(?: 2021)?(?: code)?\s*:\s*(\d{5})\b/i, normalise: (v) => v },
  { name: 'job title', label: /^[ \t]*(?:job title|position|title of (?:the )?position|poste)\s*:\s*([^\n(]+)/im, normalise: (v) => v.toLowerCase().replace(/[^a-z]+/g, ' ').trim() },
];
const DUTIES = /\b(?:duties|responsibilities|fonctions|tâches)\b/i;
const ACCEPTED = /\b(?:accepted by|signature of (?:the )?employee|I accept|acceptance|accepté par)\b/i;

function labelled(doc: CaseDocument, label: RegExp): Labelled | undefined {
  for (const page of doc.extracted.pages) {
    const m = label.exec(page.text);
    if (m) return { value: m[1].trim(), evidence: quoteLine({ doc, page }, m.index, m.index + m[0].length) };
  }
  return undefined;
}

export const jobOfferGenuineness: SignalFinder = (file: CaseFile): Signal => {
  const offers = documentsOf(file, ['job-offer']);
  if (!offers.length) return noEvidence('No job offer is in the file.');
  const offer = offers[0];
  const offerText = documentText(offer);
  const others = documentsOf(file, ['lmia', 'imm-1295']);
  const mismatches: Array<{ what: string; evidence: Array<Evidence | undefined> }> = [];
  const matches: string[] = [];
  for (const field of FIELDS) {
    const theirs = others.map((doc) => labelled(doc, field.label)).filter((l): l is Labelled => !!l);
    if (!theirs.length) continue;
    const ours = labelled(offer, field.label);
    const expected = field.normalise(theirs[0].value);
    const inOffer = ours ? field.normalise(ours.value) === expected : field.normalise(offerText).includes(expected);
    if (inOffer) matches.push(field.name);
    else if (ours) mismatches.push({ what: `the ${field.name}`, evidence: [ours.evidence, theirs[0].evidence] });
  }
  const duties = DUTIES.test(offerText);
  const accepted = ACCEPTED.test(offerText);
  const described = `${duties ? 'duties are described' : 'no duties are described'}, ${accepted ? 'the worker has accepted it' : 'no acceptance is shown'}`;
  if (mismatches.length) {
    const evidence = distinctEvidence(mismatches.flatMap((m) => m.evidence), 4);
    return {
      rating: mismatches.length >= 2 && evidence.length ? 'adverse' : 'weak',
      finding: `The job offer differs from the LMIA or the application form on ${mismatches.map((m) => m.what).join(' and ')}; ${described}.`,
      evidence,
    };
  }
  const finding = `The job offer ${matches.length ? `agrees with the LMIA and form on ${matches.join(', ')}` : 'could not be compared with an LMIA or form'}; ${described}.`;
  const evidence = distinctEvidence(FIELDS.map((f) => labelled(offer, f.label)?.evidence), 3);
  if (matches.length >= 2 && duties && accepted) return { rating: 'strong', finding, evidence };
  return { rating: duties ? 'adequate' : 'weak', finding, evidence };
};
