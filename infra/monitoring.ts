import { Duration, Validations } from 'aws-cdk-lib';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { HttpStage, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { Subscription, SubscriptionProtocol, Topic } from 'aws-cdk-lib/aws-sns';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** The thresholds, with their reasons in docs/operations.md ("Alarms"). */
export const THRESHOLDS = {
  /** Percent of API requests answered 5xx in five minutes, once at least `apiMinRequests` came. */
  api5xxPercent: 5,
  apiMinRequests: 10,
  /** Two sweep periods: one missed sweep is tolerated, a second means the sweeper is falling behind. */
  sweeperLagSeconds: 120,
  /** Percent of delivery attempts failing in fifteen minutes, once at least `notificationMinAttempts` were made. */
  notificationFailurePercent: 20,
  notificationMinAttempts: 5,
} as const;

const CHANNELS = ['email', 'push', 'webhook'] as const;

export interface MonitoringProps {
  readonly stage: string;
  /** The CloudWatch namespace the functions write their EMF metrics to. */
  readonly namespace: string;
  readonly alarmEmail: string;
  readonly functions: Record<'Api' | 'Notifier' | 'Sweeper' | 'SweepWorker' | 'Stream' | 'BotWorker', LambdaFn> & {
    MailIn?: LambdaFn;
  };
  /** The HTTP API's stage: what the API's callers were answered, and how fast. */
  readonly httpStage: HttpStage;
  /** The account event stream's WebSocket stage. */
  readonly streamStage: WebSocketStage;
  readonly tables: Record<'Table' | 'LimitsTable', TableV2>;
  readonly deadLetters: Queue;
  /** Sweep batches (due games, due digests) that failed every delivery to the sweep worker. */
  readonly sweepDeadLetters: Queue;
  /** Bot-turn jobs that failed every delivery (infra/bot-worker.ts). */
  readonly botTurnDeadLetters: Queue;
}

/** Every alarm to one SNS topic with an email subscription, and a dashboard of the same figures. */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { namespace, functions, tables } = props;
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `railpost ${props.stage} alarms`, enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notices carry alarm names and figures, no player data or secrets. CloudWatch cannot publish to a topic ' +
        'encrypted with the AWS managed aws/sns key, and a customer managed key would cost more than the alarms.',
    });
    new Subscription(this, 'AlarmEmail', {
      topic: this.topic,
      protocol: SubscriptionProtocol.EMAIL,
      endpoint: props.alarmEmail,
    });
    const action = new SnsAction(this.topic);
    const alarm = (
      name: string,
      description: string,
      metric: IMetric,
      threshold: number,
      extra: { missing?: TreatMissingData; evaluationPeriods?: number } = {},
    ) => {
      const a = new Alarm(this, name, {
        alarmName: `railpost-${props.stage}-${name}`,
        alarmDescription: `${description} See docs/operations.md#${name.toLowerCase()}.`,
        metric,
        threshold,
        evaluationPeriods: extra.evaluationPeriods ?? 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: extra.missing ?? TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(action);
      a.addOkAction(action);
      this.alarms.push(a);
      return a;
    };
    const five = Duration.minutes(5);

    const depthOf = (queue: Queue) =>
      queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' });
    alarm(
      'DeadLetters',
      'A notification batch failed every retry and sits in the dead-letter queue.',
      depthOf(props.deadLetters),
      1,
    );
    alarm(
      'SweepDeadLetters',
      'A sweep batch (due games or digests) failed every delivery and sits in the sweep dead-letter queue.',
      depthOf(props.sweepDeadLetters),
      1,
    );

    alarm(
      'BotTurnDeadLetters',
      'A bot turn failed every delivery and sits in its dead-letter queue: its game waits for the bot until it is redriven.',
      depthOf(props.botTurnDeadLetters),
      1,
    );

    // The HTTP API's own metrics (AWS/ApiGateway by ApiId and Stage): what its callers were answered,
    // including the 429s of its throttle and the 5xx of a function that failed or timed out.
    const requests = props.httpStage.metricCount({ period: five, statistic: 'Sum' });
    const serverErrors = props.httpStage.metricServerError({ period: five });
    const clientErrors = props.httpStage.metricClientError({ period: five });
    // Held views (up to 25 s) are in every percentile past their share of requests, so latency is
    // drawn, not alarmed on.
    const latency = props.httpStage.metricLatency({ period: five, statistic: 'p99' });
    const api5xxRate = new MathExpression({
      expression: `IF(requests >= ${THRESHOLDS.apiMinRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period: five,
      label: 'API 5xx (% of requests)',
    });
    alarm(
      'Api5xx',
      `More than ${THRESHOLDS.api5xxPercent} % of API requests answered 5xx in five minutes.`,
      api5xxRate,
      THRESHOLDS.api5xxPercent,
    );

    for (const [name, fn] of Object.entries(functions)) {
      alarm(
        `${name}Errors`,
        `The ${name.toLowerCase()} function failed (crash, timeout or unhandled error).`,
        fn.metricErrors({ period: five, statistic: 'Sum' }),
        1,
      );
      alarm(
        `${name}Throttles`,
        `The ${name.toLowerCase()} function was throttled.`,
        fn.metricThrottles({ period: five, statistic: 'Sum' }),
        1,
      );
    }

    // A Stream invocation that failed, timed out or was throttled, as the WebSocket API saw it.
    const streamStage = (metricName: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: props.streamStage.api.apiId, Stage: props.streamStage.stageName },
        statistic: 'Sum',
        period: five,
      });
    const streamIntegrationErrors = streamStage('IntegrationError');
    alarm(
      'StreamIntegrationErrors',
      'The WebSocket API could not get an answer from the stream function for a connect, message or disconnect.',
      streamIntegrationErrors,
      1,
    );

    // Ids carry the table's name: the dashboard draws both tables in one graph.
    const throttledOf = (name: string, table: TableV2) => {
      const id = name.toLowerCase();
      return new MathExpression({
        expression: `FILL(reads_${id}, 0) + FILL(writes_${id}, 0)`,
        usingMetrics: {
          [`reads_${id}`]: table.metric('ReadThrottleEvents', { period: five, statistic: 'Sum' }),
          [`writes_${id}`]: table.metric('WriteThrottleEvents', { period: five, statistic: 'Sum' }),
        },
        period: five,
        label: `${name} throttled requests`,
      });
    };
    for (const [name, table] of Object.entries(tables)) {
      alarm(
        `${name}Throttles`,
        `DynamoDB throttled requests to ${name === 'Table' ? 'the game table' : 'the rate-limit table'}.`,
        throttledOf(name, table),
        1,
      );
    }

    const business = (metricName: string, dimensionsMap: Record<string, string>, statistic = 'Sum', period = five) =>
      new Metric({ namespace, metricName, dimensionsMap, statistic, period });
    // Reported on every sweep, so no data means no sweeps: that is as bad as a long lag.
    const lag = business('SweeperLagSeconds', { service: 'sweeper' }, 'Maximum');
    alarm(
      'SweeperLag',
      `The oldest due deadline waited more than ${THRESHOLDS.sweeperLagSeconds} s (two sweep periods), or no sweep reported.`,
      lag,
      THRESHOLDS.sweeperLagSeconds,
      {
        missing: TreatMissingData.BREACHING,
      },
    );

    const quarter = Duration.minutes(15);
    const attempts = Object.fromEntries(
      CHANNELS.flatMap((channel) =>
        (['sent', 'failed'] as const).map((outcome) => [
          `${outcome}_${channel}`,
          business('Notifications', { service: 'notifier', channel, outcome }, 'Sum', quarter),
        ]),
      ),
    );
    const sum = (outcome: string) => CHANNELS.map((c) => `FILL(${outcome}_${c}, 0)`).join(' + ');
    const failureRate = new MathExpression({
      expression: `IF((${sum('sent')} + ${sum('failed')}) >= ${THRESHOLDS.notificationMinAttempts}, 100 * (${sum('failed')}) / (${sum('sent')} + ${sum('failed')}), 0)`,
      usingMetrics: attempts,
      period: quarter,
      label: 'Failed notifications (% of attempts)',
    });
    alarm(
      'NotificationFailures',
      `More than ${THRESHOLDS.notificationFailurePercent} % of notification deliveries failed in fifteen minutes.`,
      failureRate,
      THRESHOLDS.notificationFailurePercent,
    );

    const dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `railpost-${props.stage}` });
    const graph = (title: string, left: IMetric[]) => new GraphWidget({ title, left, width: 8 });
    // SEARCH finds every code and channel that has reported, without listing them here.
    const search = (metricName: string, dims: string, label: string) =>
      new MathExpression({
        expression: `SEARCH('{${namespace},${dims}} MetricName="${metricName}"', 'Sum', 300)`,
        usingMetrics: {},
        label,
        period: five,
      });
    dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24 }));
    dashboard.addWidgets(
      graph('API requests, 4xx and 5xx', [requests, clientErrors, serverErrors]),
      graph('API 5xx rate (%)', [api5xxRate]),
      graph('API latency p99 (ms)', [latency]),
    );
    dashboard.addWidgets(
      graph('Event stream connects and messages', [
        streamStage('ConnectCount'),
        streamStage('MessageCount'),
        streamStage('ClientError'),
        streamIntegrationErrors,
      ]),
      graph('Dead-letter queue depth', [
        depthOf(props.deadLetters),
        depthOf(props.sweepDeadLetters),
        depthOf(props.botTurnDeadLetters),
      ]),
    );
    dashboard.addWidgets(
      graph(
        'Lambda errors',
        Object.values(functions).map((fn) => fn.metricErrors({ period: five, statistic: 'Sum' })),
      ),
      graph(
        'Lambda throttles',
        Object.values(functions).map((fn) => fn.metricThrottles({ period: five, statistic: 'Sum' })),
      ),
      graph(
        'DynamoDB throttled requests',
        Object.entries(tables).map(([name, table]) => throttledOf(name, table)),
      ),
    );
    dashboard.addWidgets(
      graph('Moves', [
        business('Moves', { service: 'api' }),
        business('BotMoves', { service: 'api' }),
        business('BotMoves', { service: 'sweeper' }),
        business('BotMoves', { service: 'bots' }),
      ]),
      graph('Rejected moves by code', [search('RejectedMoves', 'service,code', 'rejected')]),
      graph('Notifications by channel and outcome', [
        search('Notifications', 'service,channel,outcome', 'notifications'),
        failureRate,
      ]),
    );
    dashboard.addWidgets(
      graph('Reminders and timeouts', [
        business('Reminders', { service: 'sweeper' }),
        business('Timeouts', { service: 'sweeper' }),
      ]),
      graph('Sweeper lag (s)', [lag]),
    );
  }
}
