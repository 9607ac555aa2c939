import type { App } from '../../lib/context';
import { runSearchAlerts } from './saved-searches.service';
import { refreshSearchTerms } from './search-terms';
import { clearExpiredBoosts } from './search.service';

const ALERT_SWEEP_MS = 60_000;
const TERMS_EVERY_MS = 15 * 60_000;
const FIRST_TERMS_AFTER_MS = 5_000;

/**
 * Search's background work while the server runs: the saved-search alert sweep every minute (and
 * soon after each publish, so subscribers hear at once), and the word list for completions and
 * typo tolerance (and the end of expired boosts) every 15 minutes. Both are safe to run on several
 * instances at once.
 */
export function attachSearchJobs(app: App) {
  let stopped = false;
  let alertTimer: NodeJS.Timeout | undefined;
  let termsTimer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const deps = () => ({ database: app.ctx.database, publicUrl: app.ctx.config.publicUrl, hub: app.ctx.hub });

  const sweep = () => {
    running = running
      .then(() => runSearchAlerts(deps(), app.ctx.clock.now()))
      .then((r) => {
        if (r.notified) app.log.info({ notified: r.notified }, 'saved-search alerts sent');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'saved-search alert sweep failed'));
    return running;
  };
  const loop = () => {
    void sweep().finally(() => {
      if (!stopped) alertTimer = setTimeout(loop, ALERT_SWEEP_MS).unref();
    });
  };
  const terms = async () => {
    try {
      const n = await refreshSearchTerms(app.ctx.database.db);
      app.log.info({ terms: n }, 'search word list rebuilt');
      const ended = await clearExpiredBoosts(app.ctx.database.db, app.ctx.clock.now());
      if (ended) app.log.info({ ended }, 'expired boosts cleared');
    } catch (err) {
      app.log.warn({ err }, 'search word list rebuild failed');
    }
    if (!stopped) termsTimer = setTimeout(() => void terms(), TERMS_EVERY_MS).unref();
  };

  let kickTimer: NodeJS.Timeout | undefined;
  app.ctx.searchAlerts = {
    kick() {
      if (stopped || kickTimer) return;
      kickTimer = setTimeout(() => {
        kickTimer = undefined;
        void sweep();
      }, 1000).unref();
    },
  };

  app.addHook('onReady', async () => {
    alertTimer = setTimeout(loop, ALERT_SWEEP_MS).unref();
    termsTimer = setTimeout(() => void terms(), FIRST_TERMS_AFTER_MS).unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(alertTimer);
    clearTimeout(termsTimer);
    clearTimeout(kickTimer);
    await running;
  });
}
