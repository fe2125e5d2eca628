/**
 * The people and organisations of the file, by role: form fields first ("Sponsor's name:",
 * "Nom de l'employeur :"), then the few prose forms that name a role ("I, <name>, …").
 */
import type { Party, PartyRole } from '../../../contracts/caseFacts';
import { phrases } from './lexicon';
import { quoteOf, type ReadingDocument } from './readingDocument';

const FIELD_ROLES: ReadonlyArray<[PartyRole, RegExp]> = [
  ['sponsor', phrases(["sponsor['’]?s? (?:full |family |given )?names?", "name of (?:the )?sponsor", "sponsor", "nom (?:complet |de famille )?du répondant", "répondante?", "nom de la répondante"])],
  ['counsel', phrases(["(?:authori[sz]ed |paid )?representative(?:['’]s name)?", "counsel", "name of (?:the )?representative", "(?:nom du )?représentant(?:e)?(?: autorisée?)?", "avocate?", "consultant(?:e)?"])],
  ['employer', phrases(["(?:name of (?:the )?)?employer(?:['’]s name| name)?", "company(?: name)?", "(?:nom de l['’])?employeur", "nom de l['’]entreprise", "entreprise"])],
  ['school', phrases(["(?:name of (?:the )?)?(?:designated learning )?institution(?: name)?", "school(?: name)?", "(?:university|college)(?: name)?", "(?:nom de l['’])?établissement(?: d['’]enseignement)?(?: désigné)?", "université", "collège", "cégep"])],
  ['inviter', phrases(["(?:name of (?:the )?)?(?:inviter|host)(?:['’]s name)?", "(?:person )?inviting", "(?:nom de l['’])?(?:hôte|hôtesse)", "personne qui (?:invite|reçoit)"])],
  ['spouse-or-partner', phrases(["(?:name of )?(?:spouse|partner|common-law partner)(?:['’]s name)?", "(?:nom du |nom de la )?(?:conjointe?|époux|épouse)(?: de fait)?"])],
  ['applicant', phrases(["(?:principal )?applicant['’]?s? (?:full )?name", "name of (?:the )?applicant", "full name", "(?:family name|surname|last name)(?:\\s*\\(?s\\)?)?", "(?:given|first) names?", "name", "nom(?: de famille| complet)?", "prénoms?", "nom du demandeur", "nom de la demanderesse", "titulaire", "holder"])],
];
/** A value that reads as a name: 2–6 words, letters, mostly capitalised, no digits. */
const NAME = /^[\p{Lu}][\p{L}'’.-]*(?:[ ,]+[\p{L}'’.-]+){0,5}$/u;
const ORGANISATION = /^[\p{L}\p{N}][\p{L}\p{N}&'’.,()\- ]{1,80}$/u;
const NAME_WORDS = String.raw`[\p{Lu}][\p{L}'’.-]+(?:\s+[\p{Lu}][\p{L}'’.-]+){1,4}`;
/** "I, Jane Doe, …", "Je, soussignée Awa Diop, …", "My name is …", "Je m'appelle …". */
const AUTHOR = new RegExp(String.raw`\bI,\s+(${NAME_WORDS}),|\bJe,?\s+(?:soussignée?,?\s+)?(${NAME_WORDS}),|\b(?:My name is|Je m['’]appelle|Je me nomme)\s+(${NAME_WORDS})`, 'u');
/** A company's legal name: the letterhead of an employer's letter, or "employed with Acme Ltd.". */
const COMPANY = /(?:^|\n)[ \t]*((?:[\p{Lu}\d][\p{L}\d&'’.-]*[ \t]+){0,5}(?:[Ll]td|Limited|[Ii]nc|Corp|Corporation|LLC|LLP|GmbH|S\.?A\.?S?|SARL|[Pp]vt(?:\.? [Ll]td)?|Pty|Co|Company|Group|Clinic|Hospital|Restaurant|Hotel|Farms?|[Ll]tée|[Ss]\.?[Ee]\.?[Nn]\.?[Cc]\.?)\.?)[ \t]*(?:\n|$)/u;
const EMPLOYED_WITH = /\b(?:employed (?:with|by|at)|works? (?:for|at|with)|working (?:with|for|at)|employée? (?:chez|par)|travaille (?:chez|pour))\s+((?:[\p{Lu}\d][\p{L}\d&'’-]*\.?\s*){1,6})/u;
/** Who a third-person letter is about: "This is to certify that Ms. Deepa Iyer …", "Nous confirmons que Mme Lina Haddad …". */
const SUBJECT = new RegExp(String.raw`\b(?:certify|certifies|confirm|confirms|attest|attests|certifions|confirmons|attestons|certifie|confirme|atteste) (?:that|que|qu['’])\s+(?:(?:Mr|Mrs|Ms|Miss|Dr|Mme|Mlle|M)\.?\s+)?(${NAME_WORDS})|\b(?:Mr|Mrs|Ms|Mme|Mlle)\.?\s+(${NAME_WORDS})\s+(?:maintains|holds|has (?:been|held|maintained)|détient|est titulaire)`, 'u');
const EMPLOYMENT_WORDS = /\b(?:employed|employment|works? (?:for|at|with)|working (?:with|for|at)|travaille|emploi|salaire|salary)\b/iu;
const EMPLOYER_DOCUMENTS = new Set(['employment-letter', 'job-offer', 'pay-stubs', 'lmia']);

function roleOfLabel(label: string): PartyRole | undefined {
  const l = label.trim();
  if (l.length > 60) return undefined;
  for (const [role, pattern] of FIELD_ROLES) {
    const m = pattern.exec(l);
    // The label must be about the name: "Employer address" names no employer.
    if (m && !/address|adresse|phone|téléphone|e-?mail|courriel|date|number|numéro|no\.|signature|relationship|lien|occupation|country|pays|city|ville/iu.test(l)) return role;
  }
  return undefined;
}

export function readParties(doc: ReadingDocument): Party[] {
  const out: Party[] = [];
  for (const page of doc.pages) {
    const familyGiven: { family?: string; given?: string } = {};
    for (const segment of page.segments) {
      if (!segment.field) continue;
      const role = roleOfLabel(segment.field.label);
      if (!role) continue;
      const value = segment.field.value.replace(/\s{2,}.*$/, '').trim();
      const isOrganisation = role === 'employer' || role === 'school';
      if (!(isOrganisation ? ORGANISATION : NAME).test(value) || /^(?:n\/a|none|aucun|néant|yes|no|oui|non)$/i.test(value)) continue;
      const label = segment.field.label.toLowerCase();
      if (role === 'applicant' && /family|surname|last|nom de famille/.test(label)) familyGiven.family = value;
      if (role === 'applicant' && /given|first|prénom/.test(label)) familyGiven.given = value;
      const personRole = role === 'applicant' && doc.author === 'sponsor' && !/applicant|demandeur|demanderesse/i.test(label) ? 'sponsor' : role;
      out.push({ role: personRole, name: value, evidence: quoteOf(doc, page, segment.start, segment.end), confidence: 0.8, source: 'rules' });
    }
    if (familyGiven.family && familyGiven.given) {
      // "Family name: DOE" and "Given name(s): Jane" are one person.
      const parts = out.filter((p) => p.role !== 'employer' && p.role !== 'school' && (p.name === familyGiven.family || p.name === familyGiven.given));
      const role = parts[0]?.role ?? 'applicant';
      const evidence = parts[0]?.evidence;
      for (const p of parts) out.splice(out.indexOf(p), 1);
      if (evidence) out.push({ role, name: `${familyGiven.given} ${familyGiven.family}`, evidence, confidence: 0.8, source: 'rules' });
    }
    if ((EMPLOYER_DOCUMENTS.has(doc.type) || EMPLOYMENT_WORDS.test(page.text.slice(0, 1500))) && page.page === doc.pages[0]?.page) {
      const head = page.text.slice(0, 400);
      const company = COMPANY.exec(head) ?? EMPLOYED_WITH.exec(page.text);
      if (company) {
        const name = company[1].trim().replace(/[,]$/, '').replace(/\s+(?:inc|ltd|ltée|llc|pvt\.? ltd|pvt)\.?$/iu, '');
        const at = page.text.indexOf(name);
        if (at >= 0 && !/^(?:our|the|this|notre|la|le)\b/i.test(name)) out.push({ role: 'employer', name, evidence: quoteOf(doc, page, at, at + name.length), confidence: 0.7, source: 'rules' });
      }
    }
    const subject = doc.author === 'applicant' ? SUBJECT.exec(page.text) : null;
    if (subject) {
      const name = subject[1] ?? subject[2];
      out.push({ role: 'applicant', name, evidence: quoteOf(doc, page, subject.index, subject.index + subject[0].length), confidence: 0.7, source: 'rules' });
    }
    const author = AUTHOR.exec(page.text);
    if (author) {
      const name = author[1] ?? author[2] ?? author[3];
      const start = author.index;
      out.push({ role: doc.author, name, evidence: quoteOf(doc, page, start, start + author[0].length), confidence: 0.75, source: 'rules' });
    }
  }
  return out;
}
