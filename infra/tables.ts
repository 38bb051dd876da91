import { RemovalPolicy, Validations, type Stack } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { DEADLINE_INDEX } from '../functions/store/keys.js';
import { LIMITS_KEY, LIMITS_TTL_ATTRIBUTE } from '../functions/store/limits-table.js';
import type { StageSettings } from './stage.js';

export interface Tables {
  /** The game table: every game's event log and state, players, and the rest (functions/store/keys.ts). */
  readonly table: TableV2;
  readonly limitsTable: TableV2;
}

export function gameTables(stack: Stack, settings: StageSettings): Tables {
  const stageName = settings.name;
  const table = new TableV2(stack, 'Table', {
    tableName: `railpost-${stageName}`,
    partitionKey: { name: 'pk', type: AttributeType.STRING },
    sortKey: { name: 'sk', type: AttributeType.STRING },
    billing: Billing.onDemand(),
    // The stream feeds the notifier; NEW_IMAGE is all it reads (the written commit).
    dynamoStream: StreamViewType.NEW_IMAGE,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: settings.pointInTimeRecovery },
    timeToLiveAttribute: 'ttl',
    // In prod the event log is the source of truth: never lose it to a stack update or delete.
    // A dev table goes with its stack.
    deletionProtection: settings.deletionProtection,
    removalPolicy: settings.tableRemoval,
    // Sparse: only the DUE items of running timed games carry these keys (see functions/store/keys.ts).
    globalSecondaryIndexes: [
      {
        indexName: DEADLINE_INDEX,
        partitionKey: { name: 'dueShard', type: AttributeType.STRING },
        sortKey: { name: 'dueAt', type: AttributeType.STRING },
        projectionType: ProjectionType.KEYS_ONLY,
      },
    ],
  });

  if (!settings.pointInTimeRecovery) {
    Validations.of(table).acknowledge({
      id: 'AwsSolutions-DDB3',
      reason: 'A dev table holds test games only; it may be destroyed with its stack, so it needs no backups.',
    });
  }

  // Rate-limit counters (functions/api/rate-limits.ts): short-lived and disposable, so no
  // backups, stream or retention; expired windows are deleted by TTL.
  const limitsTable = new TableV2(stack, 'LimitsTable', {
    tableName: `railpost-${stageName}-limits`,
    partitionKey: { name: LIMITS_KEY, type: AttributeType.STRING },
    billing: Billing.onDemand(),
    timeToLiveAttribute: LIMITS_TTL_ATTRIBUTE,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  Validations.of(limitsTable).acknowledge({
    id: 'AwsSolutions-DDB3',
    reason: 'Rate-limit counters live for minutes to an hour; restoring them would serve no one.',
  });

  return { table, limitsTable };
}
