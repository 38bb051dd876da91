/**
 * What every Lambda entry shares for operations: Powertools Logger (JSON lines with the Lambda
 * request id) and Metrics (CloudWatch EMF, no API calls), plus the service's metrics port wired to
 * Metrics. X-Ray tracing of SDK calls is apart (tracing.ts): the API does without it. Only the
 * Lambda entries import this; the local server and the service never load Powertools.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { MiddlewareObj } from '@middy/core';
import type { Metrics as MetricsPort } from '../service/metrics.js';

export interface Observability {
  logger: Logger;
  metrics: Metrics;
  /** The service's metrics port, counting into `metrics`. */
  port: MetricsPort;
  /** Context in every log line, the cold-start metric and a flush of the metrics at the end. */
  middlewares: MiddlewareObj[];
}

/** `serviceName` is the function's part of the system: api, notifier or sweeper. */
export function observability(serviceName: string): Observability {
  const logger = new Logger({ serviceName });
  const metrics = new Metrics({
    // The namespace comes from POWERTOOLS_METRICS_NAMESPACE, which the stack sets per stage (Railpost/dev, Railpost/prod).
    serviceName,
    // An invocation without business events (most API reads) is normal: Powertools' warning
    // about an empty flush would be one noise line per request, so it goes to debug.
    logger: {
      debug: (...a) => logger.debug(a.join(' ')),
      info: (...a) => logger.info(a.join(' ')),
      warn: (...a) => logger.debug(a.join(' ')),
      error: (...a) => logger.error(a.join(' ')),
    },
  });
  return {
    logger,
    metrics,
    port: metricsPort(metrics),
    middlewares: [
      injectLambdaContext(logger),
      logMetrics(metrics, { captureColdStartMetric: true }),
    ] as MiddlewareObj[],
  };
}

/**
 * Counts without dimensions are buffered and flushed once per invocation; counts with
 * dimensions go out at once as their own EMF line, so a code or channel never lends its
 * dimensions to another metric.
 */
export function metricsPort(metrics: Metrics): MetricsPort {
  return {
    count(name, dimensions) {
      if (!dimensions) return metrics.addMetric(name, MetricUnit.Count, 1);
      const single = metrics.singleMetric();
      for (const [key, value] of Object.entries(dimensions)) single.addDimension(key, value);
      single.addMetric(name, MetricUnit.Count, 1);
    },
    gauge(name, seconds) {
      metrics.addMetric(name, MetricUnit.Seconds, seconds);
    },
  };
}
