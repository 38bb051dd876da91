/**
 * AWS cost per million moves, from the measured store figures of one run (calls, bytes and
 * capacity units per move and per view). The prices are written down here, not fetched: update
 * them when AWS changes them. us-east-1, on-demand, arm64, no free tier.
 */
export const PRICES = {
  source: 'AWS public price pages for us-east-1 as of 2026 (on-demand; no free tier counted)',
  dynamoWriteUnitPerMillion: 0.625,
  dynamoReadUnitPerMillion: 0.125,
  dynamoStorageGbMonth: 0.25,
  lambdaGbSecond: 0.0000133334,
  lambdaRequestPerMillion: 0.2,
  httpApiRequestPerMillion: 1.0,
  sesPerThousandEmails: 0.1,
};

/** What is assumed rather than measured: how clients and notifications behave, and Lambda time. */
export const ASSUMPTIONS = {
  viewsPerMove: 1,
  notificationsPerMove: 1,
  /** The notifier's store work per message: meta/head query, player read, push and webhook lists, the claim. */
  notifierReadUnitsPerMessage: 4,
  notifierWriteUnitsPerMessage: 1,
  lambdaMemoryGb: 1,
  /** Billed milliseconds per request in Lambda: a few DynamoDB round trips of ~5 ms each plus the engine. */
  postMs: 40,
  viewMs: 20,
  notifierMsPerMessage: 30,
  emailShare: 0.5,
};

export interface StoreFigures {
  perMove: { move: { rcu: number; wcu: number; bytesWritten: number }; view: { rcu: number } };
}

export function costPerMillionMoves(store: StoreFigures) {
  const p = PRICES;
  const a = ASSUMPTIONS;
  const million = 1_000_000;
  const readUnits = store.perMove.move.rcu + a.viewsPerMove * store.perMove.view.rcu + a.notificationsPerMove * a.notifierReadUnitsPerMessage;
  const writeUnits = store.perMove.move.wcu + a.notificationsPerMove * a.notifierWriteUnitsPerMessage;
  const dynamo = (readUnits * p.dynamoReadUnitPerMillion + writeUnits * p.dynamoWriteUnitPerMillion);
  const requests = 1 + a.viewsPerMove;
  const gbSeconds = (a.lambdaMemoryGb * (a.postMs + a.viewsPerMove * a.viewMs + a.notificationsPerMove * a.notifierMsPerMessage)) / 1000;
  const lambda = gbSeconds * million * p.lambdaGbSecond + (requests + a.notificationsPerMove) * p.lambdaRequestPerMillion;
  const httpApi = requests * p.httpApiRequestPerMillion;
  // The event is kept for ever; the head and everything else is overwritten or expires.
  const storageGbMonth = (store.perMove.move.bytesWritten / 2) * million / 1e9;
  const storage = storageGbMonth * p.dynamoStorageGbMonth;
  const email = a.notificationsPerMove * a.emailShare * (million / 1000) * p.sesPerThousandEmails;
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    readUnitsPerMove: readUnits,
    writeUnitsPerMove: writeUnits,
    dollars: { dynamo: round(dynamo), lambda: round(lambda), httpApi: round(httpApi), total: round(dynamo + lambda + httpApi), storagePerMonth: round(storage), email: round(email) },
  };
}
