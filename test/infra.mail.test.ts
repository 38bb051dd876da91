/**
 * Replies by mail through SES receiving: the bucket, the receipt rule and the mail-in function.
 */
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { RailpostStack } from '../infra/stack.js';
import { template, type Statement } from './infra.testkit.js';

describe('replies by mail through SES receiving', () => {
  const entry = fileURLToPath(import.meta.url);
  const mailStack = new RailpostStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'RailpostMail', {
    apiEntry: entry,
    notifierEntry: entry,
    sweeperEntry: entry,
    sweepWorkerEntry: entry,
    mailInEntry: entry,
    emailFrom: 'railpost <turns@games.example>',
    replyDomain: 'play.games.example',
  });
  const mail = Template.fromStack(mailStack);
  const functionWith = (t: Template, variable: string) =>
    Object.entries(t.findResources('AWS::Lambda::Function')).filter(
      ([, f]) => f.Properties.Environment?.Variables?.[variable] !== undefined,
    );
  const mailInId = () => functionWith(mail, 'INBOUND_BUCKET')[0]![0];
  const mailInStatements = () =>
    Object.values(mail.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties.Roles).includes('MailInFunctionRole'))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);

  it('has no cdk-nag AwsSolutions findings left unacknowledged', () => {
    expect(new AwsSolutionsChecks().validateScope(mailStack).violations).toEqual([]);
  });

  it('adds nothing for mail without a reply domain: no bucket, no rule set, no mail-in function, no reply codes in turn emails', () => {
    template.resourceCountIs('AWS::S3::Bucket', 0);
    template.resourceCountIs('AWS::SES::ReceiptRuleSet', 0);
    expect(functionWith(template, 'INBOUND_BUCKET')).toHaveLength(0);
    expect(functionWith(template, 'REPLY_DOMAIN')).toHaveLength(0);
  });

  it('receives mail for the reply domain only, over TLS, scanned, storing it under inbound/ and then invoking mail-in asynchronously', () => {
    mail.hasResourceProperties('AWS::SES::ReceiptRuleSet', { RuleSetName: 'railpost-prod-replies' });
    mail.hasResourceProperties('AWS::SES::ReceiptRule', {
      Rule: {
        Enabled: true,
        Recipients: ['play.games.example'],
        ScanEnabled: true,
        TlsPolicy: 'Require',
        Actions: [
          { S3Action: { BucketName: Match.anyValue(), ObjectKeyPrefix: 'inbound/' } },
          { LambdaAction: { FunctionArn: { 'Fn::GetAtt': [mailInId(), 'Arn'] }, InvocationType: 'Event' } },
        ],
      },
    });
    mail.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'ses.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [mailInId(), 'Arn'] },
      SourceAccount: { Ref: 'AWS::AccountId' },
    });
    mail.hasOutput('ReplyRuleSetName', { Value: 'railpost-prod-replies' });
  });

  it('stores messages in an encrypted, private, SSL-only bucket that deletes them after 7 days; only SES of this account may write', () => {
    mail.resourceCountIs('AWS::S3::Bucket', 1);
    mail.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LifecycleConfiguration: {
        Rules: [
          Match.objectLike({
            Status: 'Enabled',
            ExpirationInDays: 7,
            AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          }),
        ],
      },
    });
    const statements = Object.values(mail.findResources('AWS::S3::BucketPolicy')).flatMap(
      (p) => p.Properties.PolicyDocument.Statement as Record<string, any>[],
    );
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
    const sesWrite = statements.filter((s) => s.Principal?.Service === 'ses.amazonaws.com');
    expect(sesWrite).toHaveLength(1);
    expect(sesWrite[0]).toMatchObject({
      Effect: 'Allow',
      Action: 's3:PutObject',
      Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
    });
    expect(JSON.stringify(sesWrite[0]!.Resource)).toContain('/inbound/*');
  });

  it('lets mail-in read only the stored messages, play moves on the table, read its secrets and send as the stage’s sender', () => {
    const statements = mailInStatements();
    const s3 = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
    expect(s3).toHaveLength(1);
    expect(s3[0]!.Action).toBe('s3:GetObject');
    expect(JSON.stringify(s3[0]!.Resource)).toContain('/inbound/*');
    expect(
      statements
        .flatMap((s) => [s.Action].flat())
        .filter((a) => a.startsWith('dynamodb:'))
        .sort(),
    ).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(statements.flatMap((s) => [s.Action].flat())).toEqual(
      expect.arrayContaining(['ssm:GetParameter', 'ses:SendEmail']),
    );
  });

  it('gives mail-in and the notifier the reply domain, and mail-in where the messages are', () => {
    const [[, fn]] = functionWith(mail, 'INBOUND_BUCKET') as [[string, any]];
    expect(fn.Properties.Environment.Variables).toMatchObject({
      REPLY_DOMAIN: 'play.games.example',
      INBOUND_PREFIX: 'inbound/',
      INBOUND_BUCKET: { Ref: expect.stringMatching(/^InboundMail/) },
    });
    expect(fn.Properties.Timeout).toBe(30);
    // The notifier's turn emails carry the codes and the signed Reply-To.
    expect(
      functionWith(mail, 'REPLY_DOMAIN')
        .map(([id]) => id)
        .sort(),
    ).toEqual([mailInId(), expect.stringMatching(/^NotifierFunction/)].sort());
  });
});
