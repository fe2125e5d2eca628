import { Aws } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { COMPLETE_SECRET_ARN } from '../config/deploymentSettings';

/**
 * The ARN of a secret named in the deployment settings (validated there): a complete ARN as given, or,
 * for a name, the secret of that name in this account and region. Secrets Manager appends six random characters to
 * a secret's name in its ARN, which a name cannot know, so those six (and nothing else) are matched
 * with `??????`: no other secret can match, not even one whose name merely starts the same.
 */
export function secretArn(secret: string): string {
  return COMPLETE_SECRET_ARN.test(secret) ? secret : `arn:${Aws.PARTITION}:secretsmanager:${Aws.REGION}:${Aws.ACCOUNT_ID}:secret:${secret}-??????`;
}

/** Read access to exactly one secret's value (no listing, no describing, no other secret). */
export function grantSecretRead(role: iam.IRole, secret: string): void {
  role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secretArn(secret)] }));
}
