import { parse, plainText } from './markdownParse';

/** Wording that promises an outcome (DESIGN §4: never "guaranteed" / "will be approved"). */
const PROMISES: readonly RegExp[] = [
  /\bguarantee(s|d)?\b/i,
  /\bwill (certainly |definitely |surely )?be (approved|accepted|granted|issued)\b/i,
  /\bwill (certainly |definitely |surely )?(get|receive|obtain) (a|an|the|your) (visa|permit)\b/i,
  /\b(certain|sure|assured) (to|of) (succeed|success|approval|be approved)\b/i,
  /\b100 ?% (chance|success|approval|certain)/i,
  /\b(approval|success|a visa) is (certain|assured|guaranteed)\b/i,
  /\bno risk of refusal\b/i,
];

/** A word before the match, in the same sentence, that turns the promise into a denial ("does not guarantee"). */
const NEGATION = /\b(not|no|never|nobody|cannot|can't|neither|nor)\b/i;

/** The sentences of `text` that promise an outcome without denying it. */
export function promiseClaims(text: string): string[] {
  const claims: string[] = [];
  for (const sentence of text.split(/(?<=[.!?;])\s+|\n+/)) {
    for (const re of PROMISES) {
      const match = re.exec(sentence);
      if (match && !NEGATION.test(sentence.slice(0, match.index))) claims.push(sentence);
    }
  }
  return claims;
}

/** What a reader sees of a report: the text of every heading, paragraph, list item and table cell, one per line. */
export function readableText(report: string): string {
  return parse(report)
    .filter((t) => t.type === 'inline')
    .map(plainText)
    .join('\n');
}

/** The readable text with every quotation of document text taken out, so only the report's own wording is left. */
export function ownWording(report: string, documentTexts: readonly string[]): string {
  return documentTexts.reduce((text, quote) => text.split(quote).join(' '), readableText(report));
}
