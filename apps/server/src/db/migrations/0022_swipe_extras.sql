CREATE TABLE "swipe_extras" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"extra" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "swipe_extras_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "swipe_extras_extra_check" CHECK ("swipe_extras"."extra" >= 0)
);
--> statement-breakpoint
ALTER TABLE "swipe_extras" ADD CONSTRAINT "swipe_extras_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;