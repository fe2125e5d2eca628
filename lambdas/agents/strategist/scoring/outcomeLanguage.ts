/**
 * Words that promise an outcome. The Strategist assesses defensibility; it never predicts or
 * guarantees a decision (DESIGN §4), so its own sentences must not contain these.
 */
export const OUTCOME_PROMISE =
  /(?<![\p{L}\p{N}])(?:guarantee[ds]?|guaranteeing|will (?:certainly |surely |definitely )?(?:be (?:approved|granted|accepted|issued|successful)|succeed|win)|(?:certain|sure|bound) to (?:succeed|be approved|win)|assured of|approval is (?:certain|assured)|cannot fail|(?:sera|seront) (?:certainement )?(?:approuvée?s?|accordée?s?|délivrée?s?)|garanti(?:e|s|es)?)(?![\p{L}\p{N}])/iu;

export function promisesOutcome(text: string): boolean {
  return OUTCOME_PROMISE.test(text);
}
