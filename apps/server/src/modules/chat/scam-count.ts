// What a flagged chat message costs its sender (issue 41 item 3, decision 0050): one statement
// counts it in the sender's window (the shared rate_limits table, so every instance agrees and two
// sends at once both count), slows a sender past SCAM_SLOW_AFTER to one flagged message per
// SCAM_SLOW_MS, and, on the message that reaches SCAM_QUEUE_AFTER, reports the member to the
// moderation queue as SwapU itself (a user report without a reporter), once a window.
import { SCAM_QUEUE_AFTER, SCAM_SLOW_AFTER, SCAM_SLOW_MS, SCAM_WINDOW_MS, type ScamKind } from '@swapu/shared/constants';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';

/**
 * $1 flag key, $2 slow key, $3 now, $4 when the flag window must have started, $5 when the slow
 * window must have started, $6 SCAM_SLOW_AFTER, $7 SCAM_QUEUE_AFTER, $8 report id, $9 sender,
 * $10 room, $11 reason.
 */
const COUNT_SQL = `
  with f as (
    insert into rate_limits (key, window_start, count) values ($1, $3::timestamptz, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= $4::timestamptz then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= $4::timestamptz then $3::timestamptz else rate_limits.window_start end
    returning count
  ), s as (
    insert into rate_limits (key, window_start, count)
    select $2, $3::timestamptz, 1 from f where f.count > $6::int
    on conflict (key) do update set
      count = case when rate_limits.window_start <= $5::timestamptz then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= $5::timestamptz then $3::timestamptz else rate_limits.window_start end
    returning count, window_start
  ), q as (
    insert into user_reports (id, reporter_id, reported_id, room_id, reason, created_at)
    select $8, null, $9, r.id, $11, $3::timestamptz
    from f left join rooms r on r.id = $10 where f.count = $7::int
    returning id
  )
  select f.count as flags, s.count as slow_count, s.window_start as slow_start, (select id from q) as report_id
  from f left join s on true`;

/** The reason SwapU gives in its own report (the kinds are the catalogue's codes). */
export const systemReportReason = (kinds: ScamKind[]) =>
  `SwapU: ${SCAM_QUEUE_AFTER} chat messages flagged as possible scams in ${SCAM_WINDOW_MS / 3_600_000} h (latest: ${kinds.join(', ')})`;

/**
 * Counts one flagged message against its sender; throws 429 chat_slowed (with the time to retry)
 * when the sender is slowed and sent one too soon. Runs before the message is stored: a refused
 * message is not stored, and its sender is told so; one let through is always stored.
 */
export async function countFlagged(database: Database, me: string, roomId: string, kinds: ScamKind[], now: Date) {
  const [row] = await database.prepared<{
    flags: number;
    slow_count: number | null;
    slow_start: string | Date | null;
    report_id: string | null;
  }>('swapu_chat_scam_count', COUNT_SQL, [
    `scamFlags:${me}`,
    `scamSlow:${me}`,
    now.toISOString(),
    new Date(now.getTime() - SCAM_WINDOW_MS).toISOString(),
    new Date(now.getTime() - SCAM_SLOW_MS).toISOString(),
    SCAM_SLOW_AFTER,
    SCAM_QUEUE_AFTER,
    newId(),
    me,
    roomId,
    systemReportReason(kinds),
  ]);
  if (row && Number(row.slow_count) > 1) {
    const retryAt = new Date(new Date(row.slow_start!).getTime() + SCAM_SLOW_MS);
    throw Object.assign(new AppError(429, 'chat_slowed', { retryAt: retryAt.toISOString() }), {
      retryAfterSeconds: Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000)),
    });
  }
  return { flags: Number(row?.flags ?? 0), reported: !!row?.report_id };
}
