import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE } from '@swapu/shared/socket';
import { loadConfig } from '../config';
import { users } from '../db/schema/index';
import { chatClient } from '../modules/chat/chat-test-client';
import { signUpMember } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/app';
import { shutDown } from './shutdown';

/** One request on a connection of its own; resolves with its status, Connection header and body, or the connection error's code. */
function request(url: string, init: { method?: string; headers?: http.OutgoingHttpHeaders } = {}) {
  return new Promise<{ status: number; connection: string | undefined; body: string } | { error: string }>((resolve) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}

let t: TestApp | undefined;
afterAll(async () => {
  // The app closed itself in the test; the database and its files are left.
  await t?.database.close();
  if (t) fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

describe('a graceful shutdown (SIGTERM)', () => {
  it('drains, then closes the listener, finishes the request in flight, closes sockets with 1012 and stops', async () => {
    t = await createTestApp({ now: new Date().toISOString() });
    const app = t.app;
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const member = await signUpMember(app);
    const { connect } = chatClient(
      () => t!,
      () => base.replace('http', 'ws'),
    );
    const socket = await connect(member);
    const socketClosed = new Promise<number>((r) => socket.ws.once('close', (code) => r(code)));

    // A request in flight: its headers and part of its body are in before the shutdown starts,
    // the rest of its body only once the listener has closed.
    const body = JSON.stringify({ displayName: 'Slow Writer' });
    const arrived = new Promise((r) => app.server.once('request', r));
    const slow = http.request(`${base}/api/v1/me`, {
      method: 'PATCH',
      agent: new http.Agent({ keepAlive: true }),
      headers: { ...member.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const slowAnswer = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      slow.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: text }));
      });
      slow.on('error', reject);
    });
    slow.write(body.slice(0, 10));
    await arrived;

    let endDrain!: () => void;
    const stopped = shutDown(app, { drainMs: 60_000, drained: new Promise<void>((r) => (endDrain = r)) });

    // Draining: the balancer's readiness check fails at once; liveness and everything else is
    // still served, each answer closing its connection; the socket stays open.
    const ready = await request(`${base}/api/ready`);
    expect(ready).toMatchObject({ status: 503, connection: 'close' });
    expect(await request(`${base}/api/health`)).toMatchObject({ status: 200, connection: 'close' });
    expect(await request(`${base}/api/v1/me`, { headers: member.headers })).toMatchObject({ status: 200, connection: 'close' });
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);

    // The balancer has seen it: the app closes.
    endDrain();
    expect(await socketClosed).toBe(SOCKET_CLOSE.serviceRestart);
    while (app.server.listening) await new Promise((r) => setTimeout(r, 10));
    expect(await request(`${base}/api/health`)).toEqual({ error: 'ECONNREFUSED' });

    // The request in flight finishes, and its connection is not kept.
    slow.end(body.slice(10));
    const answer = await slowAnswer;
    expect(answer).toMatchObject({ status: 200, connection: 'close' });
    expect(JSON.parse(answer.body)).toMatchObject({ displayName: 'Slow Writer' });
    await stopped;
    const [row] = await t.db.select({ name: users.displayName }).from(users).where(eq(users.id, member.id));
    expect(row!.name).toBe('Slow Writer');
  });
});

describe('the shutdown settings', () => {
  it('drain 5 s by default (a balancer checking every second, three failures, sees it), none in development; 20 s for the rest', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-shutdown-'));
    const env = (vars: Record<string, string>) => ({ DATA_DIR: dir, LOG_LEVEL: 'silent', ...vars });
    try {
      expect(loadConfig(env({})).shutdown).toEqual({ drainMs: 5000, timeoutMs: 20_000 });
      expect(loadConfig(env({ NODE_ENV: 'development' })).shutdown.drainMs).toBe(0);
      expect(loadConfig(env({ NODE_ENV: 'development', SHUTDOWN_DRAIN_MS: '2500', SHUTDOWN_TIMEOUT_MS: '8000' })).shutdown).toEqual({
        drainMs: 2500,
        timeoutMs: 8000,
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
