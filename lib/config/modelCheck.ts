import { Annotations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { checkModelUsability, suggestedModels } from '../../lambdas/core/model/catalog/modelUsability';
import { CATALOG_FILE } from '../../lambdas/core/model/catalog/modelCatalog';
import { AGENTS, type AgentName } from '../../workflows/schema';
import { agentModelId, CONTEXT_PREFIX, type DeploymentSettings } from './deploymentSettings';

/** A configured model that cannot be used: `cdk synth` stops with every such model, its agents and the reason. */
export class ModelNotUsable extends Error {
  override readonly name = 'ModelNotUsable';
}

export interface ModelCheckContext {
  /** The synth day (YYYY-MM-DD): a model whose end of life is on or before it is retired. */
  today: string;
  /** The deployment region, when known; undefined: an environment-agnostic synth, checked for lifecycle only. */
  region?: string;
}

export interface ModelCheckResult {
  failures: string[];
  warnings: string[];
  /** True when the region is unknown and only the lifecycle was checked. */
  lifecycleOnly: boolean;
}

/** The setting that chose an agent's model: its own key, or `default`. */
const settingOf = (settings: Pick<DeploymentSettings, 'bedrockModelIds'>, agent: AgentName) =>
  `${CONTEXT_PREFIX}bedrockModelIds.${settings.bedrockModelIds[agent] ? agent : 'default'}`;

/** Checks each distinct model some agent uses against the model table (lambdas/core/model/catalog/models.json). */
export function checkDeployedModels(settings: Pick<DeploymentSettings, 'bedrockModelIds'>, ctx: ModelCheckContext): ModelCheckResult {
  const byModel = new Map<string, AgentName[]>();
  for (const agent of AGENTS) {
    const id = agentModelId(settings, agent);
    byModel.set(id, [...(byModel.get(id) ?? []), agent]);
  }
  const failures: string[] = [];
  const warnings: string[] = [];
  const instead = suggestedModels(ctx.region);
  for (const [id, agents] of byModel) {
    const usability = checkModelUsability(id, ctx);
    if (usability.verdict === 'ok') continue;
    const who = `agent${agents.length > 1 ? 's' : ''} ${agents.join(', ')} (${[...new Set(agents.map((a) => settingOf(settings, a)))].join(', ')})`;
    if (usability.verdict === 'fail') {
      const choose = instead.length ? ` Choose instead ${instead.join(' or ')}${ctx.region ? ` (for ${ctx.region})` : ''}, or another current model from ${CATALOG_FILE}.` : ` Choose a current model from ${CATALOG_FILE}.`;
      failures.push(`Bedrock model ${id} for ${who}: ${usability.reasons.join('; ')}.${choose}`);
    } else {
      warnings.push(`Bedrock model ${id} for ${who}: ${usability.reasons.join('; ')}.`);
    }
  }
  return { failures, warnings, lifecycleOnly: ctx.region === undefined };
}

/**
 * Applies the check at synth: failures stop `cdk synth` (ModelNotUsable, naming each model, its agents
 * and what to choose instead); warnings become CDK warnings on `scope`; an environment-agnostic synth
 * says that it checked the lifecycle only.
 */
export function enforceModelCheck(scope: IConstruct, settings: Pick<DeploymentSettings, 'bedrockModelIds'>, ctx: ModelCheckContext): ModelCheckResult {
  const result = checkDeployedModels(settings, ctx);
  if (result.failures.length) throw new ModelNotUsable(`Case Audit cannot use these Bedrock models (checked on ${ctx.today}${ctx.region ? ` for ${ctx.region}` : ''}): ${result.failures.join(' ')}`);
  for (const warning of result.warnings) Annotations.of(scope).addWarningV2('case-audit:model', warning);
  if (result.lifecycleOnly) {
    Annotations.of(scope).addInfo(
      `Bedrock models were checked for lifecycle only: the deployment region is unknown. Set it (CDK_DEFAULT_REGION, which the CDK CLI takes from your credentials, or -c ${CONTEXT_PREFIX}region=<region>) to check that each model is callable from it.`,
    );
  }
  return result;
}
