import { CfnOutput, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { ReceiptRuleSet, TlsPolicy } from 'aws-cdk-lib/aws-ses';
import { Lambda as LambdaAction, LambdaInvocationType, S3 as S3Action } from 'aws-cdk-lib/aws-ses-actions';
import { PLAY_ACTIONS, type Mailing, type StageFunctions } from './lambda-function.js';

/** Where the receipt rule stores messages in the inbound bucket; the mail-in function reads only there. */
const INBOUND_PREFIX = 'inbound/';
/** Replies are a few lines; a stored message is kept this long for a look after a failure, then deleted. */
const INBOUND_RETENTION_DAYS = 7;

/**
 * Replies by mail: an SES receipt rule for the reply domain stores each message in
 * an encrypted bucket that forgets it after a week, then invokes the mail-in function, which
 * reads it, checks the receipt's SPF and DKIM verdicts, and plays the move as the API would.
 * SES allows one active rule set per region and CloudFormation cannot activate one, so the
 * deployer activates it once (docs/operations.md "Deploying to AWS", "Replies by email").
 */
export function mailInFunction(
  functions: StageFunctions,
  replyDomain: string,
  entry: string,
  notifyEnvironment: Record<string, string>,
  table: TableV2,
  mailing: Mailing,
): LambdaFn {
  const { stack } = functions;
  const stageName = functions.settings.name;
  const bucket = new Bucket(stack, 'InboundMail', {
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    lifecycleRules: [
      { expiration: Duration.days(INBOUND_RETENTION_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) },
    ],
    removalPolicy: RemovalPolicy.DESTROY,
  });
  Validations.of(bucket).acknowledge({
    id: 'AwsSolutions-S1',
    reason:
      'Only SES writes here and only the mail-in function reads, each message once; every message is deleted after ' +
      `${INBOUND_RETENTION_DAYS} days. What each reply did is in the mail-in function's log, so access logs would add a bucket and tell nothing new.`,
  });
  const fn = functions.create(
    'MailIn',
    entry,
    { ...notifyEnvironment, REPLY_DOMAIN: replyDomain, INBOUND_BUCKET: bucket.bucketName, INBOUND_PREFIX },
    { timeout: Duration.seconds(30) },
  );
  functions.grantTable(fn, table, PLAY_ACTIONS);
  functions.grantSecrets(fn, mailing.parameterArn);
  functions.grantSend(fn, mailing.emailFrom, mailing.configurationSet);
  fn.addToRolePolicy(
    new PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects(`${INBOUND_PREFIX}*`)] }),
  );
  Validations.of(fn.role!).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(bucket.node.defaultChild as CfnBucket)}.Arn>/${INBOUND_PREFIX}*]`,
    reason:
      'Objects are named by SES message ids, unknown in advance; the function reads only under the prefix the receipt rule writes to.',
  });
  new ReceiptRuleSet(stack, 'ReplyRules', {
    receiptRuleSetName: `railpost-${stageName}-replies`,
    rules: [
      {
        recipients: [replyDomain],
        // Spam and virus verdicts on every message; the function skips one with a virus.
        scanEnabled: true,
        tlsPolicy: TlsPolicy.REQUIRE,
        actions: [
          new S3Action({ bucket, objectKeyPrefix: INBOUND_PREFIX }),
          new LambdaAction({ function: fn, invocationType: LambdaInvocationType.EVENT }),
        ],
      },
    ],
  });
  new CfnOutput(stack, 'ReplyRuleSetName', { value: `railpost-${stageName}-replies` });
  return fn;
}
