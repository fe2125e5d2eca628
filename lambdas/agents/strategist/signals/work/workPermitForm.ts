/** The work permit application form (IMM 1295) is in the file. */
import { documentsOf, type CaseFile } from '../../text/caseFile';
import { quoteLine } from '../../text/evidenceQuotes';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';

const FORM_HEADING = /\bIMM[\s-]?1295\b|application for (?:a )?work permit/i;

export const workPermitForm: SignalFinder = (file: CaseFile): Signal => {
  const forms = documentsOf(file, ['imm-1295']);
  if (!forms.length) return noEvidence('The work permit application form (IMM 1295) is not in the file.');
  const doc = forms[0];
  const page = doc.extracted.pages.find((p) => FORM_HEADING.test(p.text)) ?? doc.extracted.pages[0];
  const m = page && FORM_HEADING.exec(page.text);
  const evidence = m && page ? quoteLine({ doc, page }, m.index, m.index + m[0].length) : undefined;
  return { rating: 'strong', finding: 'The work permit application form (IMM 1295) is in the file.', evidence: evidence ? [evidence] : [] };
};
