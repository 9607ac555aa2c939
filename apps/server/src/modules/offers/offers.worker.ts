import type { PgBoss } from 'pg-boss';
import type { App } from '../../lib/context';
import { expireDue } from './offers.service';

/** The pg-boss queue that expires offers: one job per offer, due at its expiry. */
export const OFFER_EXPIRY_QUEUE = 'offer-expire';
/** A sweep also runs this often, for offers whose job was lost (a crash between commit and send). */
const SWEEP_MS = 60_000;

/**
 * Expires offers on time while the server runs: each new offer gets a job that starts at its
 * expiry (pg-boss `startAfter`), and a periodic sweep catches any offer without one. Acting on an
 * offer past its expiry is refused anyway, so a late job never lets one be accepted.
 */
export function attachOfferExpiry(app: App) {
  let boss: PgBoss | null = null;
  // Offers made while the queue is still starting wait for it (a second or two after a start).
  let started: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const deps = () => ({ database: app.ctx.database, publicUrl: app.ctx.config.publicUrl, hub: app.ctx.hub });
  const sweep = async () => {
    try {
      const ids = await expireDue(deps(), app.ctx.clock.now());
      if (ids.length) app.log.info({ count: ids.length }, 'offers expired');
    } catch (err) {
      app.log.warn({ err }, 'offer expiry sweep failed');
    }
    if (!stopped) timer = setTimeout(() => void sweep(), SWEEP_MS).unref();
  };

  app.ctx.offerExpiry = {
    async schedule(offerId, at) {
      await started;
      if (!boss) return; // the queue did not start: the sweep will find it
      await boss.send(OFFER_EXPIRY_QUEUE, { offerId }, { startAfter: at, singletonKey: offerId }).catch((err: unknown) => {
        app.log.warn({ err, offerId }, 'could not schedule offer expiry: the sweep will expire it');
      });
    },
  };

  app.addHook('onReady', async () => {
    started = (async () => {
      try {
        const b = await app.ctx.jobs.boss();
        await b.createQueue(OFFER_EXPIRY_QUEUE, { retryLimit: 5, retryDelay: 30 });
        await b.work<{ offerId: string }>(OFFER_EXPIRY_QUEUE, { pollingIntervalSeconds: 5 }, async (jobs) => {
          await expireDue(
            deps(),
            app.ctx.clock.now(),
            jobs.map((j) => j.data.offerId),
          );
        });
        boss = b;
        app.log.info({ queue: OFFER_EXPIRY_QUEUE }, 'offer expiry queue started');
      } catch (err) {
        app.log.error({ err }, 'offer expiry queue did not start: the sweep expires offers');
      }
      // Jobs due while the server was down run as soon as it is back; the sweep is a safety net.
      if (!stopped) timer = setTimeout(() => void sweep(), SWEEP_MS).unref();
    })();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await boss?.offWork(OFFER_EXPIRY_QUEUE, { wait: true }).catch(() => {});
  });
}
