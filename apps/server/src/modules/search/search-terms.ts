import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { CATEGORIES } from '@swapu/shared/constants';
import type { SuggestResult } from '@swapu/shared/search';
import type { Database, Tx } from '../../db/client';
import { queryWords } from './search.query';
import { changedRows, rowsOf } from '../../lib/sql-rows';

/**
 * Rebuilds the word list of live titles and keywords (each word with how many items use it), which
 * the suggest box completes from and typo tolerance corrects towards. It runs in one transaction,
 * so searches keep seeing the previous list until it commits. On PostgreSQL at a million items it
 * takes seconds, which is why it runs on a timer (search.jobs.ts) and not on every publish.
 */
export async function refreshSearchTerms(db: Tx): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_terms`);
    return changedRows(
      tx,
      sql`
      insert into search_terms (term, ndoc)
      select w, count(*)::int from posts
        cross join lateral unnest(tsvector_to_array(
          to_tsvector('simple'::regconfig, posts.title || ' ' || array_to_string(posts.keywords, ' ')))) as w
      where posts.state = 'published' and length(w) between 3 and 30 and w ~ '^[[:alpha:]]'
      group by w`,
    );
  });
}

/** Completions for the header search box: the typed words with the last one completed. */
export async function suggest(database: Database, q: string): Promise<SuggestResult> {
  const started = performance.now();
  const text = q.trim().toLowerCase();
  const words = queryWords(text);
  const endsWithSpace = /\s$/.test(q);
  const last = endsWithSpace ? undefined : words.at(-1);
  const head = (endsWithSpace ? words : words.slice(0, -1)).join(' ');
  let completions: string[] = [];
  if (last && last.length >= 2) {
    const escaped = last.replace(/[\\%_]/g, (c) => `\\${c}`);
    const terms = await rowsOf<{ term: string }>(
      database.db,
      sql`select term from search_terms where term like ${`${escaped}%`} order by ndoc desc, term asc limit 8`,
    );
    completions = terms.map((r) => (head ? `${head} ${r.term}` : r.term));
  }
  const plain = text.replace(/[^a-z0-9 ]+/g, ' ').trim();
  const categories = plain.length >= 2 ? CATEGORIES.filter((c) => c.replace(/-/g, ' ').includes(plain)).slice(0, 5) : [];
  return { completions, categories, tookMs: Math.round((performance.now() - started) * 100) / 100 };
}
