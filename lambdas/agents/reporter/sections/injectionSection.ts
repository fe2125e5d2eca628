import { describeInjectionAttempt } from '../../../core/injection/injectionPatterns';
import type { InjectionAttempt } from '../../../contracts/injectionAttempt';
import { table } from '../markdown';

export const INJECTION_HEADING = 'Prompt-injection warnings';

/**
 * The gatekeeper's prompt-injection findings (DESIGN §3), in the gatekeeper review part of the report.
 * Document names and excerpts are hostile by assumption: they reach the report only as `table()` cells.
 * `gatekeeperStatus` tells a scan that found nothing apart from one that never ran.
 */
export function injectionSection(attempts: readonly InjectionAttempt[] | undefined, gatekeeperStatus?: string): string {
  const heading = `## ${INJECTION_HEADING}`;
  if (gatekeeperStatus?.startsWith('failed:')) {
    return [heading, '_The gatekeeper stage did not complete, so the documents were not checked for prompt injection. Review them manually._'].join('\n\n');
  }
  if (!attempts?.length) {
    return [heading, '_No text addressed to the audit’s language models was found in the documents._'].join('\n\n');
  }
  const n = attempts.length;
  return [
    heading,
    `${n === 1 ? 'One passage' : `${n} passages`} in the documents ${n === 1 ? 'reads' : 'read'} as instructions to an AI system rather than as evidence. ` +
      'Case Audit treated this text as document content, not as instructions. ' +
      'Text like this in a case file is a concern in itself: find out who wrote it and why.',
    table(
      ['Document', 'Page', 'Excerpt', 'What it tried'],
      attempts.map((a) => [a.document, a.page, a.excerpt, describeInjectionAttempt(a)]),
    ),
  ].join('\n\n');
}
