import type { WorkflowType } from '../../../workflows/schema';

/**
 * Opens every report (DESIGN §4). Each workflow's disclaimer claims only what that workflow does: a
 * judged report weighs the file against the law and the Federal Court decisions in the bundled
 * research index; a document checklist and client guidance only compare documents with a list, so they
 * claim no grounding in case law.
 */
export const DISCLAIMER =
  'This report is a risk assessment of the file against the Act, the Regulations and the Federal Court decisions in Case Audit’s research index. ' +
  'It does not predict the outcome of any application and does not guarantee that a visa or permit will be issued; ' +
  'immigration officers keep their discretion. Case Audit assesses judicial defensibility only, and this report is not legal advice.';

const CHECKLIST_DISCLAIMER =
  'This report compares the documents in the file with the usual document list for the application. ' +
  'It does not assess the merits of the application, does not predict its outcome and is not legal advice; immigration officers keep their discretion.';

const GUIDANCE_DISCLAIMERS = {
  en: 'This guidance describes the documents you sent. It is not legal advice and not an opinion on your chances: nobody can promise a result, and an immigration officer decides.',
  fr: 'Ces conseils décrivent les documents que vous avez envoyés. Ce ne sont pas des conseils juridiques ni un avis sur vos chances : personne ne peut promettre un résultat, et c’est un agent d’immigration qui décide.',
} as const;

/** The disclaimer a report of this workflow opens with; client guidance speaks the client's language. */
export function disclaimerFor(workflow: WorkflowType, language: 'en' | 'fr' = 'en'): string {
  if (workflow === 'document-list') return CHECKLIST_DISCLAIMER;
  if (workflow === 'client-guidance') return GUIDANCE_DISCLAIMERS[language];
  return DISCLAIMER;
}

/** Every disclaimer a report of this workflow may open with (client guidance has one per language). */
export function disclaimersFor(workflow: WorkflowType): string[] {
  return workflow === 'client-guidance' ? Object.values(GUIDANCE_DISCLAIMERS) : [disclaimerFor(workflow)];
}
