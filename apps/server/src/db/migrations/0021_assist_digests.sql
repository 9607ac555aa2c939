CREATE TABLE "assist_digests" (
	"post_id" text NOT NULL,
	"week" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "assist_digests_post_id_week_pk" PRIMARY KEY("post_id","week")
);
