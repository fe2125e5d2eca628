import type { ZodType } from 'zod';
import { ComplianceIssue, ConsistencyFinding, ProvisionId, RefusalTrigger, Severity } from '../../contracts/findings';
import { loadResearchIndex } from '../../core/caselaw/loadIndex';
import { parseCitations } from '../../core/citations/parseCitations';
import { GatekeeperOutput } from '../../contracts/gatekeeperOutput';
import { InjectionAttempt } from '../../contracts/injectionAttempt';
import type { GateCheck } from '../../core/gates/gateCheck';
import { capped, gateError, gateWarning, isRecord, pathOf } from '../../core/gates/gateIssues';
import type { GateIssue } from '../../core/gates/gateSchema';
import { CaseDocuments } from '../../core/gates/checks/caseDocuments';
import { checkEvidence, collectEvidence } from '../../core/gates/checks/evidenceChecks';

/** Finding lists the gatekeeper may produce, by field name, with their contracts (absent lists are fine). */
const FINDING_LISTS: Record<string, ZodType> = {
  refusalTriggers: RefusalTrigger,
  consistencyFindings: ConsistencyFinding,
  complianceIssues: ComplianceIssue,
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
 * The rest of the GatekeeperOutput contract: unknown fields, missing lists, and malformed checklist
 * entries, fixes or outcome promises. The finding lists and the checklist's shape have their own,
 * more precise issues above, so schema issues inside them are not repeated here.
 */
function contractIssues(output: Record<string, unknown>): GateIssue[] {
  const parsed = GatekeeperOutput.safeParse(output);
  if (parsed.success) return [];
  const issues: GateIssue[] = [];
  for (const z of parsed.error.issues) {
    const [field] = z.path;
    // Inside a finding list, the checks above already spoke; a missing injection list and a broken checklist have their own issue.
    if (typeof field === 'string' && field in FINDING_LISTS && (z.path.length > 1 || field === 'injectionAttempts')) continue;
    if (field === 'checklist' && checklistIssues(output.checklist).length) continue;
    if (z.code === 'unrecognized_keys' && z.path.length === 0) {
      for (const key of z.keys) issues.push(gateError('gatekeeper.schema', `the output has a field that is not in the GatekeeperOutput contract: ${key}`, 'return only the fields of the contract', [key]));
      continue;
    }
    const where = pathOf(z.path);
    issues.push(gateError('gatekeeper.schema', `the output does not match the GatekeeperOutput contract at ${where}: ${z.message}`, `produce an output that conforms to GatekeeperOutput (field ${where})`, [where]));
  }
  return capped(issues);
}

/**
 * Gatekeeper: the checklist and injection findings are well formed, every refusal trigger and finding
 * names a canonical provision id and a valid severity, and every quote is verbatim.
 */
export const gatekeeperGate: GateCheck = {
  agent: 'gatekeeper',
  async check({ output, blobs, outputOf }) {
    if (!isRecord(output)) return [gateError('gatekeeper.schema', 'the output is not an object', 'return {checklist, injectionAttempts, …}', ['(output)'])];
    const issues = [...checklistIssues(output.checklist), ...capped(findingIssues(output)), ...contractIssues(output)];
    if (!Array.isArray(output.injectionAttempts)) {
      issues.push(gateError('gatekeeper.schema', 'the output has no injectionAttempts list', 'return injectionAttempts (an empty list when the scan found nothing)', ['injectionAttempts']));
    }
    const docs = new CaseDocuments(blobs, await outputOf('intake'));
    issues.push(...(await checkEvidence(collectEvidence(output), docs, 'gatekeeper')));
    return issues;
  },
};
