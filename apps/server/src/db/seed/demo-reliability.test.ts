import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { localStorage } from '../../lib/storage';
import { refreshReliability } from '../../modules/reliability/reliability-job';
import { createTestDatabase } from '../../test/database';
import { memberReliability, users } from '../schema/index';
import { DEMO_ACCOUNTS, seedDemo } from './demo';

const NOW = new Date('2026-11-20T00:00:00.000Z');
let a: Database;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-seed-rel-'));
  a = await createTestDatabase();
  await seedDemo(a.db, localStorage(dir), NOW, () => {}, { renderImages: false });
  await refreshReliability(a.db, NOW);
}, 300_000);
afterAll(async () => {
  await a?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the demo’s reliability badges', () => {
  it('shows a few regulars with a score and most members as new, as on a young marketplace', async () => {
    const rows = await a.db.select().from(memberReliability);
    const scored = rows.filter((r) => r.tier !== 'new');
    expect(rows.length).toBe((await a.db.select().from(users)).length);
    expect(scored.length).toBeGreaterThanOrEqual(4);
    expect(new Set(scored.map((r) => r.tier)).size).toBeGreaterThanOrEqual(2);
    expect(rows.length - scored.length).toBeGreaterThan(rows.length / 2);
    // Their facts come from real history: swaps, reviews, answered chats, and one cancellation.
    for (const r of scored) expect(r).toMatchObject({ swapsCompleted: expect.any(Number), reviewsCount: r.swapsCompleted });
    expect(scored.every((r) => r.swapsCompleted >= 3 && r.replyConversations > 0)).toBe(true);
    expect(rows.filter((r) => r.cancelledAfterAccept > 0)).toHaveLength(1);
  });

  it('leaves the demo accounts as new members with their email to verify (their own badge says what would help)', async () => {
    for (const { email } of DEMO_ACCOUNTS) {
      const [u] = await a.db.select().from(users).where(eq(users.email, email));
      const [r] = await a.db.select().from(memberReliability).where(eq(memberReliability.userId, u!.id));
      expect(r, email).toMatchObject({ tier: 'new', emailVerified: false });
    }
  });
});
