import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { deadLetterQueue } from '../operations/deadLetterQueue';
import { EXECUTION_END_STATUSES } from '../../lambdas/recordFailure/executionEndStatuses';
import type { WorkflowType } from '../../workflows/schema';

export interface ExecutionEndWatchProps {
  machines: ReadonlyMap<WorkflowType, sfn.StateMachine>;
  /** The failure recorder, which also takes `{auditId, executionEnded}` events. */
  recordFailure: lambda.IFunction;
  /** Encrypts the dead-letter queue. */
  dataKey: kms.IKey;
}

/**
 * An audit execution can end without reaching its own failure path: an operator stops it, it
 * outlives a time limit, or the failure recorder itself fails. Step Functions reports each end to
 * EventBridge; this rule sends those of the audit state machines to the failure recorder, which
 * marks a session that is still RUNNING as FAILED (and leaves alone an audit that recorded its end).
 * Events it cannot deliver after retries wait in a dead-letter queue (alarmed in Monitoring).
 */
export class ExecutionEndWatch extends Construct {
  readonly rule: events.Rule;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: ExecutionEndWatchProps) {
    super(scope, id);
    this.deadLetterQueue = deadLetterQueue(this, 'DeadLetters', props.dataKey);
    this.rule = new events.Rule(this, 'AuditExecutionEnded', {
      description: 'An audit execution failed, timed out or was stopped: mark its session FAILED unless it recorded its end',
      eventPattern: {
        source: ['aws.states'],
        detailType: ['Step Functions Execution Status Change'],
        detail: {
          status: [...EXECUTION_END_STATUSES],
          stateMachineArn: [...props.machines.values()].map((machine) => machine.stateMachineArn),
        },
      },
    });
    this.rule.addTarget(
      new targets.LambdaFunction(props.recordFailure, {
        // Executions are named after their audit (see stepFunctionsStarter.ts).
        event: events.RuleTargetInput.fromObject({
          auditId: events.EventField.fromPath('$.detail.name'),
          executionEnded: { status: events.EventField.fromPath('$.detail.status'), executionArn: events.EventField.fromPath('$.detail.executionArn') },
        }),
        retryAttempts: 8,
        maxEventAge: Duration.hours(6),
        deadLetterQueue: this.deadLetterQueue,
      }),
    );
  }
}
