-- The fair-swap meter (issue 41, decision 0051): an item's market estimate is the median stated
-- value of comparable items, published or swapped, found in one GIN scan per item.
--
-- A comparable shares a category with the item, is in the item's condition or the next one up or
-- down, and has at least two thirds (rounded up) of the item's first six title words (English
-- stemming, as search). Each listing is indexed by lexemes that hold all three at once,
-- '<category>_<band>_<word>' ('bicycles_2_bike'), one per category, title word and condition band
-- it falls in (its own grade and the next one up and down; grades 1-4 from used-fair to new), so
-- an item's comparables are those holding enough of its '<category>_<grade>_<word>' lexemes: the
-- index reads only the posting lists of matching listings (a lexeme per category and another per
-- word made it intersect a category's whole list for each word).
-- Both functions read only their arguments (immutable), so fair_vector is the index's expression.
CREATE FUNCTION fair_vector(title text, categories text[], condition text) RETURNS tsvector
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  g int := array_position(ARRAY['used-fair', 'used-good', 'used-like-new', 'new'], condition);
  words text[] := tsvector_to_array(to_tsvector('english'::regconfig, coalesce(title, '')));
  lexemes text[] := '{}';
  c text;
  w text;
  b int;
BEGIN
  IF g IS NULL THEN
    RETURN ''::tsvector;
  END IF;
  FOREACH c IN ARRAY categories LOOP
    FOREACH w IN ARRAY words LOOP
      FOR b IN greatest(1, g - 1) .. least(4, g + 1) LOOP
        lexemes := lexemes || (replace(c, '-', '') || '_' || b || '_' || w);
      END LOOP;
    END LOOP;
  END LOOP;
  RETURN array_to_tsvector(lexemes);
END
$$;--> statement-breakpoint
-- What an item's comparables must match; null when its title has no word to compare (no estimate).
CREATE FUNCTION fair_query(title text, categories text[], condition text) RETURNS tsquery
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  g int := array_position(ARRAY['used-fair', 'used-good', 'used-like-new', 'new'], condition);
  words text[];
  n int;
  need int;
  alts tsquery;
  combo tsquery;
  term tsquery;
  c text;
  k int;
  mask int;
  i int;
BEGIN
  IF g IS NULL THEN
    RETURN NULL;
  END IF;
  -- The first six words, in title order (a quote or a backslash cannot be quoted in a tsquery: left out).
  SELECT array_agg(lexeme ORDER BY pos) INTO words FROM (
    SELECT lexeme, positions[1] AS pos FROM unnest(to_tsvector('english'::regconfig, coalesce(title, '')))
    WHERE lexeme !~ '[''\\]'
    ORDER BY positions[1], lexeme
    LIMIT 6
  ) w;
  n := coalesce(cardinality(words), 0);
  IF n = 0 THEN
    RETURN NULL;
  END IF;
  need := ceil(n * 2 / 3.0);
  -- In any of its categories, every choice of `need` of the n words: ANDs, all ORed.
  FOREACH c IN ARRAY categories LOOP
    FOR mask IN 1 .. (1 << n) - 1 LOOP
      combo := NULL;
      k := 0;
      FOR i IN 0 .. n - 1 LOOP
        IF mask & (1 << i) <> 0 THEN
          k := k + 1;
          term := ('''' || replace(c, '-', '') || '_' || g || '_' || words[i + 1] || '''')::tsquery;
          combo := CASE WHEN combo IS NULL THEN term ELSE combo && term END;
        END IF;
      END LOOP;
      IF k = need THEN
        alts := CASE WHEN alts IS NULL THEN combo ELSE alts || combo END;
      END IF;
    END LOOP;
  END LOOP;
  RETURN alts;
END
$$;--> statement-breakpoint
-- Only the listings that can be comparables. Building it reads the table once (decision 0051 has its time at 1,000,000 listings).
CREATE INDEX "posts_fair_idx" ON "posts" USING gin (fair_vector("title", "categories", "condition")) WHERE "state" IN ('published', 'swapped');
