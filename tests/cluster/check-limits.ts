// Check 4: the limits are the cluster's, not each instance's. Twice or more what a limit allows
// is sent at once through the balancer (round robin: half to each instance); exactly what one
// instance allows gets through, because every limit counts in one database row (lib/rate-limit.ts,
// sign-in-limits.ts, the chat send statement) that every instance shares.
import { call, codeOf, expectStatus, type Member, signUp } from './api';
import { LB_URL } from './cluster';
import type { Check } from './checks';

interface Outcome {
  allowed: number;
  limited: number;
  other: string[];
  byInstance: Record<string, number>;
}

/** Sends `n` requests at once; `classify` says whether each got through, was limited, or something else. */
async function burst(
  n: number,
  send: (i: number) => ReturnType<typeof call>,
  classify: (a: Awaited<ReturnType<typeof call>>) => 'allowed' | 'limited' | null,
) {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  const out: Outcome = { allowed: 0, limited: 0, other: [], byInstance: {} };
  for (const a of answers) {
    const kind = classify(a);
    if (kind) out[kind]++;
    else out.other.push(`${a.status} ${JSON.stringify(a.body).slice(0, 120)}`);
    out.byInstance[a.servedBy ?? 'none'] = (out.byInstance[a.servedBy ?? 'none'] ?? 0) + 1;
  }
  return out;
}

export const limitsCheck: Check = {
  id: 'limits',
  name: 'shared limits hold across instances: sign-in, checkout, chat sending, coupons',
  async run() {
    const figures: string[] = [];
    let ok = true;
    const judge = (what: string, o: Outcome, max: number, sent: number) => {
      const good = o.allowed === max && o.limited === sent - max && o.other.length === 0 && Object.keys(o.byInstance).length === 2;
      ok &&= good;
      const spread = Object.entries(o.byInstance)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      figures.push(
        `${what}: ${sent} at once (${spread}) → ${o.allowed} allowed, ${o.limited} limited (one instance allows ${max})${o.other.length ? `; other answers: ${o.other.slice(0, 3).join(' | ')}` : ''}`,
      );
    };

    // Sign-in: 5 failures per account and address in 15 minutes (sign-in-limits.ts).
    const target = await signUp('signin');
    const signIns = await burst(
      12,
      () =>
        call(LB_URL, 'POST', '/identity/v1/accounts:signInWithPassword', {
          body: { email: target.email, password: 'wrong-password-1', returnSecureToken: true },
        }),
      (a) => (codeOf(a) === 'INVALID_LOGIN_CREDENTIALS' ? 'allowed' : codeOf(a) === 'TOO_MANY_ATTEMPTS_TRY_LATER' ? 'limited' : null),
    );
    judge('sign-in failures of one account', signIns, 5, 12);

    // Checkouts: 60 started per member and hour (RATE_LIMITS.checkout).
    const buyer = await signUp('buyer');
    const checkouts = await burst(
      130,
      () => call(LB_URL, 'POST', '/api/v1/checkouts', { token: buyer.token, body: { purchase: { kind: 'tokens', amount: 5 } } }),
      (a) => (a.status === 201 ? 'allowed' : a.status === 429 ? 'limited' : null),
    );
    judge('checkouts started by one member', checkouts, 60, 130);

    // Chat sending: 20 messages per member in 10 s (SEND_LIMIT), counted inside the send statement.
    const [a, b]: [Member, Member] = [await signUp('sender'), await signUp('receiver')];
    const room = expectStatus(
      await call<{ id: string }>(LB_URL, 'POST', '/api/v1/rooms', { token: a.token, body: { userId: b.id } }),
      201,
      'open room',
    );
    const sends = await burst(
      45,
      (i) =>
        call(LB_URL, 'POST', `/api/v1/rooms/${room.id}/messages`, {
          token: a.token,
          body: { body: `message ${i}`, clientId: `limit-${i}` },
        }),
      (x) => (x.status === 201 || x.status === 200 ? 'allowed' : x.status === 429 ? 'limited' : null),
    );
    judge('chat messages sent by one member', sends, 20, 45);

    // Coupons: 20 redemptions tried per member and hour (RATE_LIMITS.coupon); these codes do not exist.
    const redeemer = await signUp('coupons');
    const coupons = await burst(
      45,
      (i) => call(LB_URL, 'POST', '/api/v1/me/coupons', { token: redeemer.token, body: { code: `NOSUCHCODE${i}` } }),
      (x) => (x.status === 429 ? 'limited' : x.status >= 400 && x.status < 500 ? 'allowed' : null),
    );
    judge('coupon codes tried by one member', coupons, 20, 45);
    return { ok, figures };
  },
};
