-- The leaderboard's totals and rank histogram (0024) for the points written before them: every
-- live member's sum of points_ledger rows for all time, each Australia/Sydney ISO week and each
-- month, recomputed from the ledger (so a database that already awarded points under 0024 comes
-- out the same). Deleted accounts are on no board. Streak bonuses are not invented for the past.
DELETE FROM "points_totals";
--> statement-breakpoint
DELETE FROM "points_histogram";
--> statement-breakpoint
INSERT INTO "points_totals" ("period", "user_id", "points")
SELECT p.period, l.user_id, sum(l.points)::int
FROM "points_ledger" l
JOIN "users" u ON u.id = l.user_id AND u.deleted_at IS NULL
CROSS JOIN LATERAL (VALUES
  ('all'),
  ('week:' || to_char(l.created_at AT TIME ZONE 'Australia/Sydney', 'IYYY-"W"IW')),
  ('month:' || to_char(l.created_at AT TIME ZONE 'Australia/Sydney', 'YYYY-MM'))
) AS p(period)
GROUP BY p.period, l.user_id
HAVING sum(l.points) > 0;
--> statement-breakpoint
INSERT INTO "points_histogram" ("period", "points", "members")
SELECT "period", "points", count(*)::int FROM "points_totals" GROUP BY "period", "points";
