/**
 * An LMIA exemption the file asks for and the officer finds does not apply ("The exemption does not
 * apply", « la dispense ne s'applique pas »): where the permit is then assessed on the LMIA the file holds,
 * that LMIA is its basis (IRPR 203) and the exemption (IRPR 204–205) was only considered, not granted.
 * Phrases: lexicons/application.json, `exemptionRefused`.
 */
import { phrases } from '../lexicon';
import applicationJson from '../lexicons/application.json';
import type { ReadingDocument } from '../readingDocument';

/** A space matches a line break too ("the exemption does⏎not apply"). */
const REFUSED = phrases(applicationJson.exemptionRefused.map((p) => p.replace(/ /g, String.raw`\s+`)));

/** Whether a document of the file says that an LMIA exemption asked for does not apply. */
export function exemptionRefused(docs: readonly ReadingDocument[]): boolean {
  return docs.some((doc) => doc.pages.some((page) => REFUSED.test(page.text)));
}
