import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Tx } from '../db/client';
import { appSettings } from '../db/schema/index';
import type { Clock } from './clock';

/** The app_settings key under which an instance records X-Forwarded-For from a peer it does not trust. */
export const UNTRUSTED_PROXY_KEY = 'untrusted_proxy_seen';

/** What was seen: the peer, when, and the TRUST_PROXY setting it was seen under. */
export interface UntrustedProxySighting {
  peer: string;
  seenAt: string;
  trustProxy: string;
}

const settingOf = (config: Pick<Config, 'trustProxy'>) => String(config.trustProxy);

/**
 * Behind a proxy that TRUST_PROXY does not name, every client shares the proxy's address: one
 * person's failed sign-ins (counted per address) then count for everyone. A request that carries
 * X-Forwarded-For but whose client address is still its peer's is the sign: the first one an
 * instance sees is logged as a warning, once, and recorded for the admin console (every instance
 * reads the same row; a later fix of TRUST_PROXY hides it, since the record names the setting).
 */
export function watchUntrustedForwarding(app: FastifyInstance, deps: { db: () => Tx; clock: Clock; config: Pick<Config, 'trustProxy'> }) {
  let noted = false;
  app.addHook('onRequest', async (req) => {
    if (noted || req.headers['x-forwarded-for'] === undefined) return;
    const peer = req.socket.remoteAddress ?? 'unknown';
    // The header was used: the peer is a proxy TRUST_PROXY trusts.
    if (req.ip !== peer) return;
    noted = true;
    const sighting: UntrustedProxySighting = { peer, seenAt: deps.clock.now().toISOString(), trustProxy: settingOf(deps.config) };
    req.log.warn(
      { peer, trustProxy: sighting.trustProxy },
      'a request carried X-Forwarded-For from a peer TRUST_PROXY does not trust: if SwapU runs behind a proxy or load balancer, set TRUST_PROXY to its hop count or address, or every client shares its address (and its sign-in limits)',
    );
    await deps
      .db()
      .insert(appSettings)
      .values({ key: UNTRUSTED_PROXY_KEY, value: JSON.stringify(sighting), updatedAt: deps.clock.now() })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` } })
      .catch((err: unknown) => req.log.warn({ err }, 'could not record the untrusted proxy for the admin console'));
  });
}

/** The recorded sighting, when it was made under the TRUST_PROXY setting in force now. */
export async function untrustedProxySighting(db: Tx, config: Pick<Config, 'trustProxy'>): Promise<UntrustedProxySighting | null> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, UNTRUSTED_PROXY_KEY));
  if (!row) return null;
  try {
    const sighting = JSON.parse(row.value) as UntrustedProxySighting;
    return sighting.trustProxy === settingOf(config) ? sighting : null;
  } catch {
    return null;
  }
}
