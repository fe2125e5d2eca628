/**
 * Whose answers a part of a form holds, by its heading: a form that asks two people the same
 * questions in parts of their own (IMM 5532 "PART A — TO BE COMPLETED BY THE SPONSOR", « PARTIE B —
 * À REMPLIR PAR LE DEMANDEUR PRINCIPAL », "Section B: Applicant"). A part heading that names nobody
 * ends the part before it. Vocabulary: lexicons/declarations.json (sectionPerson, answerRoles).
 */
import declarationsJson from './lexicons/declarations.json';
import type { PartyRole } from '../../../contracts/caseFacts';
import { roleOf } from './declarationLexicon';

const words = declarationsJson.sectionPerson;
const roleWords = Object.entries(declarationsJson.answerRoles)
  .filter(([k]) => k !== '$comment')
  .flatMap(([, list]) => list as string[]);
/** "PART A — TO BE COMPLETED BY THE SPONSOR": the part, the label, the person. */
const HEADING = new RegExp(String.raw`^[ \t]*(?:(${words.parts.join('|')})[ \t]*[-–—:.]?[ \t]*)?(${words.labels.join('|')})?(${roleWords.join('|')})[ \t]*[:.]?[ \t]*$`, 'iu');
const PART_ONLY = new RegExp(String.raw`^[ \t]*(?:${words.parts.join('|')})(?![\p{L}\d])`, 'iu');

export interface PartPerson {
  /** Where the part begins on the page. */
  at: number;
  /** Whose answers follow; undefined where a part names nobody. */
  person: PartyRole | undefined;
}

/** The parts of a page that name whose answers they hold, in order. */
export function partsOf(page: string): PartPerson[] {
  const out: PartPerson[] = [];
  let offset = 0;
  for (const line of page.split('\n')) {
    const at = offset;
    offset += line.length + 1;
    const m = HEADING.exec(line);
    // The person must be named by a part or a label ("Sponsor" alone is a field's or a column's heading).
    if (m && (m[1] || m[2])) out.push({ at, person: roleOf(m[3]) });
    else if (PART_ONLY.test(line) && line.trim().length <= 80) out.push({ at, person: undefined });
  }
  return out;
}

/** The person of the part an offset falls in, given the person the page began with. */
export function personAt(parts: readonly PartPerson[], offset: number, carried: PartyRole | undefined): PartyRole | undefined {
  let person = carried;
  for (const p of parts) if (p.at <= offset) person = p.person;
  return person;
}
