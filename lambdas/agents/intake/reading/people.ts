/**
 * Whose fact it is. The subject of a clause decides: "my brother was refused" is someone else's
 * refusal; "my wife" is the sponsor when the applicant writes and the applicant when the sponsor
 * writes; "I" is the document's author; a third-person document (a certificate, an employer's or
 * an officer's letter) is about the applicant unless it names the sponsor.
 */
import type { PartyRole } from '../../../contracts/caseFacts';
import { CUES } from './lexicon';
import labelsJson from './lexicons/personLabels.json';
import type { ReadingDocument } from './readingDocument';

/** Events of the couple itself: both partners' event, recorded as the applicant's. */
export const COUPLE_EVENTS = new Set(['first-contact', 'first-meeting', 'engagement', 'marriage', 'cohabitation-start', 'cohabitation-end']);

function lastMatch(text: string, pattern: RegExp): number {
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  let index = -1;
  for (const m of text.matchAll(global)) index = m.index ?? index;
  return index;
}

/** A label opening a line or a table cell ("Époux : …", "Spouse: …"): whose statement follows (lexicons/personLabels.json). */
const label = (words: readonly string[]) => new RegExp(`(?:^|[|;\\n])[ \\t]*(?:${words.join('|')})[ \\t]*:`, 'iu');
const LABELS = { spouse: label(labelsJson.spouse), applicant: label(labelsJson.applicant), other: label(labelsJson.other) };

/** The role of the subject in `clause` (the words before the fact's trigger, within its sentence). */
export function roleIn(clause: string, doc: ReadingDocument, spousal: boolean): PartyRole {
  const spouse: PartyRole = doc.author === 'sponsor' ? 'applicant' : spousal ? 'sponsor' : 'spouse-or-partner';
  const candidates: Array<{ role: PartyRole; at: number }> = [
    { role: 'other', at: lastMatch(clause, CUES.otherPersonWords) },
    { role: 'previous-spouse', at: lastMatch(clause, CUES.exSpouseWords) },
    { role: spouse, at: lastMatch(clause, CUES.spouseWords) },
    { role: spouse, at: lastMatch(clause, LABELS.spouse) },
    { role: 'applicant', at: lastMatch(clause, LABELS.applicant) },
    { role: 'other', at: lastMatch(clause, LABELS.other) },
    { role: 'sponsor', at: lastMatch(clause, CUES.sponsorWords) },
    { role: 'applicant', at: lastMatch(clause, CUES.applicantWords) },
    { role: doc.author, at: lastMatch(clause, CUES.firstPerson) },
    // A co-accused's outcome in a court record is not the accused's (cues.json `coAccusedWords`).
    { role: 'other', at: lastMatch(clause, CUES.coAccusedWords) },
  ];
  // The nearest named subject before the trigger wins; a spouse word inside an ex-spouse phrase is the ex-spouse.
  const found = candidates.filter((c) => c.at >= 0).sort((a, b) => b.at - a.at);
  if (found.length === 0) return doc.author === 'sponsor' ? 'sponsor' : 'applicant';
  const best = found[0];
  const ex = candidates[1];
  if (best.role !== 'previous-spouse' && ex.at >= 0 && ex.at >= best.at - 12) return 'previous-spouse';
  return best.role;
}
