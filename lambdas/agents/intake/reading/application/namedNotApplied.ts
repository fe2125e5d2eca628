/**
 * Whether the words around an application phrase make it something other than what this file
 * applies for: the applicant's present status ("Status: work permit", « sous un permis de travail
 * fondé sur une EIMT »), a permit or a residence obtained before (« il a obtenu un permis d'études,
 * puis un permis de travail postdiplôme », "I became a permanent resident through Express Entry"),
 * a partner's permit (« époux d'une étudiante étrangère »), an option a form leaves unticked ("☐ permis
 * d'études"), one not applied for or not needed, a later plan or a prospect (« je pourrais être admissible
 * à … »), or a past stay told as where the applicant was.
 * Phrases: lexicons/application.json (`statusBefore`, `obtainedBefore`, `residenceObtainedBefore`,
 * `partnerStatusBefore`, `uncheckedBox`, `notAppliedBefore`, `notNeededAfter`, `laterBefore`, `historyBefore`).
 */
import applicationJson from '../lexicons/application.json';

type Cue = keyof typeof applicationJson.cues;

const endingWith = (list: readonly string[]) => new RegExp(`(?:${list.join('|')})$`, 'iu');
/** "Status: work permit", "holds a valid study permit", "under a closed work permit": the applicant's present status. */
const STATUS_BEFORE = endingWith(applicationJson.statusBefore);
/** "I obtained a post-graduation work permit": a permit or visa had before (a CAQ or an LMIA obtained is the one this permit needs). */
const OBTAINED_BEFORE = endingWith(applicationJson.obtainedBefore);
/** "I became a permanent resident through Express Entry", « j'ai obtenu la résidence permanente par … »: a residence had, not applied for. */
const RESIDENCE_OBTAINED_BEFORE = new RegExp(`(?:${applicationJson.residenceObtainedBefore.join('|')})[^.!?;]*$`, 'iu');
/** « époux d'une étudiante étrangère », "spouse of an international student": the partner's permit, not the applicant's. */
const PARTNER_STATUS_BEFORE = endingWith(applicationJson.partnerStatusBefore);
/** "☐ Un permis d'études", "[ ] work permit": a form's option left unticked. */
const UNCHECKED_BOX = new RegExp(applicationJson.uncheckedBox, 'iu');
/** "I am not applying for a work permit", « je ne demande pas de permis de travail »: named, and not applied for. */
const NOT_APPLIED_BEFORE = endingWith(applicationJson.notAppliedBefore);
/** "a CAQ is not required", « le CAQ n'est pas requis »: named, and not needed for this file. */
const NOT_NEEDED_AFTER = new RegExp(`(?:${applicationJson.notNeededAfter.join('|')})`, 'iu');
/** "After graduation I would like to apply for a PGWP", « À terme, … par Entrée express »: a later plan, not this application. */
const LATER_BEFORE = new RegExp(`(?:${applicationJson.laterBefore.join('|')})[^.!?;]*$`, 'iu');
/** « j'ai déjà séjourné au Canada comme touriste »: a past stay, not where the application is made from. */
const HISTORY_BEFORE = endingWith(applicationJson.historyBefore);

/** Cues naming a permit or a visa, which one may have obtained before. */
const PERMIT_CUES: ReadonlySet<Cue> = new Set<Cue>(['work', 'study', 'pgwp', 'ict', 'openSpousal', 'iec', 'visitor', 'superVisa', 'eta']);
/** Cues naming permanent residence or one of its routes, which one may have obtained before (a host, a sponsor, a relative). */
const RESIDENCE_CUES: ReadonlySet<Cue> = new Set<Cue>(['permanentResidence', 'expressEntry', 'cec', 'fsw', 'fst']);

/** Whether the `phrase` of `cue`, with `before` and `after` it in its segment, is named as something this file does not apply for. */
export function namedNotApplied(cue: Cue, before: string, phrase: string, after: string): boolean {
  if (STATUS_BEFORE.test(before) || NOT_APPLIED_BEFORE.test(before) || NOT_NEEDED_AFTER.test(after) || LATER_BEFORE.test(before)) return true;
  if (UNCHECKED_BOX.test(before)) return true;
  if (PERMIT_CUES.has(cue) && (OBTAINED_BEFORE.test(before) || PARTNER_STATUS_BEFORE.test(before))) return true;
  if (RESIDENCE_CUES.has(cue) && RESIDENCE_OBTAINED_BEFORE.test(before + phrase)) return true;
  return cue === 'insideCanada' && HISTORY_BEFORE.test(before);
}
