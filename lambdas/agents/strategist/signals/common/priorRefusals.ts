/**
 * Previous refusals and candour about them, from the case-fact model. A refusal in the file that a
 * later form or letter denies is a misrepresentation risk (adverse, quoting both), unless a
 * declaration made after the denial discloses it (weak: the earlier answer still needs explaining);
 * a declared refusal of the same kind of application is weak; a clean declared history that nothing
 * in the file contradicts is strong.
 */
import { distinctEvidence } from '../../text/evidenceQuotes';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';
import { contradicts, refusalDeclarations, refusalsInFile, refusalUnderAnalysis } from './refusalHistory';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const priorRefusals: SignalFinder = (file): Signal => {
  // In a refusal file the decision under challenge is no previous refusal: only the earlier ones count.
  const all = refusalsInFile(file);
  const current = refusalUnderAnalysis(file, all);
  const refusals = all.filter((r) => r !== current && !(current?.date && r.date && r.date.iso === current.date.iso));
  const declarations = refusalDeclarations(file);
  const denials = declarations.filter((d) => d.said === 'never-refused');
  const admitted = declarations.filter((d) => d.said === 'refused');

  const contradicted = refusals.flatMap((r) => denials.filter((d) => contradicts(d, r)).map((d) => ({ r, d })));
  if (contradicted.length) {
    const refusal = contradicted[0].r;
    const denying = [...new Set(contradicted.map((c) => c.d))];
    const lastDenial = Math.max(...denying.map((d) => d.madeOn?.time ?? -Infinity));
    const corrected = admitted.find((a) => a.madeOn && a.madeOn.time > lastDenial);
    if (corrected) {
      return {
        rating: 'weak',
        finding: `The file holds a refusal${refusal.date ? ` dated ${refusal.date.iso}` : ''}; ${plural(denying.length, 'declaration')} answered that there was none, and a later declaration discloses it. The earlier answer still needs an explanation.`,
        evidence: distinctEvidence([refusal.evidence, ...denying.map((d) => d.evidence), corrected.evidence], 4),
      };
    }
    return {
      rating: 'adverse',
      finding: `The file holds a refusal${refusal.date ? ` dated ${refusal.date.iso}` : ''}, yet ${plural(denying.length, 'later declaration')} state${denying.length === 1 ? 's' : ''} that there was no refusal.`,
      evidence: distinctEvidence([refusal.evidence, ...denying.map((d) => d.evidence)], 4),
    };
  }
  if (refusals.length || admitted.length) {
    const sameKind = refusals.some((r) => r.kind === file.applicationType);
    const count = Math.max(refusals.length, admitted.length);
    return {
      rating: sameKind || refusals.length === 0 ? 'weak' : 'adequate',
      finding: `${plural(count, 'previous refusal')} ${refusals.length ? 'in the file' : 'declared'}${sameKind ? ', for the same kind of application' : ''}; nothing in the file denies ${count === 1 ? 'it' : 'them'}.`,
      evidence: distinctEvidence([...refusals.map((r) => r.evidence), ...admitted.map((d) => d.evidence)], 3),
    };
  }
  if (denials.length) {
    return {
      rating: 'strong',
      finding: `No previous refusal is declared (${plural(denials.length, 'answer or statement', 'answers or statements')}) and no refusal letter or GCMS note in the file says otherwise.`,
      evidence: distinctEvidence(denials.map((d) => d.evidence), 2),
    };
  }
  return noEvidence('The file neither declares nor documents any previous refusal.');
};
