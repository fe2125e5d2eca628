/**
 * People named in prose, with the role the sentence gives them: the author ("I, <name>, …", "Je
 * soussignée <name>", a letter's "From:" and signature), the one a letter is about ("This is to
 * certify that Ms. <name> …"), the addressee of a decision ("Dear <name>", "Madame <name>"), a
 * relative or partner by apposition ("my brother, <name>", "<name>, father of …"), the people
 * invited or sponsored ("invite my parents, Mr. <name> and Mrs. <name>", "sponsorship of my
 * husband, <name>"), counsel ("counsel (<name>, RCIC)"), a former spouse ("divorced from <name>"),
 * and the accused of a court record ("The State v. <name>").
 */
import type { PartyRole } from '../../../contracts/caseFacts';
import partiesJson from './lexicons/parties.json';
import { countryIn } from './lexicon';
import { readPersonName } from './personName';

export interface NamedInProse {
  role: PartyRole;
  name: string;
  start: number;
  end: number;
  /** Read from a sentence that states the role (an apposition, a label-like verb), or guessed from the layout. */
  stated: boolean;
}

/** Lexicon phrases; a space matches a line break too (a PDF wraps lines inside a phrase). */
const alt = (list: readonly string[]) => list.map((p) => p.replace(/ /g, String.raw`\s+`)).join('|');
const TITLE = String.raw`(?:(?:${alt(partiesJson.honorifics)})\.?\s+)?`;
const POSSESSIVE = String.raw`(?:(?:${alt(partiesJson.possessives)})\s+)`;
const RELATION_OTHER = alt(partiesJson.relations.other);
const RELATION_SPOUSE = alt(partiesJson.relations.spouse);
const RELATION_EX = alt(partiesJson.relations['previous-spouse']);
const NAME_START = String.raw`(?=\p{Lu})`;

/** Patterns whose capture is followed by a name: [pattern, role or how to decide it]. */
type Decide = PartyRole | 'author' | 'spouse';
const B = String.raw`(?<![\p{L}])`;
const E = String.raw`(?![\p{L}])`;
const rx = (s: string) => new RegExp(s, 'giu');
const BEFORE_NAME: ReadonlyArray<[RegExp, Decide]> = [
  [rx(String.raw`${B}(?:${alt(partiesJson.sponsoredVerbs)})\s+(?:${POSSESSIVE}(?:${RELATION_SPOUSE}|${RELATION_OTHER})[,:]?\s+)?${TITLE}${NAME_START}`), 'applicant'],
  [rx(String.raw`${B}(?:${alt(partiesJson.invitedVerbs)})\s+(?:${POSSESSIVE}(?:${RELATION_OTHER}|parents)[,:]?\s+)?${TITLE}${NAME_START}`), 'applicant'],
  // "Re: visa application for my parents, Mr. <name> and Mrs. <name>", "the application of my mother, <name>": the relatives the application is for apply.
  [rx(String.raw`${B}(?:(?:application|visa|permit|demande|visa)\s+(?:for|pour)|application\s+of|demande\s+(?:de|d['’]))\s+${POSSESSIVE}(?:${RELATION_OTHER}|parents)[,:]?\s+${TITLE}${NAME_START}`), 'applicant'],
  // "We represent Ms. <name>", "a work permit for Mr. <name>": counsel's client, the one a permit is sought for (a title opens the name).
  [rx(String.raw`${B}(?:${alt(partiesJson.representedVerbs)})\s+${TITLE}${NAME_START}`), 'applicant'],
  [rx(String.raw`${B}(?:${alt(partiesJson.permitFor)})\s+(?:for|pour)\s+(?:${alt(partiesJson.honorifics)})\.?\s+${NAME_START}`), 'applicant'],
  // "I am applying … as the spouse of Mr. <name>", « en tant qu'épouse de M. <name> »: the applicant's partner.
  [rx(String.raw`${B}(?:as|comme|en\s+tant\s+que|en\s+tant\s+qu['’])\s*(?:the\s+|l['’])?(?:${RELATION_SPOUSE})\s+(?:of|de|du|d['’])\s*${TITLE}${NAME_START}`), 'spouse-or-partner'],
  // "I am the wife of Mr. <name>", « je suis l'épouse de M. <name> »: the author's partner.
  [rx(String.raw`${B}(?:I\s+am|je\s+suis)\s+(?:the\s+|l['’]\s*|le\s+|la\s+)?(?:${RELATION_SPOUSE})\s+(?:of|de|du|d['’])\s*${TITLE}${NAME_START}`), 'spouse'],
  // "sponsored by my husband, <name>", « parrainée par M. <name> », "Sponsorship of <name> by <name>": the sponsor.
  [rx(String.raw`${B}(?:sponsored|parrainée?s?)\s+(?:by|par)\s+(?:${POSSESSIVE}(?:${RELATION_SPOUSE})[,:]?\s+)?${TITLE}${NAME_START}`), 'sponsor'],
  [rx(String.raw`${B}(?:sponsorship|parrainage)\s+(?:of|de|d['’])\s*${TITLE}\p{Lu}[^\n.;:]{2,60}?\s(?:by|par)\s+${TITLE}${NAME_START}`), 'sponsor'],
  // "the sponsor, Mr. <name>", « Le demandeur, M. <name>, conteste … »: a role in apposition.
  [rx(String.raw`${B}(?:the|le|la|l['’])\s*(?:${alt(partiesJson.appositionRoles.sponsor)})\s*,\s+${TITLE}${NAME_START}`), 'sponsor'],
  [rx(String.raw`${B}(?:the|le|la|l['’])\s*(?:${alt(partiesJson.appositionRoles.applicant)})\s*,\s+${TITLE}${NAME_START}`), 'applicant'],
  // "I first met <name>", « J'ai rencontré <name> à Recife »: the author's partner.
  [rx(String.raw`${B}(?:${alt(partiesJson.firstMetVerbs)})\s+${TITLE}${NAME_START}`), 'spouse'],
  [rx(String.raw`${B}(?:${alt(partiesJson.previousSpouseVerbs)})\s+${TITLE}${NAME_START}`), 'previous-spouse'],
  // "… married <name> …; the divorce was granted …": a marriage the same sentence says ended.
  [rx(String.raw`${B}(?:${alt(partiesJson.marriedVerbs)})\s+${TITLE}${NAME_START}(?=[^.!?\n]{0,160}?(?:${alt(partiesJson.marriageEnded)}))`), 'previous-spouse'],
  [rx(String.raw`${B}(?:${POSSESSIVE}?(?:${RELATION_EX}))[,:]?\s+${TITLE}${NAME_START}`), 'previous-spouse'],
  [rx(String.raw`${B}(?:${alt(partiesJson.counselWords)})\s*[,:(]?\s*${TITLE}${NAME_START}`), 'counsel'],
  [rx(String.raw`${B}${POSSESSIVE}(?:${RELATION_OTHER})[,:]?\s+${TITLE}${NAME_START}`), 'other'],
  [rx(String.raw`${B}${POSSESSIVE}(?:${RELATION_SPOUSE})['’]s\s+(?:${RELATION_OTHER})[,:]?\s+${TITLE}${NAME_START}`), 'other'],
  [rx(String.raw`${B}\((?:${RELATION_OTHER})[,:]?\s+${TITLE}${NAME_START}`), 'other'],
  [rx(String.raw`${B}${POSSESSIVE}(?:${RELATION_SPOUSE})[,:]?\s+${TITLE}${NAME_START}`), 'spouse'],
  [rx(String.raw`${B}(?:I,|We,|Je,?\s+soussignée?,?|Je,|Nous,|Nous\s+soussignés,?|My name is|Je m['’]appelle|Je me nomme|I am|Je suis)\s+${TITLE}${NAME_START}`), 'author'],
  [rx(String.raw`(?:^|\n)[ \t]*(?:From|De|Expéditeur|Expéditrice|Sender)[ \t]*:[ \t]*${TITLE}${NAME_START}`), 'author'],
  [rx(String.raw`${B}(?:${alt(partiesJson.workerVerbs)})\s+${TITLE}${NAME_START}`), 'applicant'],
  [rx(String.raw`${B}(?:${RELATION_OTHER})\s+(?:of|de|du|d['’])\s*${TITLE}${NAME_START}`), 'applicant'],
  [rx(String.raw`${B}(?:${alt(partiesJson.courtParties)})\s+${TITLE}${NAME_START}`), 'applicant'],
];
const KIN_OF_KIN = new RegExp(String.raw`${B}(?:${RELATION_OTHER})\s+(?:de|du|d['’]|of)\s*${POSSESSIVE}?(?:${RELATION_SPOUSE}|${RELATION_OTHER})[,:]?\s+${TITLE}$|(?:${RELATION_SPOUSE}|${RELATION_OTHER})['’]s\s+(?:${RELATION_OTHER})[,:]?\s+${TITLE}$`, 'iu');

/** "<name>, father of …", "<name> (père)": the relation follows the name. */
const RELATION_AFTER = new RegExp(String.raw`^\s*(?:,\s*|\(\s*)(?:(?:${RELATION_OTHER})(?:\s+(?:of|de|du|d['’]))?|(?:${RELATION_EX}))(?=[\s,)])`, 'iu');
/** "… and Mrs. <name>" after a first invited person, "Nous, <name>, …, et <name>, …", "We, <name>, of <town>, <province>, and <name>". */
const AND_NEXT = new RegExp(String.raw`^(?:(?:,[^,.;\n]{0,60}){1,2},)?\s+(?:and|et)\s+${TITLE}${NAME_START}`, 'u');
/** A sponsor must be a Canadian citizen or permanent resident: of two people declaring together, that one sponsors. */
const CANADIAN_STATUS = /^[,\s]*(?:(?:a|an|un|une)\s+)?(?:canadian citizen|permanent resident|citoyen(?:ne)? canadien(?:ne)?|résident(?:e)? permanent(?:e)?)/iu;

/** ", of Regina, Saskatchewan,", « , de Sudbury (Ontario), »: the place just after a name, where that person lives, is in Canada. */
function livesInCanada(after: string): boolean {
  const place = /^\s*,\s*(?:of|from|de|du|d['’])\s+([^,;:\n]{2,40}(?:,\s*[^,;:\n]{2,30})?)/iu.exec(after)?.[1];
  return place !== undefined && countryIn(place) === 'Canada';
}

/** "<name>, who sponsors Mr. …", « <name>, citoyen canadien, qui me parraine »: the sponsor, whatever the sentence called them. */
const WHO_SPONSORS = /^\s*,\s*(?:[^,.;:\n]{2,40},\s*)?(?:who\s+(?:is\s+)?sponsor(?:s|ing)|qui\s+(?:me\s+|le\s+|la\s+|l['’]\s*)?parraine)(?![\p{L}])/iu;

const SUPPORTS_SPONSORSHIP = new RegExp(String.raw`(?:${alt(partiesJson.sponsoredVerbs)})\s+(?:his|her|son|sa)\s+(?:${RELATION_SPOUSE})`, 'iu');

const INVITES = new RegExp(String.raw`${B}(?:${alt(partiesJson.invitedVerbs)})${E}`, 'iu');
const COUNSEL = new RegExp(String.raw`${B}(?:act|agir)\s+(?:as|à\s+titre\s+de|comme)\s+(?:the\s+|a\s+|an\s+|le\s+|la\s+)?(?:${alt(partiesJson.counselWords)})${E}`, 'iu');
const SPONSORS = new RegExp(String.raw`${B}(?:sponsor|sponsoring|parraine|parrainer|répondante?)${E}`, 'iu');

/** "I, <name>, Canadian citizen, invite …": the sentence that names the author says what the author does. */
function authorOfSentence(after: string, author: PartyRole): PartyRole {
  const sentence = after.split(/[.;:](?:\s|$)/u)[0].slice(0, 250);
  if (author === 'applicant' && INVITES.test(sentence)) return 'inviter';
  if (author === 'applicant' && SPONSORS.test(sentence)) return 'sponsor';
  // "Je, <name>, accepte d'agir à titre de représentante": the representative's own declaration.
  if (COUNSEL.test(sentence)) return 'counsel';
  return author;
}

/** A third-person letter's subject: "certify that Ms. <name>", « atteste que l'étudiante <name> ». */
const SUBJECT = rx(String.raw`${B}(?:certify|certifies|confirm|confirms|attest|attests|certifions|confirmons|attestons|certifie|confirme|atteste)\s+(?:that|que|qu['’])\s*(?:(?:the|l['’]|le|la)\s*(?:${alt(partiesJson.subjectNouns)})\s+)?${TITLE}${NAME_START}`);

function nameAt(text: string, at: number): { name: string; end: number } | undefined {
  const read = readPersonName(text.slice(at, at + 120));
  return read ? { name: read.name, end: at + read.length } : undefined;
}

/** Names the page's prose gives a role; `author` is who "I" is in this document. */
export function namedInProse(text: string, author: PartyRole): NamedInProse[] {
  const out: NamedInProse[] = [];
  const taken = new Set<number>();
  const push = (role: PartyRole, at: number, stated: boolean) => {
    const found = nameAt(text, at);
    if (!found || taken.has(at)) return undefined;
    taken.add(at);
    // A relation after the name overrides the role the sentence gave it ("I certify that Mr. X, father of Y").
    const after = RELATION_AFTER.exec(text.slice(found.end, found.end + 40));
    const sponsors = WHO_SPONSORS.test(text.slice(found.end, found.end + 80));
    const finalRole: PartyRole = sponsors ? 'sponsor' : after ? (new RegExp(`^\\s*[,(]\\s*(?:${RELATION_EX})`, 'iu').test(after[0]) ? 'previous-spouse' : 'other') : role;
    out.push({ role: finalRole, name: found.name, start: at, end: found.end, stated: stated || Boolean(after) || sponsors });
    return found;
  };
  // "From:" names the author of a letter, not of a thread of e-mails between two people.
  const oneFrom = (text.match(/(?:^|\n)[ \t]*(?:From|De|Expéditeur|Expéditrice|Sender)[ \t]*:/giu) ?? []).length === 1;
  // A letter supporting someone's sponsorship of "his/her spouse" is about the sponsor.
  const aboutSponsor = SUPPORTS_SPONSORSHIP.test(text);
  for (const [pattern, decide] of BEFORE_NAME) {
    if (/Expéditeur/.test(pattern.source) && !oneFrom) continue;
    for (const m of text.matchAll(pattern)) {
      const at = (m.index ?? 0) + m[0].length;
      // "le frère de mon mari, <name>", "my husband's brother, <name>": a relative of a relative is someone else.
      const kin = KIN_OF_KIN.test(text.slice(Math.max(0, (m.index ?? 0) - 30), (m.index ?? 0) + m[0].length));
      const role: PartyRole = kin ? 'other' : decide === 'author' ? authorOfSentence(text.slice(at), author) : decide === 'spouse' ? (author === 'sponsor' ? 'applicant' : author === 'inviter' ? 'inviter' : 'spouse-or-partner') : decide;
      const found = push(role, at, true);
      // A second person joined by "and"/"et" has the same role, save the author's co-signatory (the partner).
      const next = found && AND_NEXT.exec(text.slice(found.end, found.end + 120));
      if (!next || !found) continue;
      const second = found.end + next[0].length;
      if (decide !== 'author') {
        push(role, second, true);
        continue;
      }
      const first = out[out.length - 1];
      // Hosts inviting together both invite; partners declaring together are the couple.
      const other = push(first.role === 'inviter' ? 'inviter' : author === 'sponsor' ? 'applicant' : 'spouse-or-partner', second, true);
      if (!other || first.role === 'inviter') continue;
      // A Canadian status beside a name, or else a home in Canada (« de Sudbury (Ontario) », "of Regina, Saskatchewan").
      const stated = [found.end, other.end].map((end) => CANADIAN_STATUS.test(text.slice(end, end + 60)));
      const [firstCanadian, secondCanadian] = stated.some(Boolean) ? stated : [found.end, other.end].map((end) => livesInCanada(text.slice(end, end + 60)));
      if (firstCanadian !== secondCanadian) {
        first.role = firstCanadian ? 'sponsor' : 'applicant';
        out[out.length - 1].role = firstCanadian ? 'applicant' : 'sponsor';
      }
    }
  }
  for (const m of text.matchAll(SUBJECT)) push(aboutSponsor ? 'sponsor' : 'applicant', (m.index ?? 0) + m[0].length, false);
  return out;
}
