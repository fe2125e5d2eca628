import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

export interface ApiWebAclProps {
  /** The API stage to protect (`arn:aws:apigateway:<region>::/restapis/<id>/stages/<stage>`). */
  stageArn: string;
  /** Requests one IP address may make in five minutes before it is blocked. */
  rateLimitPer5Minutes: number;
}

const managedRule = (name: string, priority: number): wafv2.CfnWebACL.RuleProperty => ({
  name,
  priority,
  statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
  overrideAction: { none: {} },
  visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true },
});

/** An optional AWS WAF web ACL for the API: AWS managed rule groups and a per-IP rate limit. */
export class ApiWebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: ApiWebAclProps) {
    super(scope, id);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'CaseAuditApi', sampledRequestsEnabled: true },
      rules: [
        managedRule('AWSManagedRulesAmazonIpReputationList', 0),
        managedRule('AWSManagedRulesCommonRuleSet', 1),
        managedRule('AWSManagedRulesKnownBadInputsRuleSet', 2),
        {
          name: 'RatePerIp',
          priority: 3,
          statement: { rateBasedStatement: { limit: props.rateLimitPer5Minutes, aggregateKeyType: 'IP' } },
          action: { block: {} },
          visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'RatePerIp', sampledRequestsEnabled: true },
        },
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'Association', { resourceArn: props.stageArn, webAclArn: this.webAcl.attrArn });
  }
}
