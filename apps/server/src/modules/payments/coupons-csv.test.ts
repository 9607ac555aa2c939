import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { coupons } from '../../db/schema/index';
import { createTestDatabase } from '../../test/database';
import { couponsCsv } from './coupons.service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The export as it was written in JavaScript from the rows (before the database wrote it): the reference. */
async function csvFromRows() {
  const rows = await database.db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.code));
  const field = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines: Array<Array<string | number | null>> = [
    ['code', 'type', 'used_times', 'max_uses', 'expires_at', 'created_on', 'disabled_at'],
  ];
  for (const c of rows)
    lines.push([
      c.code,
      c.type,
      c.usedTimes,
      c.maxUses,
      c.expiresAt?.toISOString() ?? '',
      c.createdAt.toISOString(),
      c.disabledAt?.toISOString() ?? '',
    ]);
  return lines.map((l) => l.map(field).join(',')).join('\r\n') + '\r\n';
}

describe('the coupons export (CSV)', () => {
  it('is the header line alone with no coupon', async () => {
    expect(await couponsCsv(database.db)).toBe('code,type,used_times,max_uses,expires_at,created_on,disabled_at\r\n');
  });

  it('writes every coupon as the rows would be written in JavaScript: newest first, UTC milliseconds, empty for none, quoted when needed', async () => {
    await database.db.insert(coupons).values([
      { code: 'SPRING26', type: 'months_3', maxUses: 10, usedTimes: 2, createdAt: new Date('2026-11-20T10:11:12.345Z') },
      {
        code: 'WINTER26',
        type: 'month_normal',
        maxUses: 1,
        expiresAt: new Date('2027-01-31T23:59:59.999Z'),
        createdAt: new Date('2026-11-20T10:11:12.345Z'),
        disabledAt: new Date('2026-11-21T00:00:00.000Z'),
      },
      { code: 'OLDEST', type: 'months_12', maxUses: 500, usedTimes: 500, createdAt: new Date('2025-02-03T04:05:06.007Z') },
      // Codes made through the API are letters and digits; a field that needs quoting is still quoted.
      { code: 'A,"B"\r\nC', type: 'months_6', maxUses: 3, createdAt: new Date('2026-12-01T00:00:00.000Z') },
    ]);
    // Microseconds, which a JavaScript date does not hold: written as the milliseconds it reads.
    await database.db.execute(sql`update coupons set created_at = '2026-11-22T01:02:03.456789Z' where code = 'OLDEST'`);
    const csv = await couponsCsv(database.db);
    expect(csv).toBe(await csvFromRows());
    expect(csv).toBe(
      [
        'code,type,used_times,max_uses,expires_at,created_on,disabled_at',
        '"A,""B""\r\nC",months_6,0,3,,2026-12-01T00:00:00.000Z,',
        'OLDEST,months_12,500,500,,2026-11-22T01:02:03.456Z,',
        'WINTER26,month_normal,0,1,2027-01-31T23:59:59.999Z,2026-11-20T10:11:12.345Z,2026-11-21T00:00:00.000Z',
        'SPRING26,months_3,2,10,,2026-11-20T10:11:12.345Z,',
        '',
      ].join('\r\n'),
    );
  });
});
