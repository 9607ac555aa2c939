import WebSocket from 'ws';
import type { TestMember } from '../../test/accounts';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

export const NICE_TRY = 'Nice try, but you are not allowed in that room';

/**
 * Chat for tests: open a room, say something, and a WebSocket client that records every event it
 * gets. `app` and `base` (the listening server's ws:// address) are read when used: they are made
 * in beforeAll.
 */
export function chatClient(app: () => TestApp, base: () => string) {
  const open = (m: TestMember, userId: string, postId?: string) =>
    app().app.inject({ method: 'POST', url: '/api/v1/rooms', headers: m.headers, payload: { userId, ...(postId ? { postId } : {}) } });
  const say = (m: TestMember, roomId: string, body: string, clientId?: string) =>
    app().app.inject({
      method: 'POST',
      url: `/api/v1/rooms/${roomId}/messages`,
      headers: m.headers,
      payload: { body, ...(clientId ? { clientId } : {}) },
    });

  /** A WebSocket client that records every event it gets. */
  async function connect(m: TestMember) {
    const ws = new WebSocket(`${base()}/api/v1/ws`);
    const events: Array<Record<string, unknown>> = [];
    const waiters: Array<() => void> = [];
    ws.on('message', (raw) => {
      events.push(JSON.parse(String(raw)));
      for (const w of waiters.splice(0)) w();
    });
    await new Promise((r) => ws.once('open', r));
    const until = async (pred: (e: Record<string, unknown>) => boolean, ms = 10_000) => {
      const deadline = Date.now() + ms;
      while (!events.some(pred)) {
        if (Date.now() > deadline) throw new Error(`no matching event in ${JSON.stringify(events)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
      return events.find(pred)!;
    };
    ws.send(JSON.stringify({ type: 'auth', token: m.token }));
    await until((e) => e.type === 'ready');
    return { ws, events, until, send: (o: object) => ws.send(JSON.stringify(o)), close: () => ws.close() };
  }
  return { open, say, connect };
}

/**
 * A test file's chat server: the app on a fresh database, listening on a free port (for the
 * WebSocket), closed after the file; `env.t` is the app once it is built.
 */
export function chatTestApp() {
  const env = {} as { t: TestApp; base: string };
  beforeAll(async () => {
    env.t = await createTestApp({ now: new Date().toISOString() });
    env.base = (await env.t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  });
  afterAll(async () => {
    await env.t?.close();
  });
  return {
    env,
    ...chatClient(
      () => env.t,
      () => env.base,
    ),
  };
}
