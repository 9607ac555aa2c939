import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { account, anyone, member, type Case } from './authorization-fixtures';

/** Web Push (decision 0053): the public key is anyone's; a device and the switches are the signed-in member's own. */

/** A browser's subscription to a loopback push service (which the test server, loopback only, accepts). */
const device = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `http://127.0.0.1:9/push/${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
};

export const PUSH_CASES: Case[] = [
  { route: 'GET /api/v1/push/public-key', request: () => ({ url: '/api/v1/push/public-key' }), expect: anyone(200) },
  {
    route: 'POST /api/v1/me/push-subscriptions',
    request: () => ({ method: 'POST', url: '/api/v1/me/push-subscriptions', payload: device() }),
    expect: member(200),
  },
  {
    route: 'DELETE /api/v1/me/push-subscriptions',
    request: () => ({ method: 'DELETE', url: '/api/v1/me/push-subscriptions', payload: { endpoint: device().endpoint } }),
    expect: account(204),
  },
  { route: 'GET /api/v1/me/push-preferences', request: () => ({ url: '/api/v1/me/push-preferences' }), expect: member(200, false) },
  {
    route: 'PATCH /api/v1/me/push-preferences',
    request: () => ({ method: 'PATCH', url: '/api/v1/me/push-preferences', payload: { offers: false } }),
    expect: member(200),
  },
];
