/**
 * What authenticating costs, for the cost model, today and with access tokens (the lever).
 * Today a request whose token no instance trusts (players.ts: trusted 60 s per instance) reads it:
 * a session or API token the player and the credential (two strong GetItems in parallel) and, at
 * most once an hour, an UpdateItem of its last use, which at a play-by-mail pace every verification
 * makes; a registration token the player alone. With access tokens a request reads nothing; the
 * exchange for one is a request of its own making today's verification, once per token life.
 */
import { apiRequest, times, work, type Assumptions, type Measured, type Prices, type Tally } from './cost-basis.js';

/** An exchange's answer: the access token and its expiry. */
const EXCHANGE_ANSWER_BYTES = 300;

/** The DynamoDB calls of one verification of the assumed credential. */
function verificationCalls(a: Assumptions) {
  return a.credential === 'session'
    ? { reads: 2, writes: 1, readUnits: 2, writeUnits: 1 }
    : { reads: 1, writes: 0, readUnits: 1, writeUnits: 0 };
}

/** Dollars of one verification inside a request counted elsewhere: its reads (in parallel: one round trip) and its write. */
function verification(p: Prices, a: Assumptions): Tally {
  const v = verificationCalls(a);
  const roundTrips = Math.min(v.reads, 1) + v.writes;
  return work(
    {
      ms: roundTrips * a.dynamoRoundTripMs,
      memoryMb: a.apiMemoryMb,
      logBytes: 0,
      readUnits: v.readUnits,
      writeUnits: v.writeUnits,
    },
    p,
  );
}

/** Dollars of one exchange for an access token: a small request making a verification's calls. */
function exchange({ store, logged, initMs }: Measured, p: Prices, a: Assumptions): Tally {
  const v = verificationCalls(a);
  const op = {
    ms: store.calls.summary.ms,
    reads: v.reads,
    writes: v.writes,
    readUnitsMean: v.readUnits,
    writeUnitsMean: v.writeUnits,
  };
  return apiRequest({ ...op, answerBytes: EXCHANGE_ANSWER_BYTES }, logged.view, initMs, p, a);
}

/**
 * Dollars of authenticating: today `verifications` verifications; with access tokens `exchanges`
 * exchanges instead (the caller knows how often its client's token runs out).
 */
export function authentication(
  measured: Measured,
  { verifications, exchanges }: { verifications: number; exchanges: number },
  p: Prices,
  a: Assumptions,
): Tally {
  return a.accessTokens ? times(exchange(measured, p, a), exchanges) : times(verification(p, a), verifications);
}
