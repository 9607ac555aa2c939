import { and, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';

/** Makes the account with this email an admin; false when no live account has it. */
export async function grantAdmin(db: Tx, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ role: 'admin' })
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}
