import { readFileSync } from 'node:fs';
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { WORKFLOW_TYPES, type WorkflowType } from '../../workflows/schema';
import { projectPath } from '../config/projectPaths';
import type { AgentFunctions } from '../compute/agentFunctions';

/** The function keys a committed ASL invokes (`${IntakeFunctionArn}` → `Intake`), in order of first use. */
export function functionKeysOf(asl: string): string[] {
  return [...new Set([...asl.matchAll(/\$\{(\w+)FunctionArn\}/g)].map((m) => m[1]))];
}

/** The committed ASL of a workflow type, as text (the very file the local interpreter runs). */
export function committedAsl(type: WorkflowType): string {
  return readFileSync(projectPath('statemachines', `${type}.asl.json`), 'utf8');
}

export interface AuditStateMachinesProps {
  agents: AgentFunctions;
  logRetention: logs.RetentionDays;
}

/**
 * One standard state machine per workflow type, defined by the committed `statemachines/<type>.asl.json`
 * with the Lambda ARNs substituted. Named `<stack>-<type>` so the console reads well; every event is
 * logged without execution data (inputs and outputs may carry personal data); X-Ray tracing on. Each
 * role may invoke exactly the functions its definition names.
 */
export class AuditStateMachines extends Construct {
  readonly machines = new Map<WorkflowType, sfn.StateMachine>();

  constructor(scope: Construct, id: string, props: AuditStateMachinesProps) {
    super(scope, id);
    const stackName = Stack.of(this).stackName;
    for (const type of WORKFLOW_TYPES) {
      const asl = committedAsl(type);
      const keys = functionKeysOf(asl);
      const targets = keys.map((key) => props.agents.invokeTarget(key));
      const logGroup = new logs.LogGroup(this, `${type}-logs`, {
        logGroupName: `/aws/vendedlogs/states/${stackName}-${type}`,
        retention: props.logRetention,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      const machine = new sfn.StateMachine(this, type, {
        stateMachineName: `${stackName}-${type}`,
        stateMachineType: sfn.StateMachineType.STANDARD,
        definitionBody: sfn.DefinitionBody.fromString(asl),
        definitionSubstitutions: Object.fromEntries(keys.map((key, i) => [`${key}FunctionArn`, targets[i].functionArn])),
        tracingEnabled: true,
        logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
      });
      machine.addToRolePolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: targets.map((t) => t.functionArn) }));
      this.machines.set(type, machine);
    }
  }
}
