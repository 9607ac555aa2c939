-- Search (issue 5, decision 0011): a weighted full-text vector (title A, keywords B, description C,
-- English stemming) and the item's point on the earth, both kept by a trigger, and the indexes each
-- query shape needs. Every index is partial on live items: search never returns anything else.
ALTER TABLE "posts" ADD COLUMN "search_vector" tsvector;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "earth_pt" cube;--> statement-breakpoint
CREATE FUNCTION posts_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, array_to_string(NEW.keywords, ' ')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.description, '')), 'C');
  NEW.earth_pt := CASE WHEN NEW.lat IS NULL OR NEW.lng IS NULL THEN NULL ELSE ll_to_earth(NEW.lat, NEW.lng) END;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER posts_search_fields BEFORE INSERT OR UPDATE OF title, keywords, description, lat, lng ON "posts"
  FOR EACH ROW EXECUTE FUNCTION posts_search_fields();--> statement-breakpoint
UPDATE "posts" SET "title" = "title";--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector") WHERE "state" = 'published';--> statement-breakpoint
CREATE INDEX "posts_earth_idx" ON "posts" USING gist ("earth_pt") WHERE "state" = 'published';--> statement-breakpoint
CREATE INDEX "posts_price_idx" ON "posts" USING btree ("cash_value_cents", "id") WHERE "state" = 'published';--> statement-breakpoint
CREATE INDEX "posts_boosted_idx" ON "posts" USING btree ("boosted_until") WHERE "state" = 'published' AND "boosted_until" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_wish_categories_idx" ON "posts" USING gin ("wish_categories") WHERE "state" = 'published';--> statement-breakpoint
CREATE INDEX "posts_wish_keywords_idx" ON "posts" USING gin ("wish_keywords") WHERE "state" = 'published';
