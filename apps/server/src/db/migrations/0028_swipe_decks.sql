CREATE TABLE "swipe_decks" (
	"user_id" text NOT NULL,
	"from_post_id" text NOT NULL,
	"post_ids" text[] NOT NULL,
	"item_updated_at" timestamp with time zone NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	CONSTRAINT "swipe_decks_user_id_from_post_id_pk" PRIMARY KEY("user_id","from_post_id")
);
--> statement-breakpoint
ALTER TABLE "swipe_decks" ADD CONSTRAINT "swipe_decks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_decks" ADD CONSTRAINT "swipe_decks_from_post_id_posts_id_fk" FOREIGN KEY ("from_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;