-- Search (decision 0011): the week an item went live joins the month among the search vector's
-- D-weight lexemes ('pw202647', ISO year and week, UTC). A common word's newest matches are then
-- found inside the search index among the last two weeks' items, not the last two months'
-- (a medium word's rank window read 2,300 rows through months, 400 through weeks).
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
UPDATE "posts" SET "published_at" = "published_at" WHERE "published_at" IS NOT NULL;
