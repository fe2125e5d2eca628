import type { ApplicantProfile, ApplicationType, Fact } from '../../../contracts/intakeOutput';
import { inline, md, table } from '../markdown';
import type { ReportModel } from '../reportModel';
import { documentStatus } from './ocrNote';
import { isConflicted, NOT_RESOLVED, whereConflictShown } from './conflictsSection';

/** Every application type has its label (the compiler checks a new type gets one). */
const APPLICATION_LABELS: Record<ApplicationType, string> = {
  'spousal-sponsorship': 'Spousal sponsorship',
  'study-permit': 'Study permit',
  'work-permit': 'Work permit',
  'visitor-visa': 'Visitor visa (temporary resident visa)',
  'permanent-residence': 'Permanent residence (economic class, e.g. Express Entry)',
  'refusal-response': 'Response to a refusal',
  unknown: 'Not recognised from the documents',
};
/** A refusal file's label names the refused kind when it is known ("Response to a refusal (refused: Study permit)"). */
export const applicationLabel = (t: string, refusal = false): string => {
  const label = APPLICATION_LABELS[t as ApplicationType] ?? t;
  if (!refusal || t === 'refusal-response') return label;
  return t === 'unknown' ? `${APPLICATION_LABELS['refusal-response']} (refused application not recognised)` : `${APPLICATION_LABELS['refusal-response']} (refused: ${label})`;
};

/**
 * The cover's short form, which fits its panel: the label without its gloss ("Visitor visa"), and a
 * refusal file as "Refused: Visitor visa". The full label is in the appendix.
 */
export const coverApplicationLabel = (t: string, refusal = false): string => {
  const base = (APPLICATION_LABELS[t as ApplicationType] ?? t).replace(/ \(.*\)$/, '');
  if (!refusal || t === 'refusal-response') return base;
  return t === 'unknown' ? 'Refused: kind not recognised' : `Refused: ${base}`;
};

/** Flattens the profile into labelled facts, in a stable reading order. */
export function profileFacts(p: ApplicantProfile): Array<{ label: string; fact: Fact }> {
  const single: Array<[string, Fact | undefined]> = [
    ['Applicant', p.applicantName],
    ['Sponsor', p.sponsorName],
    ['Date of birth', p.dateOfBirth],
    ['Citizenship', p.citizenship],
    ['Country of residence', p.countryOfResidence],
    ['Marital status', p.maritalStatus],
    ['Date of marriage', p.relationship?.marriageDate],
    ['Relationship start', p.relationship?.relationshipStart],
    ['Purpose of travel', p.purposeOfTravel],
    ['Program', p.program],
    ['Institution', p.institution],
    ['Employer', p.employer],
    ['Job title', p.jobTitle],
  ];
  return [
    ...single.filter((e): e is [string, Fact] => Boolean(e[1])).map(([label, fact]) => ({ label, fact })),
    ...p.funds.map((fact) => ({ label: 'Funds', fact })),
    ...p.priorRefusals.map((fact) => ({ label: 'Prior refusal', fact })),
    ...p.declarations.map((fact) => ({ label: 'Declaration', fact })),
    ...p.otherFacts,
  ];
}

/** A value that is one reading of an unresolved conflict is shown as that, never as settled. */
const shown = (m: ReportModel, f: Fact): string => (isConflicted(m, f.evidence) ? `${f.value} (conflicting readings, ${NOT_RESOLVED}: see ${whereConflictShown(m, f.evidence)})` : f.value);

/** Where a fact was read, as raw text (the docId is the client's file name); `table()` escapes it. */
const source = (f: Fact): string => `${f.evidence.docId}${f.evidence.page ? `, p. ${f.evidence.page}` : ''}`;

/**
 * A profile fact worth a row: a value that is a fact (a name, a date, a country), not a whole sentence
 * copied from a document ("I am therefore refusing your application." is where a refusal was read, not
 * what it is). A sentence-long value equal to its own quote says nothing its quote does not.
 */
export function isFactValue(f: Fact): boolean {
  const value = f.value.trim();
  const sentence = value.length > 60 || /[.!?]$/.test(value);
  return !(sentence && f.evidence.quote.includes(value.replace(/[.!?]$/, '')));
}

/** Appendix: the applicant profile as read (each fact with its source), every document with its status, and the files left out. */
export function fileAppendix(m: ReportModel): string[] {
  const { intake } = m;
  const facts = profileFacts(intake.profile).filter(({ fact }) => isFactValue(fact));
  // Older stored intake outputs have no list of skipped files.
  const skipped = intake.skipped ?? [];
  const left = skipped.length
    ? ['### Files not audited', 'These files in the case folder were left out; nothing in this report is based on them.', table(['File', 'Why it was left out'], skipped.map((f) => [f.name, f.reason]))]
    : [];
  return [
    md`**Application type:** ${inline(applicationLabel(intake.applicationType, intake.refusal !== undefined))} — ${inline(intake.applicationTypeReason)}.`,
    '### Applicant profile',
    facts.length
      ? table(['Fact', 'Value', 'Source'], facts.map(({ label, fact }) => [label, shown(m, fact), source(fact)]))
      : '_No profile facts could be extracted with verbatim evidence._',
    '### Documents',
    table(
      ['Document', 'Type', 'Status', 'Pages'],
      intake.documents.map((d) => [d.name, d.type, documentStatus(d), d.pages]),
    ),
    ...left,
  ];
}

/** Ultra tier: every fact with its verbatim quote, so a reader can check it against the file. */
export function evidenceAppendix(m: ReportModel): string {
  const facts = profileFacts(m.intake.profile);
  return [
    '## Appendix: evidence',
    facts.length
      ? table(['Fact', 'Quote (verbatim)', 'Source'], facts.map(({ label, fact }) => [label, `“${fact.evidence.quote}”`, source(fact)]))
      : '_No evidence quotes._',
  ].join('\n\n');
}
