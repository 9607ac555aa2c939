ALTER TABLE "goal_steps" ADD COLUMN "seq" integer;--> statement-breakpoint
UPDATE "goal_steps" AS s SET "seq" = n.rn FROM (SELECT "id", row_number() OVER (PARTITION BY "goal_id" ORDER BY "created_at", "id") AS rn FROM "goal_steps") AS n WHERE n."id" = s."id";--> statement-breakpoint
ALTER TABLE "goal_steps" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "goal_steps_goal_seq_uq" ON "goal_steps" USING btree ("goal_id","seq");
