import type { PgBoss } from 'pg-boss';
import type { App } from '../../lib/context';
import { lapseOpenCheckouts } from '../payments/index';
import { bookDelivery, type DeliveryDeps, dueWork, refundDue, trackDelivery } from './delivery-jobs';

/** The pg-boss queues that book courier orders and move parcels along: one job per delivery and step. */
export const DELIVERY_BOOK_QUEUE = 'delivery-book';
export const DELIVERY_TRACK_QUEUE = 'delivery-track';
/** How often the outbox is read for bookings and tracking that are due (two indexed queries). */
const SWEEP_MS = 3_000;
/**
 * Every this many sweeps (about a minute), payments no delivery goes ahead with are looked for:
 * a cancel or a failed booking refunds at once, so this only catches a second payment for one
 * quote and a crash between a cancel and its refund.
 */
const REFUND_EVERY = 20;

/** How often a booked parcel's courier is asked where it is. */
export const trackEveryMs = (deps: { courier: 'local' | 'sendle'; simStepMs: number }) =>
  deps.courier === 'local' ? Math.min(60_000, Math.max(1_000, Math.round(deps.simStepMs / 4))) : 15 * 60_000;

export function deliveryDeps(app: App): DeliveryDeps {
  return {
    database: app.ctx.database,
    courier: app.ctx.courier,
    payments: app.ctx.payments,
    receipts: { seller: app.ctx.config.seller, publicUrl: app.ctx.config.publicUrl },
    publicUrl: app.ctx.config.publicUrl,
    hub: app.ctx.hub,
    trackEveryMs: trackEveryMs(app.ctx.config.delivery),
  };
}

/**
 * Works deliveries while the server runs. The deliveries table is the outbox: a sweep reads the
 * bookings and tracking checks that are due and sends each as a pg-boss job (a singleton per
 * delivery, retried by pg-boss when a worker crashes), which any instance works. Payments whose
 * delivery will not go ahead are refunded by the same sweep, and checkouts of every kind left open
 * too long lapse there (a conditional update, safe on several instances: decision 0034).
 */
export function attachDeliveryWorker(app: App) {
  let boss: PgBoss | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let sweeps = 0;
  const now = () => app.ctx.clock.now();
  const sweep = async () => {
    try {
      const deps = deliveryDeps(app);
      const due = await dueWork(deps.database.db, now());
      for (const id of due.book) {
        if (boss) await boss.send(DELIVERY_BOOK_QUEUE, { id }, { singletonKey: id, retryLimit: 3, retryDelay: 5 });
        else await bookDelivery(deps, id, now());
      }
      for (const id of due.track) {
        if (boss) await boss.send(DELIVERY_TRACK_QUEUE, { id }, { singletonKey: id, retryLimit: 3, retryDelay: 5 });
        else await trackDelivery(deps, id, now());
      }
      if (sweeps++ % REFUND_EVERY === 0) {
        const refunded = await refundDue(deps, now());
        if (refunded.length) app.log.info({ count: refunded.length }, 'delivery payments refunded');
        // Checkouts left open past CHECKOUT_OPEN_MINUTES lapse (any instance; each once).
        const lapsed = await lapseOpenCheckouts(deps.database.db, now());
        if (lapsed.length) app.log.info({ count: lapsed.length }, 'open checkouts lapsed');
      }
    } catch (err) {
      app.log.warn({ err }, 'delivery sweep failed');
    }
    if (!stopped) timer = setTimeout(() => void sweep(), SWEEP_MS).unref();
  };

  app.addHook('onReady', async () => {
    void (async () => {
      try {
        const b = await app.ctx.jobs.boss();
        for (const q of [DELIVERY_BOOK_QUEUE, DELIVERY_TRACK_QUEUE]) await b.createQueue(q, { retryLimit: 3, retryDelay: 5 });
        await b.work<{ id: string }>(DELIVERY_BOOK_QUEUE, { pollingIntervalSeconds: 2 }, async (jobs) => {
          for (const j of jobs) await bookDelivery(deliveryDeps(app), j.data.id, now());
        });
        await b.work<{ id: string }>(DELIVERY_TRACK_QUEUE, { pollingIntervalSeconds: 2 }, async (jobs) => {
          for (const j of jobs) await trackDelivery(deliveryDeps(app), j.data.id, now());
        });
        boss = b;
        app.log.info('delivery queues started');
      } catch (err) {
        app.log.error({ err }, 'delivery queues did not start: the sweep works deliveries itself');
      }
      if (!stopped) timer = setTimeout(() => void sweep(), 500).unref();
    })();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await boss?.offWork(DELIVERY_BOOK_QUEUE, { wait: true }).catch(() => {});
    await boss?.offWork(DELIVERY_TRACK_QUEUE, { wait: true }).catch(() => {});
  });
}
