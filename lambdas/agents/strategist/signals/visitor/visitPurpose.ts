/**
 * Purpose of the visit: a stated purpose, a specific dated event, documents that corroborate it
 * (invitation, itinerary, registration) and a stay of reasonable length. Statements of looking for
 * work in Canada contradict a visit and are adverse.
 */
import { documentsOf, pagesExcept, type CaseFile } from '../../text/caseFile';
import { daysBetween, readDates } from '../../../../core/text/dates';
import { distinctEvidence, factEvidence, quoteLine } from '../../text/evidenceQuotes';
import { findStatements, quoteStatement } from '../../text/statements';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

const EVENT = /\b(?:wedding|baptism|baptised|christening|funeral|graduation|convocation|conference|convention|congress|birth of|ceremony|tournament|trade fair|exhibition|mariage|baptême|funérailles|remise des diplômes|congrès|colloque)\b/i;
/**
 * A form's purpose field, as printed or transcribed: "Purpose of visit:", "Purpose:", "Reason for travel:",
 * "But du voyage :", "But :", "Objet du séjour :", "Motif de la visite :" (a bare label only at a line's start).
 */
const PURPOSE_LABEL =
  /\b(?:purpose|reason) (?:of|for) (?:my |your |the )?(?:visit|travel|trip|stay)\s*:|\b(?:motif|but|objet) (?:du|de la|de mon|de votre) (?:voyage|visite|séjour)\s*:|(?:^|\n)[ \t]*(?:purpose|but|objet|motif)[ \t]*:[ \t]*\S/iu;
const SEEKING_WORK = /\b(?:look(?:ing)? for (?:a )?(?:work|job|employment)|find (?:a )?(?:work|job|employment) (?:in|while)|job interviews? in Canada|work (?:in Canada )?during (?:my|the) (?:visit|stay)|chercher (?:du )?travail|trouver un emploi)\b/i;
const STAY = /\bFrom\s*:\s*(\S+)\s+To\s*:\s*(\S+)/i;
const LONG_STAY_DAYS = 180;

export const visitPurpose: SignalFinder = (file: CaseFile): Signal => {
  const pages = pagesExcept(file, ['refusal-letter', 'gcms-notes']);
  const seeking = findStatements(pages, SEEKING_WORK).filter((s) => !s.question && !s.negated);
  if (seeking.length) return { rating: 'adverse', finding: 'A document speaks of looking for work in Canada, which a visit does not allow.', evidence: distinctEvidence(seeking.map(quoteStatement), 2) };

  const purpose = factEvidence(file.profile.purposeOfTravel) ?? (() => {
    const s = findStatements(pages, PURPOSE_LABEL)[0];
    return s && quoteStatement(s);
  })();
  const events = findStatements(pages, EVENT).filter((s) => !s.question && !s.negated && readDates(s.sentence).length > 0);
  const corroborating = documentsOf(file, ['invitation-letter', 'travel-itinerary']);
  let stayDays: number | undefined;
  let stayEvidence;
  for (const ref of pages) {
    const m = STAY.exec(ref.page.text);
    const [from, to] = m ? [readDates(m[1])[0], readDates(m[2])[0]] : [];
    if (m && from && to) {
      stayDays = daysBetween(from, to);
      stayEvidence = quoteLine(ref, m.index, m.index + m[0].length);
      break;
    }
  }
  if (!purpose && !events.length && !corroborating.length) return noEvidence('The purpose of the visit is not stated.');
  const evidence = distinctEvidence([purpose, events[0] && quoteStatement(events[0]), stayEvidence], 3);
  const finding = `${purpose ? 'A purpose is stated' : 'No purpose is stated on the form'}${events.length ? ', tied to a dated event' : ''}; ${corroborating.length ? `${corroborating.length} corroborating document(s) (invitation or itinerary)` : 'nothing corroborates it'}${stayDays !== undefined ? `; the stay is ${stayDays} days` : ''}.`;
  if (stayDays !== undefined && stayDays > LONG_STAY_DAYS) return { rating: 'weak', finding, evidence };
  if (purpose && events.length && corroborating.length) return { rating: 'strong', finding, evidence };
  if (purpose && (events.length || corroborating.length || stayDays !== undefined)) return { rating: 'adequate', finding, evidence };
  return { rating: 'weak', finding, evidence };
};
