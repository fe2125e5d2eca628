import * as z from 'zod';
import rawCatalog from './models.json';

/** A date as the AWS pages give it (YYYY-MM-DD). */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

/** USD per million tokens; `verified` is false when the figure was not read on the AWS pricing page itself. */
export const Price = z.strictObject({
  input: z.number().nonnegative(),
  output: z.number().nonnegative(),
  verified: z.boolean().optional(),
  source: z.string().optional(),
});
export type Price = z.infer<typeof Price>;

export const LIFECYCLE_STATUSES = ['active', 'legacy', 'end-of-life'] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];

const Lifecycle = z.strictObject({
  status: z.enum(LIFECYCLE_STATUSES),
  launched: Day.optional(),
  /** The model card's "EOL no sooner than" (a promise, not a date set for retirement). */
  eolNoSoonerThan: Day.optional(),
  /** The end-of-life date, once set: requests fail on or after it. */
  eol: Day.optional(),
  /** Regions where the model is still offered after `eol` (AWS retires some models region by region). */
  stillOfferedIn: z.array(z.string()).optional(),
  verified: z.boolean(),
  source: z.string().min(1),
});

const Profile = z.strictObject({
  id: z.string().min(1),
  /** Regions the profile is known to be callable from. */
  sourceRegions: z.array(z.string()),
  /** True when `sourceRegions` is the whole list (a region outside it cannot call the profile). */
  sourceRegionsComplete: z.boolean(),
  /** Regions the profile routes to, when a source lists them; null: not verified (IAM then grants the model in any region, only through this profile). */
  destinationRegions: z.array(z.string()).nullable(),
  /** The profile's own price, when it differs from the model's (global profiles cost less). */
  price: Price.optional(),
  verified: z.boolean(),
  source: z.string().min(1),
});
export type InferenceProfile = z.infer<typeof Profile>;

const CatalogModel = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  lifecycle: Lifecycle,
  price: Price,
  /** Regions where the model id itself (no profile) is callable; `complete` as for profiles. */
  inRegion: z.strictObject({ regions: z.array(z.string()), complete: z.boolean(), source: z.string().min(1) }),
  profiles: z.array(Profile),
});
export type CatalogModel = z.infer<typeof CatalogModel>;

export const ModelCatalog = z.strictObject({
  checkedOn: Day,
  currency: z.literal('USD'),
  unit: z.literal('per million tokens'),
  note: z.string(),
  sources: z.record(z.string(), z.string()),
  /** What a profile prefix covers: the regions whose names start with one of `regionPrefixes` (none listed: every commercial region). */
  geographies: z.record(z.string(), z.strictObject({ name: z.string(), regionPrefixes: z.array(z.string()) })),
  models: z.array(CatalogModel).min(1),
  otherProviders: z.strictObject({ note: z.string(), prices: z.record(z.string(), Price) }),
  /** What a model missing from the catalog costs (a local model: nothing). Such calls are marked unpriced. */
  unlisted: Price,
});
export type ModelCatalog = z.infer<typeof ModelCatalog>;

/** Where the catalog lives, for messages and bundle.json. */
export const CATALOG_FILE = 'lambdas/core/model/catalog/models.json';

let catalog: ModelCatalog | undefined;
export function getModelCatalog(): ModelCatalog {
  catalog ??= ModelCatalog.parse(rawCatalog);
  return catalog;
}

/** A configured id as the catalog knows it: the model, and the inference profile when the id is one. */
export interface CatalogEntry {
  model: CatalogModel;
  profile?: InferenceProfile;
  /** The profile's geography prefix (`us`, `eu`, `global`…), for a profile id. */
  geography?: string;
}

/** The geography prefix of an inference profile id (`us.anthropic.…` → `us`), if it has one the catalog knows. */
export function profileGeography(id: string, table: ModelCatalog = getModelCatalog()): string | undefined {
  const prefix = id.split('.')[0];
  return prefix !== undefined && prefix in table.geographies && id.includes('.', prefix.length + 1) ? prefix : undefined;
}

/** Looks up a model id or inference profile id; undefined when the catalog has neither. */
export function findModel(id: string, table: ModelCatalog = getModelCatalog()): CatalogEntry | undefined {
  for (const model of table.models) {
    if (model.id === id) return { model };
    const profile = model.profiles.find((p) => p.id === id);
    if (profile) return { model, profile, geography: profileGeography(id, table) };
  }
  return undefined;
}

/** The foundation model id behind a model or profile id: from the catalog, else by dropping a known geography prefix. */
export function foundationModelId(id: string, table: ModelCatalog = getModelCatalog()): string {
  const found = findModel(id, table);
  if (found) return found.model.id;
  const geography = profileGeography(id, table);
  return geography ? id.slice(geography.length + 1) : id;
}
