import type { TierTable, WorkflowDefinition, WorkflowType } from './schema';
import { parseTierTable, parseWorkflowDefinition } from './loadWorkflow';
// Static imports so a bundler (esbuild) ships the definitions inside each Lambda.
import riskAudit from './risk-audit.json';
import initialAssessment from './initial-assessment.json';
import finalReview from './final-review.json';
import refusalAnalysis from './refusal-analysis.json';
import documentList from './document-list.json';
import clientGuidance from './client-guidance.json';
import tiers from './tiers.json';

const RAW: Record<WorkflowType, unknown> = {
  'risk-audit': riskAudit,
  'initial-assessment': initialAssessment,
  'final-review': finalReview,
  'refusal-analysis': refusalAnalysis,
  'document-list': documentList,
  'client-guidance': clientGuidance,
};

const validated = new Map<WorkflowType, WorkflowDefinition>();

/** The validated definition of a workflow type (validated once per process). */
export function getWorkflow(type: WorkflowType): WorkflowDefinition {
  let def = validated.get(type);
  if (!def) {
    def = parseWorkflowDefinition(RAW[type], `workflows/${type}.json`);
    validated.set(type, def);
  }
  return def;
}

let tierTable: TierTable | undefined;
export function getTiers(): TierTable {
  tierTable ??= parseTierTable(tiers, 'workflows/tiers.json');
  return tierTable;
}
