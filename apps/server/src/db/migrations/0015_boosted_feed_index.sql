-- The boosted items, newest first (decision 0011): "featured" starts with the boosted matches, and
-- for a word most items use ("condition") walking the few thousand boosted items newest first
-- finds a window at once, where intersecting the word with 'boosted' in the search index decodes
-- the word's whole posting list. The planner picks whichever the word's frequency favours.
CREATE INDEX "posts_boosted_feed_idx" ON "posts" USING btree ("published_at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE "state" = 'published' AND "boosted_until" IS NOT NULL;
