import { ExecutionAlreadyExists, type SFNClient, type StartExecutionCommand } from '@aws-sdk/client-sfn';
import { StateMachineNotConfigured, StepFunctionsStarter, executionArnFor, stateMachineArnFromEnv } from '../../../lambdas/core/audit/stepFunctionsStarter';
import type { Session } from '../../../lambdas/core/session/sessionSchema';

const ARN = 'arn:aws:states:ca-central-1:123456789012:stateMachine:CaseAudit-document-list';
const session = { auditId: 'aud-01jq3v5c7d9k2m4n6p8r', workflowType: 'document-list', tier: 'pro' } as Session;

/** A Step Functions client double that records requests and answers like the service. */
function fakeSfn(existing = new Set<string>()) {
  const requests: StartExecutionCommand['input'][] = [];
  const client = {
    send: async (command: StartExecutionCommand) => {
      requests.push(command.input);
      const name = command.input.name ?? '';
      if (existing.has(name)) throw new ExecutionAlreadyExists({ message: `Execution Already Exists: '${name}'`, $metadata: {} });
      existing.add(name);
      return { executionArn: executionArnFor(command.input.stateMachineArn ?? '', name), startDate: new Date() };
    },
  };
  return { client: client as unknown as SFNClient, requests };
}

describe('StepFunctionsStarter', () => {
  it('names the execution after the audit and passes only ids to it', async () => {
    const sfn = fakeSfn();
    const starter = new StepFunctionsStarter({ sfn: sfn.client, stateMachineArn: () => ARN });
    expect(await starter.start(session)).toEqual({ executionArn: `arn:aws:states:ca-central-1:123456789012:execution:CaseAudit-document-list:${session.auditId}` });
    expect(sfn.requests).toEqual([{ stateMachineArn: ARN, name: session.auditId, input: JSON.stringify({ auditId: session.auditId, tier: 'pro' }) }]);
  });

  it('finds the execution a second start of the same audit would have created', async () => {
    const sfn = fakeSfn(new Set([session.auditId]));
    const starter = new StepFunctionsStarter({ sfn: sfn.client, stateMachineArn: () => ARN });
    expect((await starter.start(session)).executionArn).toBe(executionArnFor(ARN, session.auditId));
  });

  it('reads each workflow’s state machine from its environment variable and names a missing one', () => {
    expect(stateMachineArnFromEnv('document-list', { STATE_MACHINE_ARN_DOCUMENT_LIST: ARN })).toBe(ARN);
    expect(() => stateMachineArnFromEnv('risk-audit', {})).toThrow(new StateMachineNotConfigured('STATE_MACHINE_ARN_RISK_AUDIT', undefined));
    expect(() => stateMachineArnFromEnv('risk-audit', { STATE_MACHINE_ARN_RISK_AUDIT: 'nope' })).toThrow(/STATE_MACHINE_ARN_RISK_AUDIT is not a state machine ARN/);
  });
});
