/** Signals of letters and officer records: refusal letters, GCMS notes, submissions, offers, invitations. */
import type { Signal, TypeRule } from './classificationRules';

const s = (label: string, pattern: RegExp, weight: number): Signal => ({ label, pattern, weight });

export const LETTER_TYPE_RULES: TypeRule[] = [
  {
    type: 'refusal-letter',
    name: 'refusal letter',
    fileName: /refus|rejection|decision letter/,
    signals: [
      s('"refused" / "refusal"', /\brefus(?:ed|al|ing)\b/i, 3),
      s('application refused', /\bapplication\b[^.]{0,80}\b(?:is|has been|was|been) refused|\brefusing your application/i, 4),
      s('"does not meet the requirements"', /\bdoes not meet the requirements\b/i, 3),
      s('review of your application', /\b(?:we|i) have (?:carefully )?reviewed your application|careful review of your application/i, 3),
      s('officer not satisfied', /\bI am not satisfied that you\b/i, 4),
      s('IRCC letterhead', /Immigration,? Refugees and Citizenship Canada|\bIRCC\b/, 2),
      s('refusal grounds (IRPR)', /\b(?:179\s*\(b\)|216\s*\(1\)\s*\(b\)|R216|R179)/i, 3),
      s('right to reapply', /\b(?:you may|are welcome to) (?:re-?apply|submit a new application)\b/i, 2),
    ],
  },
  {
    type: 'gcms-notes',
    name: 'GCMS notes',
    fileName: /gcms|atip|case notes/,
    signals: [
      s('"GCMS"', /\bGCMS\b/, 5),
      s('"Global Case Management System"', /Global Case Management System/i, 6),
      s('officer notes heading', /\b(?:officer'?s? notes|notes?\s*(?:type|details)|case notes)\b/i, 3),
      s('decision line', /^\s*(?:final )?decision\s*:/im, 2),
      s('note metadata', /\b(?:created (?:date|by)|UCI|application number)\b/i, 1),
      s('assessment vocabulary', /\b(?:eligibility|admissibility|bona fides|PA)\b/, 1),
    ],
  },
  {
    type: 'submission-letter',
    name: 'submission letter',
    fileName: /submission|cover letter|representation/,
    signals: [
      s('"Dear Officer"', /\bDear (?:Visa |Immigration |Program |Reviewing )?Officer\b/i, 3),
      s('"Re:" line', /^[ \t#>*]*(?:Re|RE|Subject)[ \t]*:/m, 1),
      s('"submissions"', /\bsubmissions?\b/i, 2),
      s('counsel', /\b(?:counsel|barrister|solicitor|regulated Canadian immigration consultant|RCIC|authorized representative)\b/i, 2),
      s('on behalf of a client', /\bon behalf of (?:our|my) client|\bour client\b/i, 3),
      s('argument language', /\b(?:we|I) (?:respectfully )?submit that\b|\b(?:we|I) respectfully (?:ask|request)\b/i, 3),
      s('enclosures', /\benclosed (?:please find|are|is)\b|\benclosures?\s*:/i, 2),
      s('"cover letter"', /\b(?:cover|submission) letter\b/i, 4),
    ],
  },
  {
    type: 'letter-of-acceptance',
    name: 'letter of acceptance',
    fileName: /\bloa\b|acceptance|admission|offer letter/,
    signals: [
      s('"Letter of Acceptance"', /\bletter of acceptance\b|\boffer of admission\b/i, 5),
      s('DLI number', /\bDLI\b|\bO\d{11}\b|designated learning institution/i, 4),
      s('admission', /\bpleased to (?:offer you admission|inform you that you have been (?:accepted|admitted))|\bhave been accepted\b/i, 3),
      s('program dates', /\b(?:program start date|expected (?:date of )?completion|program of study|length of program)\b/i, 2),
      s('"tuition"', /\btuition\b/i, 1),
    ],
  },
  {
    type: 'study-plan',
    name: 'study plan',
    fileName: /study plan|statement of purpose|\bsop\b|letter of explanation/,
    signals: [
      s('"study plan"', /\bstudy plan\b/i, 5),
      s('"statement of purpose"', /\bstatement of purpose\b/i, 4),
      s('career goals', /\bcareer (?:goals?|plans?|prospects)\b/i, 2),
      s('return home', /\breturn (?:to|home)\b.{0,60}\b(?:after|upon|once)\b|\bafter (?:completing|graduat\w*)\b/i, 2),
      s('choice of program', /\bwhy I (?:chose|have chosen|selected)\b/i, 2),
    ],
  },
  {
    type: 'job-offer',
    name: 'job offer',
    fileName: /job offer|offer of employment|employment offer|contract/,
    signals: [
      s('"offer of employment"', /\b(?:offer of employment|job offer|employment offer|employment contract)\b/i, 5),
      s('offer wording', /\bpleased to offer you\b/i, 4),
      s('acceptance of offer', /\baccept(?:ance of)? this offer\b/i, 3),
      s('position offered', /\bthe position of\b|\bposition offered\b/i, 2),
      s('NOC / TEER', /\bNOC\b|\bTEER\b/, 2),
      s('pay and start', /\b(?:start date|probation(?:ary)?|hourly wage|annual salary)\b/i, 1),
    ],
  },
  {
    type: 'lmia',
    selfTitled: true,
    name: 'LMIA',
    fileName: /lmia/,
    signals: [
      s('"Labour Market Impact Assessment"', /Labour Market Impact Assessment/i, 6),
      s('"LMIA"', /\bLMIA\b/, 4),
      s('ESDC', /\bESDC\b|Employment and Social Development Canada/i, 3),
      s('Service Canada', /\bService Canada\b/i, 2),
      s('Temporary Foreign Worker Program', /Temporary Foreign Worker Program|\bTFWP\b/i, 3),
      s('positive decision', /\bpositive (?:LMIA|decision|confirmation)\b/i, 2),
    ],
  },
  {
    type: 'employment-letter',
    name: 'employment letter',
    fileName: /employment (?:letter|verification|confirmation)|employer letter|reference letter|experience letter/,
    signals: [
      s('"letter of employment"', /\b(?:letter of employment|employment (?:verification|confirmation|reference) letter|employment certificate|(?:certificate|confirmation|verification) of employment)\b/i, 5),
      s('has been employed', /\bhas been (?:employed|working)\b/i, 4),
      s('is employed', /\bis (?:currently )?employed (?:with|by|at|as)\b|\bconfirm(?:s)? (?:the )?employment\b/i, 4),
      s('"to whom it may concern"', /\bto whom it may concern\b/i, 1),
      s('salary / hours', /\b(?:annual salary|per annum|per hour|hours per week|full-time)\b/i, 1),
    ],
  },
  {
    type: 'invitation-letter',
    name: 'invitation letter',
    fileName: /invit/,
    signals: [
      s('"letter of invitation"', /\b(?:letter of invitation|invitation letter)\b/i, 5),
      s('invitation wording', /\b(?:I|we) (?:would like to |am writing to |hereby )?(?:cordially )?invite\b/i, 3),
      s('staying with the host', /\b(?:will|would) (?:stay|be staying|reside) with (?:me|us)\b/i, 3),
      s('host covers costs', /\b(?:I|we) will (?:cover|pay|be responsible for)\b/i, 2),
      s('during the visit', /\bduring (?:his|her|their|the) (?:visit|stay)\b/i, 2),
    ],
  },
];
