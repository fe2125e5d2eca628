import type { DocumentSummary } from '../../../core/documents/intakeSchema';
import { bullet } from '../markdown';
import type { ReportModel } from '../reportModel';
import { applicationLabel } from './caseSummary';

const FIXES: Record<string, string> = {
  empty: 'the file is empty — please send the document again',
  corrupt: 'the file is damaged and cannot be opened — please export or scan it again',
  encrypted: 'the file is password-protected — please send a copy without a password',
  'needs-ocr': 'the file is a scan with no readable text — please send a text PDF or a clearer scan so it can be read',
  unsupported: 'this kind of file cannot be read — please send it as a PDF',
  mislabeled: 'the file name does not match its contents — please check it is the document you meant to send',
};

const fixFor = (d: DocumentSummary): string => `**${d.name}**: ${FIXES[d.status] ?? d.statusDetail}`;

/** Plain-language guidance for the client: what we received and what to fix. No legal conclusions. */
export function clientGuidanceSection(m: ReportModel): string {
  const unreadable = m.intake.documents.filter((d) => d.status !== 'ok');
  return [
    '## Guidance for you',
    `Your documents look like an application for: **${applicationLabel(m.intake.applicationType)}**. ` +
      'Your representative will confirm this with you.',
    '### What we received',
    bullet(m.intake.documents.map((d) => `${d.name} (${d.type.replace(/-/g, ' ')}, ${d.pages} page${d.pages === 1 ? '' : 's'})`)),
    '### What to fix',
    unreadable.length ? bullet(unreadable.map(fixFor)) : 'Every document could be read. Nothing to fix right now.',
    '### What happens next',
    'Your representative reviews the file and tells you if anything else is needed. ' +
      'This guidance describes your documents only; it is not an opinion on your chances and not legal advice.',
  ].join('\n\n');
}
