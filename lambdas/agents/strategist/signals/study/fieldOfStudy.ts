/** Fields of study and work, and credential levels, to compare a program with an applicant's past. */

const FIELDS: Array<[string, RegExp]> = [
  ['information technology', /\b(?:comput\w*|software|network\w*|information technology|IT support|cyber\w*|data\b|database|programming|systems administrat\w*|informatique|réseaux)/i],
  ['business', /\b(?:business|(?:business|project|financial|human resources?|office) management|management studies|accounting|accountant|finance|financial|marketing|commerce|MBA|administration|procurement|supply chain|gestion|comptab\w*|commerce)\b/i],
  ['health', /\b(?:nurs\w*|health\w*|pharmac\w*|medic\w*|clinic\w*|care aide|dental|santé|infirmi\w*)/i],
  ['engineering', /\b(?:engineer\w*|mechanical|electrical engineering|civil engineering|génie|ingénie\w*)/i],
  ['hospitality', /\b(?:hospitality|culinary|cook\w*|chef|hotel|tourism|restaurant|hôtellerie|cuisine|tourisme)\b/i],
  ['skilled trades', /\b(?:weld\w*|plumb\w*|electrician|carpent\w*|mechanic|HVAC|millwright|machinist|soud\w*)/i],
  ['education', /\b(?:teach\w*|education|pedagog\w*|enseign\w*|early childhood)/i],
  ['arts and design', /\b(?:design|graphic|fine arts?|film|animation|media|music|photograph\w*)\b/i],
  ['social services', /\b(?:social work|psycholog\w*|community services|counsel+ing|travail social)/i],
  ['food and quality', /\b(?:food|quality assurance|quality control|HACCP|nutrition|agroalimentaire|qualité)\b/i],
  ['agriculture', /\b(?:agri\w*|farm\w*|horticult\w*|agronom\w*)/i],
  ['logistics', /\b(?:logistic\w*|transport\w*|shipping)/i],
  ['law', /\b(?:law|legal|paralegal|droit|juridique)\b/i],
];

export function fieldsOf(text: string): Set<string> {
  return new Set(FIELDS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name));
}

export function sharedFields(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((f) => b.has(f));
}

/** Credential levels, low to high; a postgraduate certificate after a degree is not a step down. */
const LEVELS: Array<[number, RegExp]> = [
  [7, /\b(?:PhD|doctorate|doctoral|doctorat)\b/i],
  [6, /\b(?:master'?s?|MBA|M\.Sc|MSc|M\.A\.|maîtrise|master)\b/i],
  [5, /\b(?:post-?graduate (?:certificate|diploma)|post-?degree (?:certificate|diploma)|post-?baccalaureate|graduate (?:certificate|diploma)|diplôme d'études supérieures)\b/i],
  [4, /\b(?:bachelor'?s?|B\.Sc|BSc|B\.A\.|BCom|B\.Com|B\.Eng|BEng|B\.Tech|BTech|undergraduate degree|baccalauréat|licence)\b/i],
  [3, /\b(?:advanced diploma|higher national diploma|HND)\b/i],
  [2, /\b(?:diploma|associate degree|DEC|diplôme)\b/i],
  [1, /\b(?:certificate|certification|certificat)\b/i],
];

export function levelOf(text: string): number | undefined {
  return LEVELS.find(([, pattern]) => pattern.test(text))?.[0];
}
