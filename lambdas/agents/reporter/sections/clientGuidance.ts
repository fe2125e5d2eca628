import type { DocumentSummary } from '../../../core/documents/intakeSchema';
import { bold, bullet, inline, md, type Markdown } from '../markdown';
import type { ReportModel } from '../reportModel';
import { applicationLabel } from './caseSummary';

const FIXES: Record<string, string> = {
  empty: 'the file is empty — please send the document again',
  corrupt: 'the file is damaged and cannot be opened — please export or scan it again',
  encrypted: 'the file is password-protected — please send a copy without a password',
  'needs-ocr': 'the file is a scan with no readable text — please send a text PDF or a clearer scan so it can be read',
  unsupported: 'this kind of file cannot be read — please send it as a PDF',
  mislabeled: 'the file name does not match its contents — please check it is the document you meant to send',
  'too-large':
    'the file is larger than we can accept, or it is a compressed file that unpacks to far more than is safe to open — ' +
    'please send a smaller copy, for example by splitting the PDF into parts',
  unreadable: 'the file could not be read from your computer (for example, permission to open it was refused) — please send it again',
};

/** "letter.pdf (letter of acceptance, 2 pages)": the name is the client's own text and is escaped. */
const received = (d: DocumentSummary): Markdown =>
  md`${inline(d.name)} (${inline(d.type.replace(/-/g, ' '))}, ${inline(d.pages === 1 ? '1 page' : `${d.pages} pages`)})`;

/** "**name**: what to do"; an unknown status falls back to the intake's own detail, escaped too. */
const fixFor = (d: DocumentSummary): Markdown => md`${bold(d.name)}: ${inline(FIXES[d.status] ?? d.statusDetail)}`;

/** Plain-language guidance for the client: what we received and what to fix. No legal conclusions. */
export function clientGuidanceSection(m: ReportModel): string {
  const unreadable = m.intake.documents.filter((d) => d.status !== 'ok');
  return [
    '## Guidance for you',
    md`Your documents look like an application for: ${bold(applicationLabel(m.intake.applicationType))}. ` +
      'Your representative will confirm this with you.',
    '### What we received',
    bullet(m.intake.documents.map(received)),
    '### What to fix',
    unreadable.length ? bullet(unreadable.map(fixFor)) : 'Every document could be read. Nothing to fix right now.',
    '### What happens next',
    'Your representative reviews the file and tells you if anything else is needed. ' +
      'This guidance describes your documents only; it is not an opinion on your chances and not legal advice.',
  ].join('\n\n');
}
