/**
 * Where a Canadian mission abroad writes to the applicant: a letter headed by an embassy, high
 * commission or consulate of Canada (« Ambassade du Canada à Abidjan », "High Commission of Canada,
 * Visa Section") and addressed to a named person ("Mme Fatou Bamba" / "Cocody, Riviera 3" /
 * "Abidjan, Côte d'Ivoire") reaches them at that address: a country other than Canada there puts
 * the applicant outside Canada. The mission's own letterhead is read only as the sender.
 * Phrases: lexicons/application.json, `missionHead` and `addresseeName`.
 */
import type { Application } from '../../../../contracts/caseFacts';
import { countryIn } from '../lexicon';
import applicationJson from '../lexicons/application.json';
import type { ReadingDocument } from '../readingDocument';

const MISSION = new RegExp(applicationJson.missionHead.join('|'), 'iu');
/** A line naming the addressee with a courtesy title ("Mme Fatou Bamba", "Mr. Ravi Menon"). */
const ADDRESSEE = new RegExp(applicationJson.addresseeName, 'u');
/** The letter's head: a mission names itself in its first lines. */
const HEAD_LINES = 8;
/** An address block is a few short lines under the name. */
const ADDRESS_LINES = 4;
const ADDRESS_CHARS = 60;

/** The applicant's side of Canada from a mission's letter addressed to them, or `unknown`. */
export function addressedByMission(docs: readonly ReadingDocument[]): Application['applicantLocation'] {
  for (const doc of docs) {
    const lines = (doc.pages[0]?.text ?? '').split('\n').map((l) => l.trim());
    if (!lines.slice(0, HEAD_LINES).some((l) => MISSION.test(l))) continue;
    const name = lines.findIndex((l, i) => i > 0 && l.length <= ADDRESS_CHARS && ADDRESSEE.test(l));
    if (name < 0) continue;
    // The block ends at a blank or long line, or a field ("Objet : …", "Re: …"): a PDF may keep no blank line after it.
    const block: string[] = [];
    for (const line of lines.slice(name + 1, name + 1 + ADDRESS_LINES)) {
      if (!line || line.length > ADDRESS_CHARS || /:/.test(line)) break;
      block.push(line);
    }
    const country = block.map((line) => countryIn(line)).find(Boolean);
    if (!country || country === 'Schengen area') continue;
    return country === 'Canada' ? 'unknown' : 'outside-canada';
  }
  return 'unknown';
}
