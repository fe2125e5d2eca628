import type { DecisionInputs } from './rationaleTemplate';

export interface ThinEvidence {
  reason: string;
  check: string;
}

/**
 * Why the evidence is too thin to carry a confident adverse outcome (HIGH-RISK, NO-GO, ABANDON), or
 * undefined when it can. An unrecognised application type, a low (or missing) confidence, or a
 * rubric with no factor resting on evidence each mean the audit could not read enough of the file:
 * a lawyer must look before anyone is told not to file or to give up.
 */
export function thinEvidence(inputs: DecisionInputs): ThinEvidence | undefined {
  if (inputs.applicationTypeKnown === false) {
    return {
      reason: 'the application type could not be recognised from the file, so it was scored on a minimal rubric',
      check: 'which application this is and whether the file holds its forms; then run the audit again with the complete file',
    };
  }
  if (inputs.evidencedShare === 0) {
    return {
      reason: 'no factor of the rubric rests on evidence found in the documents',
      check: 'whether the documents could be read (scans, other languages) and whether the file is complete',
    };
  }
  if (inputs.confidence === null || inputs.confidence === 'low') {
    const share = inputs.evidencedShare === undefined ? '' : ` (${Math.round(inputs.evidencedShare * 100)}% of the rubric's weight rests on evidence)`;
    return {
      reason: `the confidence in the score is low${share}`,
      check: 'the factors marked "no evidence" in the score: obtain or read the documents that speak to them before relying on an adverse outcome',
    };
  }
  return undefined;
}
