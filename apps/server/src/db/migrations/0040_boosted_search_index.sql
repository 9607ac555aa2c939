-- Search (decision 0011): the search vector of boosted items alone. "Featured" starts with the
-- boosted matches ('boosted' AND the words, categories or place cells); in posts_search_idx that
-- intersection advances a common word's long posting list to every boosted item, which grows with
-- the table: 15 ms for "vintage" at 5,000,000 listings (14,000 of them boosted), the largest part
-- of most searches there. In this index, which holds only the boosted items, it takes 0.2 ms. The
-- planner picks it for any query with the boosted phase's `boosted_until > now` (which implies the
-- predicate). Building it reads the table once (about 2 minutes at 5,000,000 listings on the
-- 2-core machine), during which listings cannot be written.
CREATE INDEX "posts_boosted_search_idx" ON "posts" USING gin ("search_vector") WHERE "state" = 'published' AND "boosted_until" IS NOT NULL;
