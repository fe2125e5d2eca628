import type { FailedCitation, VerifierOutput } from '../../contracts/verifierOutput';

/** Failed citations the agents produced (the client's documents are quoted as they are, never rewritten). */
const agentFailures = (failed: readonly FailedCitation[]): string[] =>
  failed
    .filter((f) => !f.foundIn.startsWith('document:'))
    .map((f) => `${f.foundIn}\u0000${f.citation}\u0000${f.issue}`)
    .sort();

/**
 * Whether sending the audit back to the Detective could change what failed: only the agents'
 * own citations can be replaced, and a pass after which exactly the same ones fail again has
 * shown that the research has nothing better. Failed citations in the client's documents are
 * reported with what to do about them; looping cannot fix them.
 */
export function loopCanHelp(output: VerifierOutput, previous: readonly VerifierOutput[]): boolean {
  const now = agentFailures(output.failed);
  if (now.length === 0) return false;
  const last = previous[previous.length - 1];
  return !last || agentFailures(last.failed).join('\n') !== now.join('\n');
}

/** Why a failed verification goes on without another pass (for the stage status and the log). */
export function noLoopReason(output: VerifierOutput): string {
  return agentFailures(output.failed).length === 0
    ? "the failed citations are in the client's documents, which another pass cannot change"
    : 'the same citations failed again after a pass, so another one would not change them';
}
