/** What the DynamoDB-only suites look at besides the stores: the client's calls, raw items and the table infra deploys. */
import { fileURLToPath } from 'node:url';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { expect } from 'vitest';
import { DeliveryLog } from '../../../functions/store/delivery-log.js';
import { RailpostStack } from '../../../infra/stack.js';
import type { Harness } from './backends.js';

export interface Call {
  command: string;
  input: any;
  output: any;
}

const spied = new WeakMap<DynamoDBClient, Call[]>();

/** Every command the client sends from now on, with its input and parsed output (recorded once per client). */
function spy(client: DynamoDBClient): Call[] {
  const known = spied.get(client);
  if (known) return known;
  const calls: Call[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      calls.push({ command: String(context.commandName), input: args.input, output: result.output });
      return result;
    },
    { step: 'initialize', name: 'conformanceSpy' },
  );
  spied.set(client, calls);
  return calls;
}

/** A DynamoDB backend's client and table, read once it has started. */
export class DynamoProbe {
  constructor(private readonly h: Harness) {}

  get client(): DynamoDBClient {
    return this.h.dynamo.client;
  }

  get tableName(): string {
    return this.h.dynamo.tableName;
  }

  get calls(): Call[] {
    return spy(this.client);
  }

  get deliveries(): DeliveryLog {
    return new DeliveryLog(this.client, this.tableName);
  }

  callsOf(command: string, from: number): Call[] {
    return this.calls.slice(from).filter((c) => c.command === command);
  }
}

let infraTable: Record<string, any> | undefined;

/** The game table's properties as infra deploys it (synthesised once). */
export function infra(): Record<string, any> {
  if (infraTable) return infraTable;
  // Bundling skipped: the API entry only has to exist, so this file stands in for it.
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new RailpostStack(app, 'ConformanceRailpost', { apiEntry: fileURLToPath(import.meta.url) });
  // The game table (pk/sk); the stack's other table holds rate-limit counters only.
  const tables = Object.values(Template.fromStack(stack).findResources('AWS::DynamoDB::GlobalTable')).filter((t) =>
    (t.Properties.KeySchema as { AttributeName: string }[]).some((k) => k.AttributeName === 'pk'),
  );
  expect(tables).toHaveLength(1);
  infraTable = tables[0]!.Properties as Record<string, any>;
  return infraTable;
}
