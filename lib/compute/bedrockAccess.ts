import { Aws } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';

/** Geographic prefixes of cross-region inference profile ids (`us.anthropic.…`). */
const PROFILE_PREFIX = /^(us|eu|apac|ca|jp|au|us-gov|global)\./;

/** The foundation models behind the inference profiles among `modelIds` (granted in any region). */
export function crossRegionFoundationModels(modelIds: readonly string[]): string[] {
  return modelIds.flatMap((id) => {
    const profile = PROFILE_PREFIX.exec(id);
    return profile ? [id.slice(profile[0].length)] : [];
  });
}

/**
 * The ARNs a role must be allowed to invoke for each configured model id: the foundation model in
 * this region, or, for an inference profile, the profile in this account and region plus the
 * foundation model in the regions the profile routes to (any region: AWS picks it per request).
 */
export function bedrockModelArns(modelIds: readonly string[]): string[] {
  const arns = new Set<string>();
  for (const id of modelIds) {
    const profile = PROFILE_PREFIX.exec(id);
    if (profile) {
      arns.add(`arn:${Aws.PARTITION}:bedrock:${Aws.REGION}:${Aws.ACCOUNT_ID}:inference-profile/${id}`);
      arns.add(`arn:${Aws.PARTITION}:bedrock:*::foundation-model/${id.slice(profile[0].length)}`);
    } else {
      arns.add(`arn:${Aws.PARTITION}:bedrock:${Aws.REGION}::foundation-model/${id}`);
    }
  }
  return [...arns];
}

/** Converse and ConverseStream are authorised as InvokeModel and InvokeModelWithResponseStream. */
export function grantModelInvocation(role: iam.IRole, modelIds: readonly string[]): void {
  if (modelIds.length === 0) return;
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'], resources: bedrockModelArns(modelIds) }),
  );
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
