import { flushCompileCache } from 'node:module';
import { buildApp } from './app';
import { loadConfig } from './config';
import { bootstrapDatabase } from './db/bootstrap';
import { UnsafeDeploymentError } from './lib/deployment';
import { shutDown } from './lib/shutdown';

if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`SwapU needs Node 24 or later (this is ${process.version}). Run it through npm start.`);
  process.exit(1);
}

/** A refusal to run unsafely is told plainly, without a stack trace, and exits non-zero. */
const refuse = (err: unknown): never => {
  if (err instanceof UnsafeDeploymentError) {
    console.error(`[swapu] refusing to start: ${err.message}`);
    process.exit(1);
  }
  throw err;
};

const config = loadConfig();
const database = await bootstrapDatabase(config, (m) => console.log(`[swapu] ${m}`)).catch(refuse);
// The mail worker delivers the outbox when SMTP_URL is set; app.close() stops it before the database closes.
const app = await buildApp({ config, database, mailWorker: true, offerExpiry: true }).catch(async (err: unknown) => {
  await database.close();
  return refuse(err);
});

// SIGTERM (a deploy, a rolling restart): leave the balancer first, then finish what is in flight
// (lib/shutdown.ts, decision 0041). SIGINT (Ctrl-C at a terminal) skips the drain; a second
// signal, or work that outlasts SHUTDOWN_TIMEOUT_MS, ends the process at once with 1.
let closing = false;
const shutdown = async (signal: string) => {
  if (closing) process.exit(1);
  closing = true;
  const drainMs = signal === 'SIGTERM' ? config.shutdown.drainMs : 0;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error({ timeoutMs: config.shutdown.timeoutMs }, 'shutdown took too long: exiting');
    process.exit(1);
  }, drainMs + config.shutdown.timeoutMs);
  timer.unref();
  await shutDown(app, { drainMs });
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
console.log(`[swapu] ready on http://localhost:${config.port} (${database.kind})`);
// With Node's compile cache on (NODE_COMPILE_CACHE, the operator's choice; the crash test's 50
// starts use it) the code compiled while starting is written now, not at a clean exit a killed
// server never reaches: the next start compiles a third of a second less. Without it, nothing.
flushCompileCache();
// The photo moderation model is not loaded here: its thread starts with the first upload and ends
// when uploads stop (threadModerator, decision 0048), so an idle server does not hold its ~190 MB.
