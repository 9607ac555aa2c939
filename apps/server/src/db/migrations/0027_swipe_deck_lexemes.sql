-- Swap Swipe (issue 18, decision 0026): two more kinds of D-weight lexemes people never type, so
-- that the deck's "wants yours" and "similar value" sources are found inside the search index
-- among the last weeks' items (as its wish-category and keyword sources are), instead of walking
-- posts_feed_idx past every listing the member has already swiped (24,000 rows for a member who
-- swiped the top of a popular category, at 1,000,000 listings):
--   'wcatbicycles' — a category the owner wishes for (wish_categories);
--   'vb73'         — the value's bucket, floor(ln(cents) / ln(1.1)): one bucket per 10 % of value,
--                    so "within ±30 %" is seven or eight buckets (VALUE_BUCKET_BASE in
--                    modules/swipe/deck.service.ts says the same).
CREATE OR REPLACE FUNCTION posts_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  extra text[] := '{}';
BEGIN
  IF NEW.published_at IS NOT NULL THEN
    extra := extra
      || ('pm' || to_char(NEW.published_at AT TIME ZONE 'UTC', 'YYYYMM'))
      || ('pw' || to_char(NEW.published_at AT TIME ZONE 'UTC', 'IYYYIW'));
  END IF;
  extra := extra || array(SELECT 'cat' || replace(c, '-', '') FROM unnest(NEW.categories) AS c);
  extra := extra || array(SELECT 'wcat' || replace(c, '-', '') FROM unnest(NEW.wish_categories) AS c);
  IF NEW.cash_value_cents IS NOT NULL AND NEW.cash_value_cents > 0 THEN
    extra := extra || ('vb' || floor(ln(NEW.cash_value_cents::float8) / ln(1.1))::int);
  END IF;
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
DROP TRIGGER IF EXISTS posts_search_fields ON "posts";--> statement-breakpoint
CREATE TRIGGER posts_search_fields BEFORE INSERT OR UPDATE OF title, keywords, description, categories, wish_categories, cash_value_cents, lat, lng, published_at, boosted_until ON "posts"
  FOR EACH ROW EXECUTE FUNCTION posts_search_fields();--> statement-breakpoint
UPDATE "posts" SET "title" = "title";
