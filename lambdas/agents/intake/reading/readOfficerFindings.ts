/**
 * What a Canadian decision-maker found, read from refusal letters and officers' notes (GCMS/SMGC):
 * each ground (by provision, and by topic when the reasons name one), statements that a document
 * or evidence was absent, reliance on information from outside the application, and whether a
 * procedural-fairness letter was sent. A foreign refusal in the file (a US 214(b) notice, a
 * Schengen or UK refusal) is history, read as an event, not the decision being answered. Facts
 * only; whether a finding can be challenged is for the rules downstream. Vocabulary:
 * lexicons/officerFindings.json.
 */
import type { OfficerFinding } from '../../../contracts/caseFacts';
import type { DocumentType } from '../../../contracts/intakeOutput';
import words from './lexicons/officerFindings.json';
import { CUES } from './lexicon';
import { provisionsIn } from './provisions';
import { quoteOf, type ReadingDocument } from './readingDocument';
import { spacedPhrases } from './spacedPhrases';
import { boxedLines } from './boxedLines';
import { markedLines } from './markedLines';
import { setAsidePoint, withdrawnAt } from './setAside';
import { firstTopic, topicsIn, topicTable } from './topicTables';

export { provisionsIn };

const DECISION_DOCUMENTS = new Set<DocumentType>(['refusal-letter', 'gcms-notes']);
const NOT_DECISIONS = new Set<DocumentType>(['submission-letter']);
const CANADIAN = spacedPhrases(words.canadianAuthority);
const OFFICER_NOTES = spacedPhrases(words.officerNotes);
const TRIBUNAL = spacedPhrases(words.tribunal);
const TRIBUNAL_REASONS = spacedPhrases(words.tribunalReasons);
const POSSIBLE_FACTORS = spacedPhrases(words.possibleFactors);
const LAW_STATEMENT = spacedPhrases(words.lawStatement);
const PAST_REFUSAL = spacedPhrases(words.pastRefusal);
const APPLICANT_SAYS = new RegExp(words.applicantSays.map((p) => p.replace(/ +/g, '\\s+')).join('|'), 'iu');
const ASSESSMENT_TURN = spacedPhrases(words.assessmentTurn);
/** The applicant addressed or named: a sentence about them is no mere statement of the law. */
const ADDRESSED = /(?<![\p{L}])(?:you|your|vous|votre|vos|PA|DP|DC)(?![\p{L}])/u;
const REFUSES = spacedPhrases(words.refusalStatement);
const APPROVAL = spacedPhrases(words.approval);
const NOT_SATISFIED = spacedPhrases(words.notSatisfied);
const GROUNDS_INTRO = spacedPhrases(words.groundsIntro);
const REASONING = spacedPhrases(words.reasoning);
const ADVERSE = spacedPhrases(words.adverseAssessment);
const MISREPRESENTATION_FINDING = spacedPhrases(words.misrepresentationFinding);
const ABSENCE = spacedPhrases(words.absence);
const EXTRINSIC_WORDS = spacedPhrases(words.extrinsic);
const OWN_SOURCES = spacedPhrases(words.ownSources, 'giu');
/** Reliance on information from outside the application: a check's words, once what the applicant's side gave or the file itself is set aside. */
const EXTRINSIC = { test: (text: string) => EXTRINSIC_WORDS.test(text.replace(OWN_SOURCES, ' ')) };
const FAIRNESS_SENT = spacedPhrases(words.fairnessSent);
const FAIRNESS_LETTER = spacedPhrases(words.fairnessLetter);
const FAIRNESS_NOT_SENT = spacedPhrases(words.fairnessNotSent);
const GENERIC_DOCUMENTS = spacedPhrases(words.genericDocuments);
const CONSEQUENCES: readonly string[] = words.consequenceProvisions.ids;
const DEPARTURE = spacedPhrases(words.departure);
/** A sentence that is only a citation ("R4(1).", "A40(1)(a)", "(IRPR 216(1)(b))", "40(1)a) LIPR." where a wrapped line cut "al." from its number). */
const CITATION_ONLY = /^[\s(\[]*(?:(?:IRPA|IRPR|LIPR|RIPR|[AR])[ \t]?)?\d{1,3}(?:\.\d)?(?:\([0-9a-z.]+\)|[a-z]\))*(?:[ \t]+(?:of the |de la |du )?(?:IRPA|IRPR|LIPR|RIPR|Act|Regulations|Loi|Règlement))?[\s)\].;,]*$/iu;
/** A sentence that is the decision itself: "Your application is refused.", « Votre demande est refusée. », a note's "Refus." or "Refused." alone. */
const refusesHere = (text: string) => REFUSES.test(text) || /^[\s"“«(]*(?:refus(?:ed|ée?)?|refusal)[\s.!)»”"]*$/iu.test(text);
/** A sentence that continues the one before it ("They do not show…", "Celui-ci n'explique pas…"). */
const ANAPHORA = new RegExp(`^[\\s"“«(]*${spacedPhrases(words.anaphora).source}`, 'iu');
const table = topicTable;
const TOPICS = table(words.topics);
const TICKED_FACTORS = table(words.tickedFactors);
/** A list line that opens with a ticked box ("☒ travel history", "[X] vos antécédents de voyage"). */
const TICKED_LINE = new RegExp(String.raw`^[ \t]*(?:${words.checkedBox.join('|')})`, 'u');
const CHECKED = table(words.checkedTopics);
const ABSENT_DOCUMENTS = table(words.absentDocuments);
const DEPARTURE_PROVISIONS = table(words.departureProvisions);
/** A list item under a sentence that introduces grounds ("based on:", "compte tenu :"). */
const UNCHECKED_LINE = new RegExp(String.raw`^[ \t]*(?:${words.uncheckedBox.join('|')})[^\n]*$`, 'gmu');
const LIST_ITEM = new RegExp(String.raw`^[ \t]*(?:[-•*▪]|\(?[a-z0-9]{1,2}[.)]|${[...words.checkedBox, ...words.uncheckedBox].join('|')})[ \t]`, 'u');

/** The topics of the sentences of `text` that make an adverse assessment. */
function adverseTopics(text: string): string[] {
  const sentences: string[] = [];
  for (const piece of text.split(/(?<=[.!?])\s+(?=[\p{Lu}"“«(])/u)) {
    // "bal approx. USD 2,100": an abbreviation's full stop ends no sentence.
    if (sentences.length > 0 && /(?<![\p{L}])(?:approx|appr|ca|env|no|nos|ref|mr|mrs|ms|dr|st|vs|e\.g|i\.e|p\.ex)\.$/iu.test(sentences[sentences.length - 1])) sentences[sentences.length - 1] += ` ${piece}`;
    else sentences.push(piece);
  }
  return [...new Set(sentences.filter((x) => ADVERSE.test(x)).flatMap((x) => topicsIn(x, TOPICS)))].filter((t) => t !== 'misrepresentation');
}

/**
 * The stay-end provision a decision means when it names none: the one of the permit the document
 * speaks of (IRPR 216(1)(b) study, 200(1)(b) work, 179(b) visa), if the document cites none of them.
 */
function departureProvision(text: string): string | undefined {
  const cited = provisionsIn(text);
  if (DEPARTURE_PROVISIONS.some(([id]) => cited.includes(id))) return undefined;
  return DEPARTURE_PROVISIONS.find(([, re]) => new RegExp(re.source, 'iu').test(text))?.[0];
}

/** The stay-end provision the document cites somewhere (in the law it quotes, a heading, another note), if any. */
function citedDeparture(text: string): string | undefined {
  const cited = provisionsIn(text);
  return DEPARTURE_PROVISIONS.map(([id]) => id).find((id) => cited.includes(id));
}

/** The topics a sentence is about: the documents it names, its topics of refusal, else the matter it concerns. */
function subjectsOf(text: string): string[] {
  const named = [...topicsIn(text, ABSENT_DOCUMENTS), ...topicsIn(text, TOPICS)];
  const checked = firstTopic(text, CHECKED);
  return [...new Set(named.length > 0 ? named : checked ? [checked] : [])].filter((t) => t !== 'misrepresentation');
}

/** A decision by its words when its type was not recognised: an officer not satisfied, an application refused. */
export function readsAsDecision(doc: ReadingDocument): boolean {
  if (DECISION_DOCUMENTS.has(doc.type)) return true;
  const text = doc.pages.map((p) => p.text).join('\n');
  return NOT_SATISFIED.test(text) && /\b(?:refused|refusée?|rejected|rejetée?)\b/iu.test(text);
}

/**
 * A tribunal's or court's reasons on the officer's decision (an IAD appeal, a Federal Court judgment,
 * a summary of one): named and reasoning as one. A refusal letter that names the Federal Court only to
 * say where to seek review has no appellant, panel or docket.
 */
function isReview(text: string): boolean {
  return TRIBUNAL.test(text) && TRIBUNAL_REASONS.test(text);
}

/** Some sentence of the document refuses or is not satisfied outright, not as a possibility ("may be refused if the officer is not satisfied"). */
function decidesOutright(doc: ReadingDocument): boolean {
  return doc.pages.some((p) => p.segments.some((s) => (NOT_SATISFIED.test(s.text) || REFUSES.test(s.text)) && !CUES.conditionalRefusal.test(s.text)));
}

/** Some sentence refuses or is not satisfied now: not as a possibility, and not an earlier refusal recalled. */
function refusesNow(doc: ReadingDocument): boolean {
  return doc.pages.some((p) => p.segments.some((s) => (NOT_SATISFIED.test(s.text) || REFUSES.test(s.text)) && !CUES.conditionalRefusal.test(s.text) && !PAST_REFUSAL.test(s.text)));
}

/** A decision of Canada's immigration authorities: typed or worded as one, and naming them or their law. */
function isCanadianDecision(doc: ReadingDocument): boolean {
  // GCMS/SMGC notes are IRCC's own system: short notes ("Refused R179(b).") need not name it.
  if (doc.type === 'gcms-notes') return true;
  // Counsel's submissions quote and argue with the refusal: what they report the officer found is not the decision's own record.
  if (NOT_DECISIONS.has(doc.type)) return false;
  const text = doc.pages.map((p) => p.text).join('\n');
  if (!CANADIAN.test(text)) return false;
  // A tribunal or court recounts what the officer found and rules on it: the findings are the officer's record's, not this document's.
  if (isReview(text)) return false;
  // Untyped, it must decide: an information sheet says only what may lead to a refusal.
  if (!DECISION_DOCUMENTS.has(doc.type) && !decidesOutright(doc)) return false;
  if (readsAsDecision(doc)) return true;
  return OFFICER_NOTES.test(text) && REFUSES.test(text);
}

/**
 * A procedural-fairness letter of Canada's authorities: it states a concern before any decision ("Before
 * a final decision is made, I want to give you the opportunity to respond"). It shows the letter was sent
 * and the outside checks the concern rests on; what it says the officer might find is no ground.
 */
function fairnessLetterFindings(doc: ReadingDocument): OfficerFinding[] {
  const text = doc.pages.map((p) => p.text).join('\n');
  // Notes log the letter among the decision's steps; a letter that refuses now is the decision itself
  // (a refusal it recalls, « un visa vous a été refusé par le Royaume-Uni en 2022 », is the concern it states).
  if (doc.type === 'gcms-notes' || refusesNow(doc)) return [];
  if (!CANADIAN.test(text) || !FAIRNESS_LETTER.test(text)) return [];
  const out: OfficerFinding[] = [];
  for (const page of doc.pages) {
    for (const segment of page.segments) {
      const evidence = quoteOf(doc, page, segment.start, segment.end);
      if (FAIRNESS_LETTER.test(segment.text) && !out.some((f) => f.kind === 'fairness-letter-sent')) {
        out.push({ kind: 'fairness-letter-sent', subject: 'procedural fairness', evidence, confidence: 0.75, source: 'rules' });
      }
      if (EXTRINSIC.test(segment.text)) {
        const subject = firstTopic(segment.text, CHECKED) ?? 'other';
        if (!out.some((f) => f.kind === 'extrinsic-evidence' && f.subject === subject)) out.push({ kind: 'extrinsic-evidence', subject, evidence, confidence: 0.65, source: 'rules' });
      }
    }
  }
  return out;
}

export function readOfficerFindings(doc: ReadingDocument): OfficerFinding[] {
  // A fairness letter is read as one whatever its type says (a French one can look like a refusal letter).
  const letter = fairnessLetterFindings(doc);
  if (letter.length > 0 || !isCanadianDecision(doc)) return letter;
  const out: OfficerFinding[] = [];
  const seen = new Set<string>();
  const push = (kind: OfficerFinding['kind'], subject: string, evidence: OfficerFinding['evidence'], confidence: number) => {
    const key = `${kind}|${subject}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ kind, subject, evidence, confidence, source: 'rules' });
  };
  const whole = doc.pages.map((p) => p.text).join('\n');
  // Notes of an approval that refuse nothing (an earlier refusal they recall is history): what they weigh grounds no refusal.
  const approved = APPROVAL.test(whole) && !refusesNow(doc);
  // Named without its provision, the stay-end condition is the permit's own (read once per document).
  const impliedDeparture = departureProvision(whole);
  // Cited elsewhere ("L'agent doit être convaincu… (R179b))" then "Je ne suis pas convaincu que le DP quittera le Canada"), it is the one meant.
  const elsewhereDeparture = citedDeparture(whole);
  // A letter that prints the factors with boxes and leaves the ties box empty did not weigh ties.
  const untickedTopics = new Set((whole.match(UNCHECKED_LINE) ?? []).flatMap((line) => topicsIn(line, TOPICS)));
  // A refusal set aside later in the notes takes the findings written before it along.
  const setAside = setAsidePoint(doc);
  for (const page of doc.pages) {
    let groundsList = false;
    let previous: { text: string; notSatisfied: boolean; found: boolean; checked?: string; applies: { provisions: string[]; evidence: OfficerFinding['evidence'] } } | undefined;
    for (const segment of page.segments.flatMap(boxedLines).flatMap(markedLines)) {
      // A factor whose box is left empty is no ground: its line is not read.
      const text = segment.text.replace(UNCHECKED_LINE, '');
      // An empty box between ticked ones ("[X] funds / [ ] ties / [X] purpose") leaves the list open.
      if (groundsList && text.trim() === '' && segment.text.trim() !== '') continue;
      const evidence = quoteOf(doc, page, segment.start, segment.end);
      // "An officer may consider your travel history…", "may be refused if I am not satisfied": possibilities, not findings.
      const possible = POSSIBLE_FACTORS.test(text);
      // A sentence a list item wraps onto the next line goes on in the next segment ("…that you are unable to perform the work⏎sought, as set out in paragraph 200(3)(a)…").
      const sentence = previous && !/[.!?;:]["»”)]*\s*$/u.test(previous.text) ? `${previous.text} ${text}` : text;
      // "Subsection 11(1) of the Act provides that…": the law quoted, not applied to this applicant (whom the sentence it continues may address).
      const lawOnly = LAW_STATEMENT.test(text) && !NOT_SATISFIED.test(text) && !ADVERSE.test(text) && !ADDRESSED.test(sentence);
      // "PA's previous visa was refused in 2021 under R179(b)": history, not this decision's ground.
      const history = PAST_REFUSAL.test(text) && !NOT_SATISFIED.test(text);
      // "PA states that…", « Le DP affirme que… »: the applicant's account, unless the sentence turns to assess it.
      // What the officer notes after a semicolon ("Applicant states…; bank statements were not provided") is the officer's own.
      const account = APPLICANT_SAYS.test(text) && !/;/.test(text) && !NOT_SATISFIED.test(text) && !ASSESSMENT_TURN.test(text);
      // Possibilities, the law, history and an applicant's account ground nothing; what they say was missing may still be missing.
      const withdrawn = withdrawnAt(setAside, page.page, segment.start);
      const conditional = CUES.conditionalRefusal.test(text) || possible || lawOnly || history || account || approved || withdrawn;
      const absenceDoubted = CUES.conditionalRefusal.test(text) || possible || lawOnly || history || approved || withdrawn;
      // A fairness letter is one fact of the file; its concern is in the grounds.
      if (FAIRNESS_NOT_SENT.test(text)) push('fairness-letter-not-sent', 'procedural fairness', evidence, 0.8);
      else if (FAIRNESS_SENT.test(text)) push('fairness-letter-sent', 'procedural fairness', evidence, 0.8);
      const extrinsic = EXTRINSIC.test(text);
      // A check that names no matter goes on with the one just before it ("Google search of the employer…" then « Visite sur place… »).
      const checked = extrinsic ? (firstTopic(text, CHECKED) ?? previous?.checked ?? 'other') : undefined;
      if (checked) push('extrinsic-evidence', checked, evidence, 0.7);
      // What an outside check did not find ("no record of the applicant") is its result, not a document missing from the file.
      if (ABSENCE.test(text) && !absenceDoubted && !extrinsic) {
        // The absent documents named decide; else the matter the missing evidence concerns ("no evidence of employment").
        const named = topicsIn(text, ABSENT_DOCUMENTS);
        // "Parents' assets (land) are not documented": else the topic of refusal the sentence names.
        const topical = topicsIn(text, TOPICS).filter((t) => t !== 'misrepresentation')[0];
        const topics = named.length > 0 ? named : [firstTopic(text, CHECKED) ?? topical ?? (GENERIC_DOCUMENTS.test(text) ? 'other' : undefined)];
        for (const topic of topics) if (topic) push('document-absent', topic, evidence, topic === 'other' ? 0.5 : 0.7);
      }
      // A provision cited in a sentence of its own ("…under the Act. R4(1). Refused.") is the previous sentence's.
      const citationOnly = CITATION_ONLY.test(text) && provisionsIn(text).length > 0;
      const notSatisfied = NOT_SATISFIED.test(sentence) || (citationOnly && Boolean(previous?.notSatisfied));
      // "…présentation erronée … au sens de l'al." then "40(1)a) LIPR.": the citation completes the finding before it.
      if (citationOnly && previous?.found && !conditional) {
        for (const provision of provisionsIn(text)) if (!CONSEQUENCES.some((id) => provision.startsWith(id))) push('ground', provision, evidence, 0.8);
      }
      const inList: boolean = groundsList && LIST_ITEM.test(text);
      const adverse = ADVERSE.test(text);
      // An adverse finding that cites its provision ("Marriage not genuine … : R4(1)") grounds the refusal on it.
      if ((notSatisfied || REASONING.test(sentence) || adverse) && !conditional) {
        for (const provision of provisionsIn(text)) if (!CONSEQUENCES.some((id) => provision.startsWith(id))) push('ground', provision, evidence, 0.85);
      }
      // "Not satisfied that you will leave Canada at the end of your stay", no provision named: the permit's provision, weighed on the applicant's ties.
      if (notSatisfied && !conditional && DEPARTURE.test(sentence) && provisionsIn(sentence).length === 0 && impliedDeparture) {
        push('ground', impliedDeparture, evidence, 0.7);
        if (!untickedTopics.has('ties')) push('ground', 'ties', evidence, 0.6);
      } else if (notSatisfied && !conditional && DEPARTURE.test(sentence) && provisionsIn(sentence).length === 0 && elsewhereDeparture) {
        push('ground', elsewhereDeparture, evidence, 0.7);
      }
      // "…(alinéa 117(9)b) du Règlement). Votre demande est refusée.", "R117(9)(b) s'applique. Refus.": the decision follows the
      // sentence that applies its provisions, each a ground (the period of 132(1) beside 117(9)(b) too), quoted where it is cited.
      if (refusesHere(text) && !conditional && !PAST_REFUSAL.test(text)) {
        for (const provision of previous?.applies.provisions ?? []) push('ground', provision, previous!.applies.evidence, 0.75);
      }
      // Topics are grounds where the officer is not satisfied, in the list that sentence introduces, or in an adverse assessment of the notes.
      // A ticked factor of a tick-box letter names its topic ("☒ travel history"); in prose the same words are no ground.
      const own = [...topicsIn(text, TOPICS), ...(inList && TICKED_LINE.test(text) ? topicsIn(text, TICKED_FACTORS) : [])].filter((t) => t !== 'misrepresentation');
      if ((notSatisfied || inList) && !conditional) {
        for (const topic of own) push('ground', topic, evidence, 0.75);
      } else if (adverse && !conditional) {
        // Terse notes put several observations on one line ("Program not consistent with … . Ties to Ghana: parents"):
        // only the sentences that assess adversely give their topics.
        for (const topic of adverseTopics(text)) push('ground', topic, evidence, 0.6);
      }
      // "I have reviewed the bank statements. They do not show…": a concern about what the sentence before named.
      if ((notSatisfied || adverse) && !conditional && own.length === 0 && previous && ANAPHORA.test(text)) {
        for (const topic of subjectsOf(previous.text)) push('ground', topic, evidence, 0.6);
      }
      if (MISREPRESENTATION_FINDING.test(text) && !conditional) {
        push('ground', 'misrepresentation', evidence, 0.8);
        // The finding's own provision ("au sens de l'alinéa 40(1)a) de la LIPR"), not the bar that follows from it.
        for (const provision of provisionsIn(text)) if (!CONSEQUENCES.some((id) => provision.startsWith(id))) push('ground', provision, evidence, 0.8);
      }
      // A list of grounds follows the not-satisfied sentence itself or the one after it ("In reaching this decision, I considered:"), or a sentence that announces grounds ("on the following grounds:").
      const decided = notSatisfied && !conditional;
      groundsList = inList || (!possible && (decided || Boolean(previous?.notSatisfied) || (GROUNDS_INTRO.test(text) && !conditional)) && /:\s*$/.test(text));
      const applies = { provisions: conditional ? [] : provisionsIn(text).filter((id) => !CONSEQUENCES.some((c) => id.startsWith(c))), evidence };
      previous = { text, notSatisfied: decided, found: !conditional && (decided || adverse || MISREPRESENTATION_FINDING.test(text)), checked, applies };
    }
  }
  return out;
}
