/**
 * What is applied for, from the whole file: the forms present, the documents' own words
 * ("common-law partner", "CAQ", "intra-company transferee", "Express Entry"), and whether a
 * refusal is what the file answers. `unknown` says why when nothing settles it.
 */
import type { Application, ApplicationKind } from '../../../contracts/caseFacts';
import type { Evidence } from '../../../contracts/intakeOutput';
import { decidedByAnotherCountry } from '../documents/typing/foreignDecision';
import { exemptionRefused } from './application/exemptionRefused';
import { addressedByMission } from './application/missionLetter';
import { namedNotApplied } from './application/namedNotApplied';
import { phraseWeight } from './application/phraseWeight';
import { countryIn, CUES, phrases } from './lexicon';
import applicationJson from './lexicons/application.json';
import { quoteOf, type ReadingDocument } from './readingDocument';

type Cue = keyof typeof applicationJson.cues;
/** Application phrases; a space matches a line break too ("temporary\nresident visa"). */
const APPLICATION_CUES = Object.fromEntries(Object.entries(applicationJson.cues).map(([name, list]) => [name, phrases(list.map((p) => p.replace(/ /g, String.raw`\s+`)))])) as Record<Cue, RegExp>;
/** A list of every relationship a class or form covers ("spouse, common-law partner or conjugal partner"): no relationship of this couple. */
const RELATIONSHIP_LIST = new RegExp(applicationJson.relationshipList.map((p) => p.replace(/ /g, String.raw`\s+`)).join('|'), 'giu');
const MARRIED = phrases(applicationJson.married.map((p) => p.replace(/ /g, String.raw`\s+`)));
/** A residence verb, and the words before it that make the sponsored partner its subject. */
const PARTNER_RESIDENCE = new RegExp(`(?<![\\p{L}])(?:${applicationJson.partnerResidence.join('|')})(?![\\p{L}])`, 'giu');
const PARTNER_PRONOUN = new RegExp(applicationJson.partnerSubject[0], 'iu');
const RELATIVE_PRONOUN = new RegExp(applicationJson.partnerSubject[1], 'iu');
/** A parent or grandparent: in a super visa file, the person the host names is this file's applicant. */
const PARENT_WORDS = new RegExp(applicationJson.parentWords.join('|'), 'giu');
/** "will apply from Norway", « présentera sa demande depuis la France »: where the application is made from. */
const APPLYING_FROM = new RegExp(`(?<![\\p{L}])(?:${applicationJson.applyingFrom.join('|')})(?![\\p{L}])`, 'giu');
/** A form's residence field ("3. Country of residence: Morocco"), read in the principal applicant's part only. */
const RESIDENCE_FIELD = new RegExp(`^\\s*(?:\\d{1,2}[.)]\\s*)?${applicationJson.applicantResidenceField}\\s*:\\s*(.+)$`, 'iu');
const APPLICANT_HEADING = new RegExp(applicationJson.applicantHeading, 'iu');
const SPONSOR_HEADING = new RegExp(applicationJson.sponsorHeading, 'iu');
/** A part's heading: a short line. */
const HEADING_CHARS = 90;
/** A given name just before the residence verb ("Renata has remained in Brazil"). */
const NAME_SUBJECT = new RegExp(applicationJson.nameSubject, 'u');
/** A preposition opening the words after a kind of application: a country there is where it is for. */
const FOREIGN_AFTER = /^\s*(?:in|to|for|into|pour|au|aux|en|vers)\s/iu;
/** "from Belgium", « depuis la Belgique »: a place applied from, up to the clause's next comma. */
const FROM_PLACE = /(?<![\p{L}])(?:from|depuis)\s+[^,;.]{1,40}/giu;
/** "I am currently living in Canada", « je vis au Canada depuis 2015 »: the writer alone is the clause's subject. */
const WRITER_SUBJECT = /(?<![\p{L}])(?:i|je|j['’])(?![\p{L}])/iu;
/** A place cue that names a class or a form ("in Canada class", « catégorie … au Canada », "IMM 5710"), not a residence. */
const CLASS_OR_FORM = /class|catégorie|imm|in-canada|inland/iu;
/** Cues that say where the applicant is, not what is applied for. */
const PLACE_CUES = new Set<Cue>(['insideCanada', 'outsideCanada']);
/** Cues read with the lists of relationships masked out. */
const MASK_LISTS = new Set<Cue>(['commonLaw', 'conjugal']);
/** "from outside Canada", « de l'extérieur du Canada »: Canada named as the place the applicant is not. */
const OUTSIDE_OF = /^\s*(?:outside|l['’]extérieur|hors)\b/iu;
/** Sub-kinds that name their kind: a post-graduation or intra-company permit is a work permit, Express Entry is permanent residence. */
const KIND_OF_SUB_KIND: ReadonlyArray<[ApplicationKind, Cue]> = [
  ['work-permit', 'pgwp'],
  ['work-permit', 'ict'],
  ['work-permit', 'openSpousal'],
  ['work-permit', 'iec'],
  ['permanent-residence', 'expressEntry'],
  ['permanent-residence', 'cec'],
  ['permanent-residence', 'fsw'],
  ['permanent-residence', 'fst'],
];
const KIND_CUES: ReadonlyArray<[ApplicationKind, Cue]> = [
  ['spousal-sponsorship', 'spousal'],
  ['study-permit', 'study'],
  ['work-permit', 'work'],
  ['super-visa', 'superVisa'],
  ['visitor-visa', 'visitor'],
  ['permanent-residence', 'permanentResidence'],
];
const FORM_KINDS: Record<string, ApplicationKind> = {
  'imm-1344': 'spousal-sponsorship',
  'imm-5532': 'spousal-sponsorship',
  'imm-1294': 'study-permit',
  'imm-1295': 'work-permit',
  'imm-5257': 'visitor-visa',
  'letter-of-acceptance': 'study-permit',
  lmia: 'work-permit',
  'job-offer': 'work-permit',
  'marriage-certificate': 'spousal-sponsorship',
  'imm-0008': 'permanent-residence',
  'invitation-to-apply': 'permanent-residence',
  'express-entry-profile': 'permanent-residence',
};
/** Documents that are the application's own as much as a form is: an Express Entry profile or invitation. */
const OWN_APPLICATION_DOCUMENTS: ReadonlySet<string> = new Set(['invitation-to-apply', 'express-entry-profile']);
const SUB_KINDS: ReadonlyArray<[string, Cue, ApplicationKind[]]> = [
  ['quebec-caq', 'quebec', ['study-permit', 'work-permit']],
  ['lmia', 'lmiaApproved', ['work-permit', 'permanent-residence']],
  ['lmia-exempt:intra-company-transferee', 'ict', ['work-permit']],
  ['lmia-exempt:pgwp', 'pgwp', ['work-permit']],
  ['lmia-exempt:open-spousal', 'openSpousal', ['work-permit']],
  // International Experience Canada (working holiday, young professionals, international co-op): reciprocal employment, IRPR 205(b).
  ['lmia-exempt:iec', 'iec', ['work-permit']],
  ['express-entry', 'expressEntry', ['permanent-residence']],
  ['express-entry:cec', 'cec', ['permanent-residence']],
  ['express-entry:fsw', 'fsw', ['permanent-residence']],
  ['express-entry:fst', 'fst', ['permanent-residence']],
];

interface Hit {
  evidence: Evidence;
  weight: number;
}


function cueHits(docs: readonly ReadingDocument[], cue: Cue, limit = 3): Hit[] {
  const hits: Hit[] = [];
  const pattern = new RegExp(APPLICATION_CUES[cue].source, 'giu');
  for (const doc of docs) {
    for (const page of doc.pages) {
      for (const segment of page.segments) {
        const text = MASK_LISTS.has(cue) ? segment.text.replace(RELATIONSHIP_LIST, (l) => ' '.repeat(l.length)) : segment.text;
        const m = [...text.matchAll(pattern)].find((x) => {
          const before = text.slice(0, x.index);
          const after = text.slice(x.index + x[0].length, x.index + x[0].length + 40);
          return !namedNotApplied(cue, before, x[0], after);
        });
        if (!m) continue;
        // A sponsor who writes where they live ("I am currently living in Canada") tells the sponsor's place, not the applicant's.
        // "My sponsor is currently living in Canada": the clause tells the sponsor's residence, whoever writes. A class or a form
        // named ("… in the spouse or common-law partner in Canada class", « catégorie des époux … au Canada ») is the file's, whoever writes.
        const placeClause = text.slice(0, m.index).split(/[.!?;:]/).pop() ?? '';
        const sponsorsPlace = CUES.sponsorWords.test(placeClause);
        if (PLACE_CUES.has(cue) && !CLASS_OR_FORM.test(m[0]) && ((doc.author === 'sponsor' && WRITER_SUBJECT.test(placeClause)) || sponsorsPlace)) continue;
        // A form's question lists kinds as options ("refused … a visitor or temporary resident visa?"): not the file's own.
        if (/\?/.test(segment.text)) continue;
        if (CUES.conditionalRefusal.test(segment.text) && (cue === 'permanentResidence' || cue === 'refusalDecision')) continue;
        // Someone else's application ("my brother's visitor visa") or one made to another country names not this file's.
        const before = segment.text.slice(0, m.index);
        const clause = `${before.slice(-40).split(/\s[-–]\s|[|()]/).pop() ?? ''}${m[0]}`;
        // "my tourist visa in the United States", « un visa de visiteur pour la France »: the country named just after is the visa's.
        const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 50).split(/[.,;:!?()\n]/)[0];
        if (!PLACE_CUES.has(cue) && FOREIGN_AFTER.test(after) && !['Canada', undefined].includes(countryIn(after))) continue;
        // A super visa is Canada's alone, and its applicant a host's parent: neither the country nor "my mother" makes it another's.
        const superVisa = cue === 'superVisa';
        // "from Belgium", « depuis la Belgique »: where the applicant applies from, not the country applied to.
        const appliedTo = clause.replace(FROM_PLACE, ' ');
        // In a host's letter the relative invited is this file's applicant: "my mother will apply for a visitor visa" names its visa.
        const invitee = doc.type === 'invitation-letter' && cue === 'visitor';
        if (CUES.otherPersonWords.test(superVisa || invitee ? before.replace(PARENT_WORDS, ' ') : before) || (!superVisa && !['Canada', undefined].includes(countryIn(appliedTo)))) continue;
        hits.push({ evidence: quoteOf(doc, page, segment.start, segment.end), weight: phraseWeight(segment.heading === segment.text, text.slice(0, m.index)) });
        if (hits.length >= limit) return hits;
      }
    }
  }
  return hits;
}

/**
 * Where the sponsored partner lives, when the file says it of them: "my wife lives in Senegal",
 * « elle vit au Sénégal », "my husband, who resides in Canada". Another person's residence (the
 * sponsor's, a relative's) is not read.
 */
function partnerLocation(docs: readonly ReadingDocument[]): Application['applicantLocation'] {
  for (const doc of docs) {
    for (const page of doc.pages) {
      for (const segment of page.segments) {
        for (const m of segment.text.matchAll(PARTNER_RESIDENCE)) {
          // A line a wrapped sentence goes on in ("my⏎husband") opens in lower case: only a new line opening otherwise ends the sentence.
          const sentence = (segment.text.slice(0, m.index).split(/[.!?;:]|\n(?!\s*\p{Ll})/u).pop() ?? '').replace(/\s+/g, ' ');
          const partnerNamed = CUES.spouseWords.test(sentence) && !CUES.sponsorWords.test(sentence);
          // "she lives", "my wife lives", "my wife, Awa, who lives": the partner is the subject just before the verb.
          const partnerSubject = PARTNER_PRONOUN.test(sentence) || (partnerNamed && (RELATIVE_PRONOUN.test(sentence) || CUES.spouseWords.test(sentence.slice(-40))));
          // "Renata has remained in Brazil": a named person living abroad, in a sentence naming no relative and not the sponsor.
          const namedAbroad = !partnerSubject && NAME_SUBJECT.test(sentence) && !CUES.otherPersonWords.test(sentence) && !CUES.sponsorWords.test(sentence);
          if (!partnerSubject && !namedAbroad) continue;
          const place = segment.text.slice((m.index ?? 0) + m[0].length).split(/[.!?;\n]/)[0].slice(0, 60);
          const country = countryIn(place);
          if (!country || country === 'Schengen area' || (namedAbroad && country === 'Canada')) continue;
          return country === 'Canada' ? 'inside-canada' : 'outside-canada';
        }
      }
    }
  }
  return 'unknown';
}

/** The country named just after a phrase, within its clause. */
function countryAfter(text: string, end: number): string | undefined {
  return countryIn(text.slice(end).split(/[.!?;\n]/)[0].slice(0, 60));
}

/** The country of a residence field in the principal applicant's part of a form (a sponsor's part, or none, says nothing). */
function applicantResidence(pageText: string): string | undefined {
  let part: 'applicant' | 'sponsor' | undefined;
  for (const line of pageText.split('\n')) {
    const field = RESIDENCE_FIELD.exec(line);
    if (field && part === 'applicant') return countryIn(field[1]);
    if (field || line.trim().length > HEADING_CHARS) continue;
    if (APPLICANT_HEADING.test(line)) part = 'applicant';
    else if (SPONSOR_HEADING.test(line)) part = 'sponsor';
  }
  return undefined;
}

/**
 * Where the application is made from, said of it ("She will apply from Norway", « présentera sa demande
 * depuis la France »), or, in a sponsorship, the residence field of the principal applicant's part of a form.
 */
function appliedFrom(docs: readonly ReadingDocument[], sponsorship: boolean): Application['applicantLocation'] {
  for (const doc of docs) {
    for (const page of doc.pages) {
      const fromForm = sponsorship ? applicantResidence(page.text) : undefined;
      // "applying … from outside Canada": Canada named, the applicant outside it.
      const said = page.segments.flatMap((s) => [...s.text.matchAll(APPLYING_FROM)].map((m) => (OUTSIDE_OF.test(s.text.slice((m.index ?? 0) + m[0].length)) ? 'outside Canada' : countryAfter(s.text, (m.index ?? 0) + m[0].length)))).find(Boolean);
      const country = fromForm ?? said;
      if (country === 'outside Canada') return 'outside-canada';
      if (!country || country === 'Schengen area') continue;
      return country === 'Canada' ? 'inside-canada' : 'outside-canada';
    }
  }
  return 'unknown';
}

export function readApplication(docs: readonly ReadingDocument[]): Application {
  const scores = new Map<ApplicationKind, { score: number; evidence: Evidence[] }>();
  const add = (kind: ApplicationKind, score: number, evidence?: Evidence) => {
    const entry = scores.get(kind) ?? { score: 0, evidence: [] };
    entry.score += score;
    if (evidence && entry.evidence.length < 3) entry.evidence.push(evidence);
    scores.set(kind, entry);
  };
  for (const doc of docs) {
    const kind = FORM_KINDS[doc.type];
    if (kind) add(kind, doc.type.startsWith('imm-') || OWN_APPLICATION_DOCUMENTS.has(doc.type) ? 4 : 2);
  }
  // A sponsored partner's open work permit (applied for with an in-Canada sponsorship) is part of the sponsorship, not a work permit file of its own.
  const sponsored = cueHits(docs, 'spousal', 1).length > 0;
  for (const [kind, cue] of [...KIND_CUES, ...KIND_OF_SUB_KIND]) {
    const to: ApplicationKind = sponsored && cue === 'openSpousal' ? 'spousal-sponsorship' : kind;
    for (const hit of cueHits(docs, cue)) add(to, hit.weight, hit.evidence);
  }
  // A super visa is a visitor visa with more; a sponsorship names a spouse.
  if ((scores.get('super-visa')?.score ?? 0) > 0) add('super-visa', scores.get('visitor-visa')?.score ?? 0);
  // A sponsored spouse applies for permanent residence: that application is part of the sponsorship, unless Express Entry names another route.
  if ((scores.get('spousal-sponsorship')?.score ?? 0) > 0 && cueHits(docs, 'expressEntry', 1).length === 0) add('spousal-sponsorship', scores.get('permanent-residence')?.score ?? 0);
  const ranked = [...scores.entries()].sort((a, b) => b[1].score - a[1].score);
  // A refusal file holds a decision refusing this application: not a boilerplate "may be refused", nor a relative's refusal, nor another country's.
  const isRefusal = docs.some((d) => (d.type === 'gcms-notes' || !decidedByAnotherCountry(d.pages.map((p) => p.text).join('\n'))) && cueHits([d], 'refusalDecision', 1).length > 0);
  const inside = cueHits(docs, 'insideCanada', 1).length > 0;
  const outside = cueHits(docs, 'outsideCanada', 1).length > 0;
  const applicantLocation = inside && !outside ? 'inside-canada' : outside && !inside ? 'outside-canada' : 'unknown';
  // An eTA (IRPR 7.1) named as much as any kind: what is applied for has no kind in the model.
  const eta = cueHits(docs, 'eta').reduce((sum, hit) => sum + hit.weight, 0);
  if (eta > 0 && eta >= (ranked[0]?.[1].score ?? 0)) {
    return { kind: 'unknown', subKinds: [], reason: 'the file applies for an electronic travel authorization (IRPR 7.1), which no kind of the model names', applicantLocation, isRefusal, evidence: [], confidence: 0.3 };
  }
  if (ranked.length === 0 || ranked[0][1].score < 1 || (ranked[1] && ranked[1][1].score === ranked[0][1].score)) {
    return { kind: 'unknown', subKinds: [], reason: ranked.length === 0 ? 'no form, document or wording of the file names what is applied for' : `the file names ${ranked[0][0]} and ${ranked[1]?.[0]} equally`, applicantLocation, isRefusal, evidence: [], confidence: 0.3 };
  }
  let [kind, best] = ranked[0];
  if (kind === 'spousal-sponsorship') {
    if (cueHits(docs, 'conjugal', 1).length) kind = 'conjugal-sponsorship';
    else if (cueHits(docs, 'commonLaw', 1).length && !docs.some((d) => d.type === 'marriage-certificate' || d.pages.some((p) => MARRIED.test(p.text)))) kind = 'common-law-sponsorship';
  }
  const base: ApplicationKind = kind === 'conjugal-sponsorship' || kind === 'common-law-sponsorship' ? 'spousal-sponsorship' : kind;
  const subKinds = SUB_KINDS.filter(([, cue, kinds]) => kinds.includes(base) && cueHits(docs, cue, 1).length > 0).map(([name]) => name);
  // A work permit is LMIA-based (IRPR 203) or exempt (IRPR 204–205): a file that speaks of the job's
  // LMIA, names no exemption and never says none is needed relies on one.
  if (base === 'work-permit' && !subKinds.some((s) => s === 'lmia' || s.startsWith('lmia-exempt:')) && cueHits(docs, 'lmiaNamed', 1).length > 0 && cueHits(docs, 'lmiaNotNeeded', 1).length === 0) {
    subKinds.push('lmia');
  }
  // A work permit has one basis (IRPR 203, or an exemption of 204–205): an exemption the file names for this permit
  // (a spouse's open permit, IEC, an intra-company transfer, a PGWP) is its basis, and the LMIA it also names is another's
  // (the principal worker's, the employer's other hires).
  // An exemption the officer found does not apply, beside a positive LMIA, was only considered: the LMIA is the basis.
  const lmiaBasis = subKinds.includes('lmia') && exemptionRefused(docs);
  if (subKinds.some((s) => s.startsWith('lmia-exempt:'))) subKinds.splice(0, subKinds.length, ...subKinds.filter((s) => (lmiaBasis ? !s.startsWith('lmia-exempt:') : s !== 'lmia')));
  // A worker needs Quebec's CAQ only where the permit needs an LMIA (IRPR 200(3)(b)): beside an exemption, the CAQ the file
  // names is a student's (the applicant's past studies, a spouse's), not this permit's.
  if (base === 'work-permit' && subKinds.some((s) => s.startsWith('lmia-exempt:'))) subKinds.splice(0, subKinds.length, ...subKinds.filter((s) => s !== 'quebec-caq'));
  // A spousal sponsorship is made in Canada (the in-Canada class, IRPR 123–125: the couple live together
  // here) or from abroad (the family class): where the applicant is says which.
  const applied = applicantLocation === 'unknown' ? appliedFrom(docs, base === 'spousal-sponsorship') : applicantLocation;
  const said = applied === 'unknown' ? addressedByMission(docs) : applied;
  const location = base === 'spousal-sponsorship' && said === 'unknown' ? partnerLocation(docs) : said;
  if (base === 'spousal-sponsorship' && location !== 'unknown') subKinds.push(location === 'inside-canada' ? 'inland' : 'outland');
  if (subKinds.some((s) => s.startsWith('express-entry:')) && !subKinds.includes('express-entry')) subKinds.unshift('express-entry');
  const runnerUp = ranked[1]?.[1].score ?? 0;
  return {
    kind,
    subKinds,
    reason: `${best.score} signals for ${kind}${runnerUp ? `, ${runnerUp} for ${ranked[1][0]}` : ''}`,
    applicantLocation: location,
    isRefusal,
    evidence: best.evidence,
    confidence: Math.min(0.95, 0.5 + (best.score - runnerUp) / 10),
  };
}
