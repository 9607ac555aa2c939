-- Search (decision 0011): a boosted item carries the lexeme 'boosted' while its boost runs, so the
-- "boosted first" part of a featured search is one more GIN intersection instead of reading every
-- boosted item. Expired boosts are cleared by the search jobs (boosted_until set to null), which
-- drops the lexeme.
CREATE OR REPLACE FUNCTION posts_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
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
DROP TRIGGER posts_search_fields ON "posts";--> statement-breakpoint
CREATE TRIGGER posts_search_fields BEFORE INSERT OR UPDATE OF title, keywords, description, categories, lat, lng, published_at, boosted_until ON "posts"
  FOR EACH ROW EXECUTE FUNCTION posts_search_fields();--> statement-breakpoint
UPDATE "posts" SET "title" = "title";
