import { describeResource, permissionsOf, statementsOfRole } from './iamStatements';
import { synthCaseAuditStack } from './synthStack';

describe('caseAudit:bedrockGuardrail and caseAudit:bedrockConcurrency', () => {
  it('gives every agent that calls a model the guardrail to apply, and the right to apply exactly that one', () => {
    const { template, stack } = synthCaseAuditStack({ bedrockGuardrail: { id: 'gr1a2b3c4d5e', version: '2' } });
    const functions = template.toJSON().Resources as Record<string, { Type: string; Properties: { Environment?: { Variables?: Record<string, unknown> } } }>;
    for (const [key, fn] of stack.agents.functions) {
      const env = functions[stack.getLogicalId(fn.fn.node.defaultChild as never)].Properties.Environment?.Variables ?? {};
      const permissions = permissionsOf(statementsOfRole(template, stack.getLogicalId(fn.role.node.defaultChild as never)), describeResource);
      if (key === 'RecordFailure' || key === 'Review') {
        expect(env.CASE_AUDIT_BEDROCK_GUARDRAIL_ID).toBeUndefined();
        expect(permissions['bedrock:ApplyGuardrail']).toBeUndefined();
        continue;
      }
      expect({ key, id: env.CASE_AUDIT_BEDROCK_GUARDRAIL_ID, version: env.CASE_AUDIT_BEDROCK_GUARDRAIL_VERSION }).toEqual({ key, id: 'gr1a2b3c4d5e', version: '2' });
      expect(permissions['bedrock:ApplyGuardrail']).toEqual(['arn:AWS::Partition:bedrock:AWS::Region:AWS::AccountId:guardrail/gr1a2b3c4d5e']);
    }
  });

  it('is off by default', () => {
    const { template } = synthCaseAuditStack();
    expect(JSON.stringify(template.toJSON())).not.toContain('ApplyGuardrail');
  });

  it('refuses an ARN or a version that is not a number or DRAFT, naming the setting', () => {
    expect(() => synthCaseAuditStack({ bedrockGuardrail: { id: 'arn:aws:bedrock:ca-central-1:123456789012:guardrail/gr1', version: '1' } })).toThrow(/caseAudit:bedrockGuardrail\.id: a guardrail id/);
    expect(() => synthCaseAuditStack({ bedrockGuardrail: { id: 'gr1a2b3c4d5e', version: 'latest' } })).toThrow(/caseAudit:bedrockGuardrail\.version: a version number or DRAFT/);
  });

  it('caseAudit:bedrockConcurrency sets the account-wide governor of every agent that calls a model (its slots live in the sessions table it may already write)', () => {
    const { template, stack } = synthCaseAuditStack({ bedrockConcurrency: 12 });
    const functions = template.toJSON().Resources as Record<string, { Properties: { Environment?: { Variables?: Record<string, unknown> } } }>;
    for (const [key, fn] of stack.agents.functions) {
      const env = functions[stack.getLogicalId(fn.fn.node.defaultChild as never)].Properties.Environment?.Variables ?? {};
      expect({ key, slots: env.CASE_AUDIT_MODEL_ACCOUNT_SLOTS, table: typeof env.TABLE_NAME }).toEqual({ key, slots: key === 'RecordFailure' || key === 'Review' ? undefined : '12', table: 'object' });
    }
  });
});
