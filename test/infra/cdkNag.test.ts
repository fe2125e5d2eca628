import { App, Stack, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { NAG_REASONS } from '../../lib/nag/nagSuppressions';
import { synthCaseAuditStack } from './synthStack';

/** Each violation cdk-nag's AWS Solutions and Serverless packs still report, as `rule at construct path`. */
function nagFindings(app: App): string[] {
  return [new AwsSolutionsChecks(app), new ServerlessChecks(app)].flatMap((pack) =>
    pack.validateScope(app).violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath ?? r.resourceLogicalId ?? '?'}`)),
  );
}

/** Every acknowledgment recorded with `Validations.of(c).acknowledge()` under `root`. */
function acknowledgments(root: IConstruct): Array<{ path: string; id: string; reason: string }> {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) => Object.entries(m.data as Record<string, string>))
      .map(([id, reason]) => ({ path: c.node.path, id: id.replace(/^Annotation::/, ''), reason })),
  );
}

describe('cdk-nag AWS Solutions and Serverless checks', () => {
  let defaults: ReturnType<typeof synthCaseAuditStack>;
  let everything: ReturnType<typeof synthCaseAuditStack>;

  beforeAll(() => {
    defaults = synthCaseAuditStack();
    everything = synthCaseAuditStack({
      allowedOrigins: ['https://portal.example-law.ca'],
      enableWaf: true,
      requireMfa: false,
      knowledgeBaseId: 'KB12345678',
      bedrockModelIds: { default: 'anthropic.claude-haiku-4-5-20251001-v1:0', judge: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', reporter: 'eu.anthropic.claude-haiku-4-5-20251001-v1:0' },
      canliiApiKeySecret: 'case-audit/canlii',
      alarmEmail: 'it@example-law.ca',
      provisionedConcurrency: { intake: 1 },
      reservedConcurrency: { detective: 5 },
      caseDataRetentionDays: 1095,
    });
  });

  it('does find problems (the checker runs here): an unencrypted queue without a dead-letter queue', () => {
    const app = new App();
    new sqs.Queue(new Stack(app, 'Broken'), 'Queue', { encryption: sqs.QueueEncryption.UNENCRYPTED });
    expect(nagFindings(app).map((f) => f.split(' ')[0]).sort()).toEqual(['AwsSolutions-SQS2', 'AwsSolutions-SQS3', 'AwsSolutions-SQS4', 'Serverless-SQSRedrivePolicy']);
  });

  it('reports no unacknowledged finding for the default deployment', () => {
    expect(nagFindings(defaults.app)).toEqual([]);
  });

  it('reports no unacknowledged finding with every option on (CORS, WAF, per-agent inference profiles, knowledge base, CanLII secret, optional MFA, concurrency)', () => {
    expect(nagFindings(everything.app)).toEqual([]);
  });

  it('acknowledges each finding on the construct it concerns, with one of the stated reasons', () => {
    const reasons = new Set<string>(Object.values(NAG_REASONS));
    for (const { app } of [defaults, everything]) {
      const acks = acknowledgments(app);
      expect(acks.length).toBeGreaterThan(0);
      for (const ack of acks) {
        expect(ack.id).toMatch(/^(AwsSolutions|Serverless)-/);
        expect(reasons.has(ack.reason)).toBe(true);
        // Never a whole stack or app: always a role, a policy, a method, a stage or a user pool.
        expect(ack.path.split('/').length).toBeGreaterThan(2);
      }
    }
  });

  it('needs no acknowledgment for the bucket, table, queues, topic, state machines’ logging or the user pool’s password policy', () => {
    const acks = acknowledgments(defaults.app);
    const acked = new Set(acks.map((a) => a.id.replace(/\[.*$/, '')));
    expect([...acked].sort()).toEqual(['AwsSolutions-APIG3', 'AwsSolutions-IAM4', 'AwsSolutions-IAM5', 'AwsSolutions-SQS3', 'Serverless-LambdaDLQ', 'Serverless-LambdaEventSourceMappingDestination', 'Serverless-SQSRedrivePolicy']);
    // The one queue finding: the execution-end events' dead-letter queue is an EventBridge target's DLQ, which cdk-nag does not see as one.
    expect(acks.filter((a) => a.id === 'AwsSolutions-SQS3').map((a) => a.path)).toEqual(['CaseAudit/ExecutionEnds/DeadLetters']);
  });
});
