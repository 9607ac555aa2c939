-- Suspended members are on no leaderboard (decision 0026): the totals of members suspended before
-- this are withdrawn and the rank histogram is counted again from the totals left. Their ledger
-- rows stay; lifting a suspension sums them again (returnPoints).
DELETE FROM "points_totals" t USING "users" u WHERE u.id = t.user_id AND u.banned;
--> statement-breakpoint
DELETE FROM "points_histogram";
--> statement-breakpoint
INSERT INTO "points_histogram" ("period", "points", "members")
SELECT "period", "points", count(*)::int FROM "points_totals" GROUP BY "period", "points";
