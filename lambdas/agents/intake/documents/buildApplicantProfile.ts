/**
 * Builds the ApplicantProfile deterministically from labelled values, passport MRZ lines, balances,
 * refusal sentences and declarations. Every fact quotes its page verbatim; a fact whose quote is
 * not found in the page text is dropped, never emitted.
 */
import type { ClassifiedDocument } from './classifyDocument';
import { hasText } from '../../../core/caseText/hasText';
import type { ApplicantProfile, DocumentType, Fact, PageText } from '../../../contracts/intakeOutput';
import {
  findBalances,
  findFirst,
  findLabeled,
  findMrzName,
  findNamePair,
  findSentences,
  findYesNoAnswers,
  type Hit,
  type LabelOptions,
} from '../../../core/caseText/profileFinders';
import { DATE_SOURCE } from '../../../core/caseText/profilePatterns';
import { verifyEvidence } from '../../../core/caseText/verifyEvidence';

export { verifyEvidence };

type PageFinder = (text: string) => Hit[];

interface PageRef {
  source: ClassifiedDocument;
  page: PageText;
}

const APPLICANT_FORMS: DocumentType[] = ['imm-5257', 'imm-1294', 'imm-1295', 'imm-5669', 'imm-5645', 'imm-5707', 'imm-5476', 'imm-5532'];
const IDENTITY_SOURCES: DocumentType[] = [...APPLICANT_FORMS, 'passport'];
const STUDY_SOURCES: DocumentType[] = ['imm-1294', 'letter-of-acceptance', 'tuition-receipt', 'study-plan'];
const WORK_SOURCES: DocumentType[] = ['imm-1295', 'job-offer', 'lmia', 'employment-letter'];
const FUNDS_SOURCES: DocumentType[] = ['bank-statement', 'proof-of-funds', ...APPLICANT_FORMS];
const MAX_FUNDS = 20;
const MAX_DECLARATIONS = 30;
const MAX_REFUSALS = 10;

class ProfileReader {
  constructor(private readonly docs: readonly ClassifiedDocument[]) {}

  /** Readable pages of documents ordered by `preferred` types; `only` drops the rest; `exclude` always drops. */
  pages(preferred: DocumentType[] = [], options: { only?: boolean; exclude?: DocumentType[] } = {}): PageRef[] {
    const rank = (type: DocumentType) => (preferred.includes(type) ? preferred.indexOf(type) : preferred.length);
    return this.docs
      .filter((d) => !(options.exclude ?? []).includes(d.type) && (!options.only || preferred.includes(d.type)))
      .map((source, order) => ({ source, order }))
      .sort((a, b) => rank(a.source.type) - rank(b.source.type) || a.order - b.order)
      .flatMap(({ source }) => source.doc.pages.filter((p) => hasText(p.text)).map((page) => ({ source, page })));
  }

  /** A fact from a hit, or undefined when the quote is not verbatim in the page. */
  fact(ref: PageRef, hit: Hit): Fact | undefined {
    let { start, end } = hit;
    const text = ref.page.text;
    while (start < end && /\s/.test(text[start])) start++;
    while (end > start && /\s/.test(text[end - 1])) end--;
    const quote = text.slice(start, end);
    if (!quote || !hit.value.trim()) return undefined;
    const evidence = { docId: ref.source.doc.docId, page: ref.page.page, quote };
    return verifyEvidence([ref.source.doc], evidence) ? { value: hit.value, evidence } : undefined;
  }

  first(refs: PageRef[], finder: PageFinder): Fact | undefined {
    for (const ref of refs) {
      for (const hit of finder(ref.page.text)) {
        const fact = this.fact(ref, hit);
        if (fact) return fact;
      }
    }
    return undefined;
  }

  all(refs: PageRef[], finder: PageFinder, limit: number): Fact[] {
    const facts: Fact[] = [];
    const seen = new Set<string>();
    for (const ref of refs) {
      for (const hit of finder(ref.page.text)) {
        const fact = this.fact(ref, hit);
        const key = fact && `${fact.evidence.docId}|${fact.evidence.page}|${fact.evidence.quote}`;
        if (!fact || !key || seen.has(key)) continue;
        seen.add(key);
        facts.push(fact);
        if (facts.length >= limit) return facts;
      }
    }
    return facts;
  }
}

const labeled = (labels: string[], options: LabelOptions): PageFinder => (text) => findLabeled(text, labels, options);
const single = (find: (text: string) => Hit | undefined): PageFinder => (text) => {
  const hit = find(text);
  return hit ? [hit] : [];
};
const either = (...finders: PageFinder[]): PageFinder => (text) => finders.flatMap((f) => f(text));

/** "married on 12 June 2021", "we first met in March 2019" style statements. */
const freeDate = (lead: string): PageFinder => (text) =>
  [...text.matchAll(new RegExp(`\\b(?:${lead})[ \\t]+(${DATE_SOURCE})`, 'gi'))].map((m) => ({
    value: m[1],
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));

function identity(r: ProfileReader): Pick<ApplicantProfile, 'applicantName' | 'sponsorName' | 'dateOfBirth' | 'citizenship' | 'countryOfResidence' | 'maritalStatus'> {
  const identityPages = r.pages(IDENTITY_SOURCES, { only: true });
  const notSponsorForm = r.pages(IDENTITY_SOURCES, { exclude: ['imm-1344'] });
  const text = (labels: string[]) => labeled(labels, { shape: 'text' });
  return {
    applicantName:
      r.first(identityPages, single(findNamePair)) ??
      r.first(notSponsorForm, labeled(['full name', 'name of (?:the )?applicant', "applicant(?:'s)? (?:full )?name", "principal applicant(?:'s name)?", "student(?:'s)? name", 'name of (?:the )?student'], { shape: 'name' })) ??
      r.first(r.pages(['passport']), single(findMrzName)) ??
      r.first(identityPages, labeled(['name'], { shape: 'name', atLineStart: true })),
    sponsorName:
      r.first(r.pages(['imm-1344']), either(labeled(["sponsor(?:'s)? (?:full )?name", 'name of (?:the )?sponsor'], { shape: 'name', skipOtherPerson: false }), labeled(['sponsor'], { shape: 'name', atLineStart: true, skipOtherPerson: false }))) ??
      r.first(r.pages(['imm-1344'], { only: true }), single(findNamePair)),
    dateOfBirth:
      r.first(notSponsorForm, labeled(['date of birth', 'birth date', 'DOB', 'date de naissance'], { shape: 'date' })) ??
      // "Née le 2002-11-30 à Abidjan": in prose only on the applicant's own forms (a family form's "né le" is a relative's).
      r.first(r.pages(IDENTITY_SOURCES, { only: true, exclude: ['imm-5645', 'imm-1344'] }), freeDate('(?:was )?born on|n[ée]e?(?:\\(e\\))? le')),
    citizenship: r.first(notSponsorForm, text(['country of citizenship', 'citizenship', 'nationality', 'pays de citoyennet[ée]', 'citoyennet[ée]', 'nationalit[ée]'])),
    countryOfResidence: r.first(notSponsorForm, text(['current country of residence', 'country of (?:current )?residence', 'pays de r[ée]sidence(?: actuel(?:le)?)?'])),
    maritalStatus: r.first(notSponsorForm, text(['current marital status', 'marital status', 'civil status', '[ée]tat matrimonial(?: actuel)?', '[ée]tat civil'])),
  };
}

function relationship(r: ProfileReader): ApplicantProfile['relationship'] {
  const pages = r.pages(['marriage-certificate', 'imm-5532', ...APPLICANT_FORMS, 'imm-1344']);
  const marriageDate = r.first(
    pages,
    either(labeled(['date of (?:the |current )?marriage', 'marriage date', 'date married'], { shape: 'date', skipOtherPerson: false }), freeDate('(?:were |got |was )?married on')),
  );
  const relationshipStart = r.first(
    r.pages(['imm-5532']),
    either(
      labeled(['relationship start date', 'date (?:the|your|our) relationship (?:began|started)', 'date (?:we|you) first met', 'date of first meeting'], { shape: 'date', skipOtherPerson: false }),
      freeDate('(?:we|I) (?:first )?met (?:on|in)|started dating (?:on|in)'),
    ),
  );
  if (!marriageDate && !relationshipStart) return undefined;
  return { ...(marriageDate && { marriageDate }), ...(relationshipStart && { relationshipStart }) };
}

function purposeAndActivity(r: ProfileReader): Pick<ApplicantProfile, 'purposeOfTravel' | 'program' | 'institution' | 'employer' | 'jobTitle'> {
  const study = r.pages(STUDY_SOURCES);
  const work = r.pages(WORK_SOURCES, { exclude: ['imm-1344'] });
  const text = (labels: string[], atLineStart = false) => labeled(labels, { shape: 'text', atLineStart });
  return {
    purposeOfTravel: r.first(r.pages(['imm-5257', ...APPLICANT_FORMS]), text(['purpose of (?:my |your |the )?(?:visit|travel|trip)'])),
    program: r.first(study, either(text(['program(?:me)? of study', 'program(?:me)? name', 'field of study']), text(['program(?:me)?', 'course(?: of study)?'], true))),
    institution: r.first(study, either(text(['name of (?:the )?(?:institution|school|college|university)', 'institution name', 'school name']), text(['(?:designated learning )?institution', 'school'], true))),
    employer: r.first(work, either(text(['name of (?:the )?employer', "employer(?:'s)? name", 'current employer']), text(['employer', 'company(?: name)?'], true))),
    jobTitle: r.first(work, either(text(['job title', 'position title', 'title of (?:the )?position', 'position offered', 'intended occupation']), text(['position', 'occupation'], true))),
  };
}

const REFUSAL_SENTENCE =
  /\b(?:application|request|visa|permit)\b[^.]*\brefus(?:ed|ing|al)\b|\brefus(?:ed|ing|al)\b[^.]*\b(?:application|request|visa|permit)\b|\bdecision\b[^.\n]{0,20}\brefused\b/i;
const NEVER_STATEMENT = /\b(?:never|not ever) (?:been )?(?:refused|denied|rejected|convicted|arrested|charged|overstayed|deported|removed)\b/i;

function history(r: ProfileReader): Pick<ApplicantProfile, 'priorRefusals' | 'declarations'> {
  const letters = r.pages(['refusal-letter', 'gcms-notes'], { only: true });
  const refusalSentences = r.all(letters, (text) => findSentences(text, REFUSAL_SENTENCE, 1), MAX_REFUSALS);
  const answers = r.pages([...APPLICANT_FORMS, 'imm-1344']);
  const isRefusalQuestion = (q: string) => /\brefused\b/i.test(q);
  const declaredRefusals = r.all(
    answers,
    (text) => findYesNoAnswers(text).filter((a) => a.answer === 'Yes' && isRefusalQuestion(a.question)).map((a) => ({ ...a, value: `answered Yes: ${a.question}` })),
    MAX_REFUSALS,
  );
  const statements = r.all(r.pages(), (text) => findSentences(text, NEVER_STATEMENT, 5), MAX_DECLARATIONS);
  const formAnswers = r.all(
    answers,
    (text) => findYesNoAnswers(text).filter((a) => !(a.answer === 'Yes' && isRefusalQuestion(a.question))).map((a) => ({ ...a, value: `answered ${a.answer}: ${a.question}` })),
    MAX_DECLARATIONS,
  );
  return {
    priorRefusals: [...refusalSentences, ...declaredRefusals].slice(0, MAX_REFUSALS),
    declarations: [...statements, ...formAnswers].slice(0, MAX_DECLARATIONS),
  };
}

const OTHER_FACTS: { label: string; labels: string[]; options: LabelOptions; sources: DocumentType[] }[] = [
  { label: 'passport number', labels: ['passport (?:number|no\\.?)'], options: { shape: 'text' }, sources: ['passport', ...APPLICANT_FORMS] },
  { label: 'passport expiry', labels: ['date of expiry', 'expiry date', 'passport expiry(?: date)?'], options: { shape: 'date' }, sources: ['passport', ...APPLICANT_FORMS] },
  { label: 'intended arrival', labels: ['(?:intended )?date of arrival', 'arrival date', 'intended date of (?:travel|entry)'], options: { shape: 'date' }, sources: ['imm-5257', 'travel-itinerary'] },
  { label: 'length of stay', labels: ['(?:intended )?(?:duration|length) of (?:stay|visit)'], options: { shape: 'text' }, sources: ['imm-5257', 'invitation-letter'] },
  { label: 'study period', labels: ['duration of (?:expected )?study', 'program start date', 'start date of (?:the )?program'], options: { shape: 'text' }, sources: STUDY_SOURCES },
  { label: 'expected completion', labels: ['expected (?:date of )?completion(?: date)?', 'completion date'], options: { shape: 'date' }, sources: STUDY_SOURCES },
  { label: 'employment start date', labels: ['(?:employment )?start date', 'date of hire'], options: { shape: 'date' }, sources: WORK_SOURCES },
  { label: 'salary', labels: ['(?:annual |monthly |hourly )?salary', 'wage', 'rate of pay'], options: { shape: 'text' }, sources: WORK_SOURCES },
];

function otherFacts(r: ProfileReader): ApplicantProfile['otherFacts'] {
  return OTHER_FACTS.flatMap(({ label, labels, options, sources }) => {
    const fact = r.first(r.pages(sources, { only: true }), labeled(labels, options));
    return fact ? [{ label, fact }] : [];
  });
}

export function buildApplicantProfile(docs: readonly ClassifiedDocument[]): ApplicantProfile {
  const r = new ProfileReader(docs);
  const profile: ApplicantProfile = {
    ...identity(r),
    relationship: relationship(r),
    ...purposeAndActivity(r),
    funds: r.all(r.pages(FUNDS_SOURCES), findBalances, MAX_FUNDS),
    ...history(r),
    otherFacts: otherFacts(r),
  };
  // Optional fields that were not found are left out rather than set to undefined.
  return Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined)) as ApplicantProfile;
}
