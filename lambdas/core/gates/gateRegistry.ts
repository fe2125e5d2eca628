import type { GateCheck } from './gateCheck';
import { gatekeeperGate } from './checks/gatekeeperGate';
import { intakeGate } from './checks/intakeGate';
import { judgeGate } from './checks/judgeGate';
import { reporterGate } from './checks/reporterGate';
import { detectiveGate, verifierGate } from './checks/researchGates';
import { strategistGate } from './checks/strategistGate';

/** The gate for each agent, by agent name. */
export const GATE_CHECKS: Readonly<Record<string, GateCheck>> = Object.fromEntries(
  [intakeGate, detectiveGate, strategistGate, gatekeeperGate, verifierGate, judgeGate, reporterGate].map((g) => [g.agent, g]),
);

/** An agent this package does not know: nothing to check, so its gate passes. */
const noChecks = (agent: string): GateCheck => ({ agent, check: async () => [] });

/** The gate for an agent's outputs (an unknown agent's gate has no checks and passes). */
export function gateFor(agent: string): GateCheck {
  return GATE_CHECKS[agent] ?? noChecks(agent);
}
