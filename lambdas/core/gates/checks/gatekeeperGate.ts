import type { ZodType } from 'zod';
import { ComplianceIssue, ConsistencyFinding, ProvisionId, RefusalTrigger, Severity } from '../../analysis/analysisSchema';
import { loadResearchIndex } from '../../caselaw/loadIndex';
import { parseCitations } from '../../citations/parseCitations';
import { InjectionAttempt } from '../../../agents/gatekeeper/injection/injectionSchema';
import type { GateCheck } from '../gateCheck';
import { capped, gateError, gateWarning, isRecord, pathOf } from '../gateIssues';
import type { GateIssue } from '../gateSchema';
import { CaseDocuments } from './caseDocuments';
import { checkEvidence, collectEvidence } from './evidenceChecks';

/** Finding lists the gatekeeper may produce, by field name, with their contracts (absent lists are fine). */
const FINDING_LISTS: Record<string, ZodType> = {
  refusalTriggers: RefusalTrigger,
  consistencyFindings: ConsistencyFinding,
  consistency: ConsistencyFinding,
  complianceIssues: ComplianceIssue,
  compliance: ComplianceIssue,
  injectionAttempts: InjectionAttempt,
};

/** Lists whose entries carry no provision or severity of their own. */
const NOT_FINDINGS = new Set(['injectionAttempts']);

/** The canonical form of a provision reference written another way (`s. 40(1)(a) IRPA` → `IRPA 40(1)(a)`), if any. */
function canonicalFormOf(provision: string): string | undefined {
  const statute = parseCitations(provision).find((c) => c.kind === 'statute');
  return statute?.kind === 'statute' ? statute.provisionId : undefined;
}

function provisionIssues(value: unknown, path: string): GateIssue[] {
  if (value === undefined) return [];
  if (typeof value !== 'string' || !ProvisionId.safeParse(value).success) {
    const canonical = typeof value === 'string' ? canonicalFormOf(value) : undefined;
    return [
      gateError(
        'gatekeeper.provision-not-canonical',
        `the provision at ${path} is not a canonical provision id`,
        canonical ? `write it as "${canonical}"` : 'name the provision by its canonical id, e.g. "IRPA 40(1)(a)" or "IRPR 216(1)(b)"',
        [path, String(value)],
      ),
    ];
  }
  if (!loadResearchIndex().findProvisionOrAncestor(value)) {
    return [gateWarning('gatekeeper.provision-not-in-index', `the provision at ${path} is not in the bundled statute index`, 'check the provision number against the consolidated Act or Regulations', [path, value])];
  }
  return [];
}

function severityIssues(value: unknown, path: string): GateIssue[] {
  if (value === undefined || Severity.safeParse(value).success) return [];
  return [gateError('gatekeeper.invalid-severity', `the severity at ${path} is not one of ${Severity.options.join(', ')}`, `use one of ${Severity.options.join(', ')}`, [path, String(value)])];
}

/** Contract, provision and severity checks for every entry of every finding list in the output. */
function findingIssues(output: Record<string, unknown>): GateIssue[] {
  const issues: GateIssue[] = [];
  for (const [field, list] of Object.entries(output)) {
    if (!Array.isArray(list)) continue;
    const schema = FINDING_LISTS[field];
    list.forEach((entry, i) => {
      const at = `${field}[${i}]`;
      if (schema) {
        const parsed = schema.safeParse(entry);
        if (!parsed.success) {
          for (const z of parsed.error.issues) {
            // Provision and severity get their own, more precise issues below.
            if (!NOT_FINDINGS.has(field) && (z.path[0] === 'provision' || z.path[0] === 'severity')) continue;
            const where = pathOf([field, i, ...z.path]);
            issues.push(gateError('gatekeeper.schema', `the ${field} entry at ${at} does not match its contract at ${where}: ${z.message}`, `produce ${field} entries that conform to the contract (field ${where})`, [where]));
          }
        }
      }
      if (NOT_FINDINGS.has(field) || !isRecord(entry)) return;
      issues.push(...provisionIssues(entry.provision, `${at}.provision`), ...severityIssues(entry.severity, `${at}.severity`));
    });
  }
  return issues;
}

function checklistIssues(checklist: unknown): GateIssue[] {
  const lists = ['present', 'missing', 'problem', 'otherDocuments'];
  if (isRecord(checklist) && lists.every((l) => Array.isArray(checklist[l]))) return [];
  return [gateError('gatekeeper.schema', 'the document checklist is missing or lacks its present, missing, problem and otherDocuments lists', 'return the checklist with all four lists (empty where nothing applies)', ['checklist'])];
}

/**
 * Gatekeeper: the checklist and injection findings are well formed, every refusal trigger and finding
 * names a canonical provision id and a valid severity, and every quote is verbatim.
 */
export const gatekeeperGate: GateCheck = {
  agent: 'gatekeeper',
  async check({ output, blobs, outputOf }) {
    if (!isRecord(output)) return [gateError('gatekeeper.schema', 'the output is not an object', 'return {checklist, injectionAttempts, …}', ['(output)'])];
    const issues = [...checklistIssues(output.checklist), ...capped(findingIssues(output))];
    if (!Array.isArray(output.injectionAttempts)) {
      issues.push(gateError('gatekeeper.schema', 'the output has no injectionAttempts list', 'return injectionAttempts (an empty list when the scan found nothing)', ['injectionAttempts']));
    }
    const docs = new CaseDocuments(blobs, await outputOf('intake'));
    issues.push(...(await checkEvidence(collectEvidence(output), docs, 'gatekeeper')));
    return issues;
  },
};
