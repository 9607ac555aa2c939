-- Search (decision 0011, issue 38): the day an item went live joins its month and ISO week among
-- the search vector's D-weight lexemes ('pd20261204', UTC). A word many items use finds its newest
-- matches inside the search index among the last few days' items, not the last two weeks': at
-- 5,000,000 listings a medium word's first rank window read 3,800 rows through weeks for 150.
-- Only the last 35 days' items are rewritten here (a whole-table rewrite at five million listings
-- would take a long time and the space of a second table); rank windows ask day lexemes only
-- within the last DAY_LEXEMES_SINCE_DAYS (modules/search/time-lexemes.ts) days, which every item
-- published from 35 days before this migration on holds.
CREATE OR REPLACE FUNCTION posts_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  extra text[] := '{}';
BEGIN
  IF NEW.published_at IS NOT NULL THEN
    extra := extra
      || ('pm' || to_char(NEW.published_at AT TIME ZONE 'UTC', 'YYYYMM'))
      || ('pw' || to_char(NEW.published_at AT TIME ZONE 'UTC', 'IYYYIW'))
      || ('pd' || to_char(NEW.published_at AT TIME ZONE 'UTC', 'YYYYMMDD'));
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
UPDATE "posts" SET "published_at" = "published_at" WHERE "published_at" >= now() - interval '35 days';
