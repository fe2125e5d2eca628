/**
 * IRPR 216(3): no study permit for study in Quebec without a Certificat d'acceptation du Québec
 * where Quebec law requires one. The study is in Quebec when the application reads as a Quebec
 * study permit (sub-kind `quebec-caq`) or the school's own details place it in Quebec. A CAQ issued
 * (an event in the timeline) settles it; otherwise it is a `check`, because the file cannot show
 * whether Quebec law exempts the program or a federal assistance program applies.
 */
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import { eventsOf, evidenceOf, type CaseInput } from '../caseInput';
import { hasCue } from '../lexicon';
import { findingOf, provisionRule } from './ruleData';

/** Quebec's decision granting the CAQ, read as a `decision` event about the CAQ (not a refusal of it). */
const caqDecision = (input: CaseInput) =>
  eventsOf(input, 'decision').some((e) => hasCue('caqNamed', `${e.detail ?? ''} ${e.evidence.quote}`) && !hasCue('refusalWord', e.evidence.quote));

export function quebecCaq(input: CaseInput): ProvisionFinding[] {
  const app = input.facts.application;
  if (app.kind !== 'study-permit' && input.applicationType !== 'study-permit') return [];
  const schools = input.facts.parties.filter((p) => p.role === 'school' && (hasCue('quebecPlace', p.name) || hasCue('quebecPlace', p.evidence.quote)));
  const quebec = app.subKinds.includes('quebec-caq') || schools.length > 0;
  if (!quebec || eventsOf(input, 'caq-issued').length > 0 || caqDecision(input)) return [];
  const rule = provisionRule('bar:study-in-quebec-without-caq');
  const where = schools.length > 0 ? `The school (${schools[0].name}) is in Quebec` : 'The application is for study in Quebec';
  return [findingOf(rule, 'check', `${where} and the file holds no Certificat d'acceptation du Québec; unless Quebec law exempts the program, no study permit can be issued without one (IRPR 216(3)).`, schools.length > 0 ? evidenceOf(...schools) : app.evidence.slice(0, 2))];
}
