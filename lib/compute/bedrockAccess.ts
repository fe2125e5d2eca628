import { Aws } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { findModel, foundationModelId, profileGeography } from '../../lambdas/core/model/catalog/modelCatalog';

/** The Bedrock invocation actions; Converse and ConverseStream are authorised as these two. */
const INVOKE = ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'];

/** The foundation models behind the inference profiles among `modelIds` (granted in the regions the profile routes to). */
export function crossRegionFoundationModels(modelIds: readonly string[]): string[] {
  return modelIds.flatMap((id) => (profileGeography(id) ? [foundationModelId(id)] : []));
}

/** The inference profile's ARN in this account and region (what the function calls). */
const profileArn = (id: string) => `arn:${Aws.PARTITION}:bedrock:${Aws.REGION}:${Aws.ACCOUNT_ID}:inference-profile/${id}`;

/**
 * The foundation-model ARNs an inference profile routes to: one per destination region the model
 * table lists; when it lists none (not verified), any region (the grant is still usable only through
 * the profile: see `grantModelInvocation`). A `global.` profile also routes to the region-less
 * foundation-model ARN (`arn:aws:bedrock:::foundation-model/<model>`), AWS's name for "any commercial
 * region" (docs: Global cross-Region inference, IAM).
 */
export function profileDestinationArns(id: string): string[] {
  const model = foundationModelId(id);
  const destinations = findModel(id)?.profile?.destinationRegions;
  const regional = destinations?.length ? destinations.map((r) => `arn:${Aws.PARTITION}:bedrock:${r}::foundation-model/${model}`) : [`arn:${Aws.PARTITION}:bedrock:*::foundation-model/${model}`];
  return profileGeography(id) === 'global' ? [...regional, `arn:${Aws.PARTITION}:bedrock:::foundation-model/${model}`] : regional;
}

/**
 * The ARNs a role must be allowed to invoke for each configured model id: the foundation model in
 * this region, or, for an inference profile, the profile in this account and region plus the
 * foundation model in every region the profile routes to.
 */
export function bedrockModelArns(modelIds: readonly string[]): string[] {
  const arns = new Set<string>();
  for (const id of modelIds) {
    if (profileGeography(id)) {
      arns.add(profileArn(id));
      for (const arn of profileDestinationArns(id)) arns.add(arn);
    } else {
      arns.add(`arn:${Aws.PARTITION}:bedrock:${Aws.REGION}::foundation-model/${id}`);
    }
  }
  return [...arns];
}

/**
 * Lets the role invoke exactly these models. For an inference profile: the profile, and its foundation
 * model in the destination regions only when the request comes through that profile
 * (`bedrock:InferenceProfileArn`), so the role cannot call the model directly in another region.
 */
export function grantModelInvocation(role: iam.IRole, modelIds: readonly string[]): void {
  const inRegion = modelIds.filter((id) => !profileGeography(id));
  if (inRegion.length) role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: INVOKE, resources: bedrockModelArns(inRegion) }));
  for (const id of modelIds.filter((m) => profileGeography(m))) {
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: INVOKE, resources: [profileArn(id)] }));
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: INVOKE, resources: profileDestinationArns(id), conditions: { StringEquals: { 'bedrock:InferenceProfileArn': profileArn(id) } } }),
    );
  }
}

/** Lets the role apply this account's guardrail to its model calls (Converse with a guardrail asks for it). */
export function grantGuardrail(role: iam.IRole, guardrailId: string | undefined): void {
  if (!guardrailId) return;
  role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['bedrock:ApplyGuardrail'], resources: [`arn:${Aws.PARTITION}:bedrock:${Aws.REGION}:${Aws.ACCOUNT_ID}:guardrail/${guardrailId}`] }));
}

export function grantKnowledgeBaseRetrieval(role: iam.IRole, knowledgeBaseId: string | undefined): void {
  if (!knowledgeBaseId) return;
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['bedrock:Retrieve'],
      resources: [`arn:${Aws.PARTITION}:bedrock:${Aws.REGION}:${Aws.ACCOUNT_ID}:knowledge-base/${knowledgeBaseId}`],
    }),
  );
}
