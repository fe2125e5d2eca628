import { Match } from 'aws-cdk-lib/assertions';
import { synthCaseAuditStack } from './synthStack';

type Resource = { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string };
const EXISTING_KEY = 'arn:aws:kms:ca-central-1:123456789012:key/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';

describe('Immigration files at rest: the customer-managed data key and cost-allocation tags', () => {
  it('creates one rotating, retained key that encrypts the bucket, the table and every queue', () => {
    const { template, stack } = synthCaseAuditStack();
    const keys = template.findResources('AWS::KMS::Key') as Record<string, Resource>;
    // Beside the alarm topic's own key (lib/operations/monitoring.ts).
    expect(Object.keys(keys).sort()).toEqual([stack.getLogicalId(stack.dataKey.key.node.defaultChild as never), stack.getLogicalId(stack.monitoring.topic.masterKey!.node.defaultChild as never)].sort());
    const keyId = stack.getLogicalId(stack.dataKey.key.node.defaultChild as never);
    const key = keys[keyId];
    expect(key.Properties).toMatchObject({ EnableKeyRotation: true, RotationPeriodInDays: 365 });
    expect(key.DeletionPolicy).toBe('Retain');
    template.hasResourceProperties('AWS::KMS::Alias', { AliasName: 'alias/case-audit-data' });
    const arn = { 'Fn::GetAtt': [keyId, 'Arn'] };
    for (const queue of Object.values(template.findResources('AWS::SQS::Queue') as Record<string, Resource>)) expect(queue.Properties!.KmsMasterKeyId).toEqual(arn);
    expect(Object.keys(template.findResources('AWS::SQS::Queue'))).toHaveLength(3);
    expect(stack.storage.bucket.encryptionKey).toBe(stack.dataKey.key);
    // EventBridge writes to the encrypted queues (upload events, undeliverable events) for this account only.
    template.hasResourceProperties('AWS::KMS::Key', {
      Description: Match.stringLikeRegexp('Case Audit'),
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({ Sid: 'EventBridgeSendsToQueues', Principal: { Service: 'events.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey'], Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } } }),
        ]),
      },
    });
  });

  it('uses an existing key when caseAudit:dataKeyArn names one, and creates none', () => {
    const { template } = synthCaseAuditStack({ dataKeyArn: EXISTING_KEY });
    expect(Object.keys(template.findResources('AWS::KMS::Key'))).toHaveLength(1); // the alarm topic's
    template.hasResourceProperties('AWS::S3::Bucket', { BucketEncryption: { ServerSideEncryptionConfiguration: [Match.objectLike({ ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: EXISTING_KEY } })] } });
    template.hasResourceProperties('AWS::DynamoDB::Table', { SSESpecification: { SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: EXISTING_KEY } });
  });

  it('refuses a data key setting that is not a KMS key ARN, naming the setting', () => {
    expect(() => synthCaseAuditStack({ dataKeyArn: 'alias/my-key' })).toThrow(/caseAudit:dataKeyArn: a KMS key ARN/);
  });

  it('tags every taggable resource application=case-audit, plus the cost-allocation tags given', () => {
    const { template } = synthCaseAuditStack({ costTags: { 'cost-centre': 'immigration-practice', client: 'firm-a' } });
    const tagged = Object.values(template.toJSON().Resources as Record<string, Resource>).filter((r) => ['AWS::S3::Bucket', 'AWS::DynamoDB::Table', 'AWS::Lambda::Function', 'AWS::SQS::Queue', 'AWS::StepFunctions::StateMachine', 'AWS::KMS::Key', 'AWS::ApiGateway::RestApi'].includes(r.Type));
    expect(tagged.length).toBeGreaterThan(20);
    for (const r of tagged) {
      const raw = r.Properties!.Tags as Array<{ Key: string; Value: string }> | Record<string, string> | undefined;
      const tags = Array.isArray(raw) ? Object.fromEntries(raw.map((t) => [t.Key, t.Value])) : (raw ?? {});
      expect({ type: r.Type, tags }).toMatchObject({ type: r.Type, tags: { application: 'case-audit', 'cost-centre': 'immigration-practice', client: 'firm-a' } });
    }
  });
});
