import { CATALOG_FILE, findModel, getModelCatalog, profileGeography, type CatalogEntry, type ModelCatalog } from './modelCatalog';

/**
 * Whether a configured Bedrock model id can be used on a given day from a given region, according to
 * the model catalog (models.json). Pure: the CDK app applies it to every agent's model at synth.
 *
 * - `fail`: unknown to the catalog, end of life on or before `today` (where the region cannot still
 *   call it), or known not to be callable from the region;
 * - `warn`: legacy, a fact the catalog could not verify, or callable from the region not confirmed;
 * - `ok`: active and callable.
 */
export type Usability = { verdict: 'ok' } | { verdict: 'warn'; reasons: string[] } | { verdict: 'fail'; reasons: string[] };

export interface UsabilityContext {
  /** The day of the check (YYYY-MM-DD). */
  today: string;
  /** The region the stack is deployed to; undefined for an environment-agnostic synth (lifecycle only). */
  region?: string;
}

/**
 * Current models the catalog can vouch for, as suggestions: the verified profiles of active models
 * that AWS says are callable from `region`; when none is, those whose geography covers it (a `global.`
 * profile covers every commercial region). Region unknown: the ones callable from any listed region.
 */
export function suggestedModels(region: string | undefined, table: ModelCatalog = getModelCatalog()): string[] {
  const current = table.models.filter((m) => m.lifecycle.status === 'active' && m.lifecycle.verified).flatMap((m) => m.profiles.filter((p) => p.verified));
  if (!region) return current.filter((p) => p.sourceRegions.length > 0).map((p) => p.id);
  const confirmed = current.filter((p) => p.sourceRegions.includes(region));
  if (confirmed.length) return confirmed.map((p) => p.id);
  return current.filter((p) => {
    const geography = profileGeography(p.id, table);
    return geography !== undefined && inGeography(region, geography, table);
  }).map((p) => p.id);
}

function inGeography(region: string, geography: string, table: ModelCatalog): boolean {
  const prefixes = table.geographies[geography]?.regionPrefixes ?? [];
  return prefixes.length === 0 || prefixes.some((p) => region.startsWith(p));
}

/** Where `entry` can be called from `region`: `yes`, `no`, or `unverified`. */
function callableFrom(entry: CatalogEntry, region: string, table: ModelCatalog): 'yes' | 'no' | 'unverified' {
  if (entry.profile) {
    if (entry.profile.sourceRegions.includes(region)) return 'yes';
    if (entry.profile.sourceRegionsComplete) return 'no';
    // A geographic profile is called from its own geography (ca-central-1 → us. is listed where AWS says so).
    if (entry.geography && !inGeography(region, entry.geography, table)) return 'no';
    return 'unverified';
  }
  if (entry.model.inRegion.regions.includes(region)) return 'yes';
  return entry.model.inRegion.complete ? 'no' : 'unverified';
}

export function checkModelUsability(id: string, ctx: UsabilityContext, table: ModelCatalog = getModelCatalog()): Usability {
  const entry = findModel(id, table);
  if (!entry) return { verdict: 'fail', reasons: [`${id} is not in the model table (${CATALOG_FILE}), so its lifecycle and regions are unknown`] };
  const { lifecycle } = entry.model;
  const name = `${id} (${entry.model.name})`;
  const warnings: string[] = [];
  const retired = lifecycle.eol !== undefined && lifecycle.eol <= ctx.today;
  if (retired || lifecycle.status === 'end-of-life') {
    const stillOffered = lifecycle.stillOfferedIn ?? [];
    const when = lifecycle.eol ? ` on ${lifecycle.eol}` : '';
    if (!ctx.region || !stillOffered.includes(ctx.region) || entry.profile) {
      const where = stillOffered.length && !entry.profile ? ` (still offered in ${stillOffered.join(', ')} only${ctx.region ? '' : '; the region is unknown'})` : '';
      return { verdict: 'fail', reasons: [`${name} reached end of life${when}${where}: requests to it fail`] };
    }
    warnings.push(`${name} reached end of life${when} in most regions; ${ctx.region} still offers it for now: move to a current model`);
  } else if (lifecycle.status === 'legacy') {
    warnings.push(`${name} is legacy${lifecycle.eol ? ` (end of life ${lifecycle.eol})` : ''}: plan a move to a current model`);
  }
  if (!lifecycle.verified) warnings.push(`the lifecycle of ${name} could not be verified on an AWS page (check: aws bedrock get-foundation-model --model-identifier ${entry.model.id})`);
  if (entry.profile && !entry.profile.verified) warnings.push(`the inference profile ${id} was not found on an AWS page (check: aws bedrock get-inference-profile --inference-profile-identifier ${id})`);
  if (ctx.region) {
    const callable = callableFrom(entry, ctx.region, table);
    if (callable === 'no') {
      const from = entry.profile ? entry.profile.sourceRegions : entry.model.inRegion.regions;
      const what = entry.profile ? `the inference profile ${id}` : `the model id ${id} (in-region)`;
      return { verdict: 'fail', reasons: [...warnings.filter((w) => w.includes('end of life')), `${what} cannot be called from ${ctx.region}${from.length ? ` (callable from ${from.join(', ')})` : ''}`] };
    }
    if (callable === 'unverified') {
      const check = entry.profile ? `aws bedrock get-inference-profile --region ${ctx.region} --inference-profile-identifier ${id}` : `aws bedrock get-foundation-model --region ${ctx.region} --model-identifier ${id}`;
      warnings.push(`that ${id} is callable from ${ctx.region} is not verified in the model table (check: ${check})`);
    }
  }
  return warnings.length ? { verdict: 'warn', reasons: warnings } : { verdict: 'ok' };
}
