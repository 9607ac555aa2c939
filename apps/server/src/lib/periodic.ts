import type { App } from './context';

/**
 * Runs `task` when the server is ready and then every `everyMs` while it runs; a failure is
 * logged with `failure` and the next turn comes anyway. Closing waits for a turn in flight.
 */
export function attachPeriodic(app: App, everyMs: number, failure: string, task: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      await task();
    } catch (err) {
      app.log.warn({ err }, failure);
    }
    if (!stopped) timer = setTimeout(() => (running = run()), everyMs).unref();
  };
  app.addHook('onReady', async () => {
    running = run();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
