-- Search (issue 5, decision 0011): a weighted full-text vector and the item's point on the earth,
-- both kept by a trigger, and the indexes each query shape needs. Every index is partial on live
-- items: search never returns anything else.
--
-- The vector holds the words (English stemming; title A, keywords B, description C) and, at weight
-- D, lexemes people never type: the month the item went live ('pm202611'), its categories
-- ('catbicycles'), its cells on three grids ('g1x…y…' 0.05°, 'g2…' 0.25°, 'g3…' 1.25°; the grids
-- are CELL_GRIDS in search.service.ts) and 'boosted' while a boost runs (the search jobs clear
-- expired boosts). One GIN scan then intersects "these words, in this category, around here, in
-- these months, boosted", and the planner estimates each part from the column's statistics.
ALTER TABLE "posts" ADD COLUMN "search_vector" tsvector;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "earth_pt" cube;--> statement-breakpoint
CREATE FUNCTION posts_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  extra text[] := '{}';
BEGIN
  IF NEW.published_at IS NOT NULL THEN
    extra := extra || ('pm' || to_char(NEW.published_at AT TIME ZONE 'UTC', 'YYYYMM'));
  END IF;
  extra := extra || array(SELECT 'cat' || replace(c, '-', '') FROM unnest(NEW.categories) AS c);
  IF NEW.boosted_until IS NOT NULL THEN
    extra := extra || 'boosted'::text;
  END IF;
  IF NEW.lat IS NOT NULL AND NEW.lng IS NOT NULL THEN
    extra := extra
      || ('g1x' || floor((NEW.lat + 90) / 0.05)::int || 'y' || floor((NEW.lng + 180) / 0.05)::int)
      || ('g2x' || floor((NEW.lat + 90) / 0.25)::int || 'y' || floor((NEW.lng + 180) / 0.25)::int)
      || ('g3x' || floor((NEW.lat + 90) / 1.25)::int || 'y' || floor((NEW.lng + 180) / 1.25)::int);
  END IF;
  NEW.search_vector :=
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, array_to_string(NEW.keywords, ' ')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.description, '')), 'C') ||
    setweight(array_to_tsvector(extra), 'D');
  NEW.earth_pt := CASE WHEN NEW.lat IS NULL OR NEW.lng IS NULL THEN NULL ELSE ll_to_earth(NEW.lat, NEW.lng) END;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER posts_search_fields BEFORE INSERT OR UPDATE OF title, keywords, description, categories, lat, lng, published_at, boosted_until ON "posts"
  FOR EACH ROW EXECUTE FUNCTION posts_search_fields();--> statement-breakpoint
UPDATE "posts" SET "title" = "title";--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector") WHERE "state" = 'published';--> statement-breakpoint
CREATE INDEX "posts_earth_idx" ON "posts" USING gist ("earth_pt") WHERE "state" = 'published';--> statement-breakpoint
CREATE INDEX "posts_price_idx" ON "posts" USING btree ("cash_value_cents", "id") WHERE "state" = 'published';--> statement-breakpoint
CREATE INDEX "posts_boosted_idx" ON "posts" USING btree ("boosted_until") WHERE "state" = 'published' AND "boosted_until" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_wish_categories_idx" ON "posts" USING gin ("wish_categories") WHERE "state" = 'published';--> statement-breakpoint
CREATE INDEX "posts_wish_keywords_idx" ON "posts" USING gin ("wish_keywords") WHERE "state" = 'published';
