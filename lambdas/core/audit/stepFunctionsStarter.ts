import { ExecutionAlreadyExists, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { WorkflowType } from '../../../workflows/schema';
import { STATE_MACHINE_ARN_SETTINGS } from './stateMachineSettings';
import type { Session } from '../session/sessionSchema';
import type { ExecutionStarter } from './startAudit';
import { DeterministicError } from '../errors/deterministicError';


const STATE_MACHINE_ARN = /^arn:aws[a-z-]*:states:[a-z0-9-]+:\d{12}:stateMachine:[A-Za-z0-9_-]{1,80}$/;

export class StateMachineNotConfigured extends DeterministicError {
  override readonly name = 'StateMachineNotConfigured';
  constructor(readonly setting: string, value: string | undefined) {
    super(
      value === undefined || value.trim() === ''
        ? `${setting} is not set: the ARN of the state machine to start (the CDK stack sets it)`
        : `${setting} is not a state machine ARN (${JSON.stringify(value)})`,
    );
  }
}

/** The execution ARN Step Functions gives an execution of `stateMachineArn` named `name`. */
export function executionArnFor(stateMachineArn: string, name: string): string {
  return `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
}

/** The state machine ARN for a workflow, read from the environment when first needed. */
export function stateMachineArnFromEnv(type: WorkflowType, env: NodeJS.ProcessEnv = process.env): string {
  const setting = STATE_MACHINE_ARN_SETTINGS[type];
  const value = env[setting];
  if (!value || !STATE_MACHINE_ARN.test(value)) throw new StateMachineNotConfigured(setting, value);
  return value;
}

export interface StepFunctionsStarterOptions {
  /** Created on first start when left out (handlers that never start audits never create it). */
  sfn?: SFNClient;
  stateMachineArn?: (type: WorkflowType) => string;
  region?: string;
}

/**
 * Starts an audit's execution in AWS Step Functions. The execution is named after the audit id, so a
 * second start for the same audit (a redelivered event, a retried request) finds the execution that
 * exists instead of starting another: Step Functions refuses a name that is taken.
 */
export class StepFunctionsStarter implements ExecutionStarter {
  private sfn: SFNClient | undefined;
  private readonly arnFor: (type: WorkflowType) => string;
  private readonly region: string | undefined;

  constructor(opts: StepFunctionsStarterOptions = {}) {
    this.sfn = opts.sfn;
    this.arnFor = opts.stateMachineArn ?? ((type) => stateMachineArnFromEnv(type));
    this.region = opts.region;
  }

  /** The client, created on first use (the Lambda's tracer may instrument it through `client()`). */
  client(): SFNClient {
    this.sfn ??= new SFNClient(this.region ? { region: this.region } : {});
    return this.sfn;
  }

  async start(session: Session): Promise<{ executionArn: string }> {
    const stateMachineArn = this.arnFor(session.workflowType);
    const name = session.auditId;
    try {
      const out = await this.client().send(
        new StartExecutionCommand({ stateMachineArn, name, input: JSON.stringify({ auditId: session.auditId, tier: session.tier }) }),
      );
      return { executionArn: out.executionArn ?? executionArnFor(stateMachineArn, name) };
    } catch (err) {
      if (err instanceof ExecutionAlreadyExists || (err instanceof Error && err.name === 'ExecutionAlreadyExists')) {
        return { executionArn: executionArnFor(stateMachineArn, name) };
      }
      throw err;
    }
  }
}
