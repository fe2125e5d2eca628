/**
 * Citation reading benchmark: `npx tsx bench/citationReading.ts` prints JSON.
 * A synthetic 300-page document (dense legal prose in English and French, citations in the many
 * spellings lawyers use, short forms, statute references, and many numbers that are not citations:
 * dates, amounts, phone and account numbers, form questions, lease clauses) is read whole.
 * - readMs: median of parseCitations over the document as a client's document (target: reading and
 *   verifying ≤ 200 ms together; verification is measured in bench/verification.ts).
 * - readWithPropositionsMs: median of citationsInText (reading plus the proposition of every claim).
 */
import { loadResearchIndex, type ResearchIndex } from '../lambdas/core/caselaw/loadIndex';
import { parseCitations } from '../lambdas/core/citations/parseCitations';
import { citationsInText } from '../lambdas/agents/verifier/verification/citationsInText';
import { verifyCitations } from '../lambdas/agents/verifier/verification/verifyCitations';
import { median, round, time } from './timing';

const PAGES = 300;
const RUNS = 9;
const NOW = new Date('2026-11-22T12:00:00Z');

/** One page of about 3,000 characters; `p` varies the numbers so no two pages are alike. */
function page(index: ResearchIndex, p: number): string {
  const entry = index.cases[p % index.cases.length];
  const other = index.cases[(p * 7 + 3) % index.cases.length];
  const provision = index.provisions[p % index.provisions.length];
  const section = provision.id.replace(/^IRP[AR] /, '');
  const year = 2005 + (p % 19);
  const paragraphs = [
    `${p + 1}. The applicant, born ${1970 + (p % 30)}-${String((p % 12) + 1).padStart(2, '0')}-${String((p % 28) + 1).padStart(2, '0')}, ` +
      `filed application W${300000000 + p * 7919} on ${year}-03-${String((p % 27) + 1).padStart(2, '0')} and paid $${(p * 37) % 2000}.${p % 100}. ` +
      `In ${entry.name}, ${entry.citations[0]} at para ${(p % 90) + 1}, the Court held that ${entry.propositions[0] ?? 'the officer must give reasons'}. ` +
      `See also ${other.shortName}, ${other.citations[0]}, and ${year} FC ${1000 + p} at paras ${p % 40}-${(p % 40) + 3}.`,
    `The officer relied on ${provision.instrument === 'IRPA' ? `s. ${section} of the Immigration and Refugee Protection Act` : `paragraph ${section} of the Regulations`}, ` +
      `and on A40(1)(a) and R216(1)(b) in the GCMS notes of ${year}-11-0${(p % 9) + 1}. Ibid at para ${(p % 30) + 2}. ` +
      `Question ${(p % 12) + 1}(a) of form IMM 5257 and clause ${(p % 9) + 1}(b) of the lease were answered; call 416-555-${String(1000 + (p % 9000)).padStart(4, '0')}.`,
    `Procedural fairness varies with context: Baker v. Canada (Minister of Citizenship and Immigration), [1999] 2 S.C.R. 817, 174 D.L.R. (4th) 193 at 841. ` +
      `Baker, supra at para 22. The bank statement shows deposits of ${p * 13}.55, ${p * 17}.20 and ${p * 19}.05 to account ${4500 + p} ${1000 + p} ${2000 + p}, ` +
      `transit ${10000 + p}, flight AC ${800 + (p % 99)}, postal code M5V ${p % 10}T${p % 10}, tax year ${year}: line 15000 = ${40000 + p * 11}.`,
    `Selon l'arrêt Canada (Ministre de la Citoyenneté et de l'Immigration) c. Vavilov, 2019 CSC 65, au par. ${(p % 100) + 1}, la norme est la décision raisonnable; ` +
      `voir l'alinéa 40(1)a) de la LIPR et l'article 16 de la Loi. Le dossier ${p} contient ${p % 50} pages numérotées de 1 à ${p % 50}, ` +
      `la facture INV-${year}-${String(p).padStart(4, '0')} et le relevé ${year}/${(p % 12) + 1}.`,
    `Kanthasamy v. Canada (Citizenship and Immigration), 2015 SCC 61 established that hardship is assessed globally; Vavilov at para 99 requires justification. ` +
      `The RPD (file TB${p % 10}-${String(10000 + p).slice(-5)} (RPD)) and 2019 CanLII ${100000 + p} (CA IRB) were cited, as was 2020 ONCA ${p + 1}. ` +
      `Items ${p % 7}(a), ${p % 7}(b) and ${p % 7}(c) of the checklist, unit ${p % 300}, suite ${p % 50}, room ${p % 20}, lot ${p % 80}(1) of plan 65M-${1000 + p}.`,
    `Under ss. 34(1)(f) and 36(1)(a) of IRPA, and sections 179 and 216 of the Regulations, the officer must consider the evidence. ` +
      `Mr. Baker, the applicant's employer at Baker Hughes, and her cousin Priya Kanthasamy wrote letters dated ${year}-0${(p % 9) + 1}-1${p % 10}. ` +
      `Tel. (613) 555-${String(2000 + (p % 8000)).padStart(4, '0')}; SIN ${100 + (p % 900)} ${200 + (p % 800)} ${300 + (p % 700)}; ` +
      `amounts: ${p}, ${p + 1}, ${p + 2}, ${p + 3}, ${p + 4}, ${p + 5}, ${p + 6}, ${p + 7}, ${p + 8}, ${p + 9}, ${p * 3}, ${p * 5}, ${p * 7}.`,
    `The reviewing court asks whether the decision bears the hallmarks of justification, transparency and intelligibility, and whether it is ` +
      `justified in relation to the relevant factual and legal constraints. The applicant's travel history lists trips in ${year - 3}, ${year - 2} ` +
      `and ${year - 1}, each of ${5 + (p % 20)} to ${20 + (p % 30)} days, with a return ticket number ${7000000000 + p * 13} and booking ${p}-${p * 3}-${p * 7}. ` +
      `Her monthly salary of ${80000 + p * 17} shillings, savings of ${200000 + p * 101} and a property valued at ${9000000 + p * 1000} were before the officer, ` +
      `who gave ${p % 4} lines of reasons on ${year}-12-${String((p % 28) + 1).padStart(2, '0')}; section ${(p % 9) + 1} of the employment contract ` +
      `and paragraph ${(p % 7) + 1}(c) of the lease were attached as exhibits ${p % 30}-A to ${p % 30}-F.`,
  ];
  return paragraphs.join('\n\n');
}

export function citationReadingDocument(index: ResearchIndex, pages = PAGES): string {
  return Array.from({ length: pages }, (_, p) => page(index, p)).join('\f');
}

export async function benchCitationReading(): Promise<Record<string, number>> {
  const index = loadResearchIndex();
  const document = citationReadingDocument(index);
  const first = time(() => parseCitations(document, { index, now: NOW, mode: 'document' }));
  const reads = Array.from({ length: RUNS }, () => time(() => parseCitations(document, { index, now: NOW, mode: 'document' })).ms);
  const withPropositions = Array.from({ length: RUNS }, () => time(() => citationsInText(document, 'document:bench', index, NOW, 'document')).ms);
  const found = first.value;
  const inputs = citationsInText(document, 'document:bench', index, NOW, 'document');
  // What the verifier does with a 300-page document: read every citation, then check each one.
  const readAndVerify = Array.from({ length: RUNS }, () =>
    time(() => verifyCitations(citationsInText(document, 'document:bench', index, NOW, 'document'), index, { iteration: 1, now: NOW })).ms,
  );
  return {
    pages: PAGES,
    documentChars: document.length,
    readFirstMs: round(first.ms),
    readMs: round(median(reads)),
    readWithPropositionsMs: round(median(withPropositions)),
    readAndVerifyMs: round(median(readAndVerify)),
    distinctCitations: found.length,
    occurrences: found.reduce((n, c) => n + c.occurrences.length, 0),
    shortFormOccurrences: found.reduce((n, c) => n + c.occurrences.filter((o) => o.form === 'ibid' || o.form === 'supra' || o.form === 'short-name').length, 0),
    verifierInputs: inputs.length,
    inputsWithProposition: inputs.filter((i) => i.proposition !== undefined).length,
  };
}

if (require.main === module) {
  benchCitationReading()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
