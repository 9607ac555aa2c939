import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cachedFor } from '../../lib/cached-for';
import { rowsOf } from '../../lib/sql-rows';
import { pickCorrections, queryWords } from './search.query';

/**
 * The words of a search: each stemmed as the search vector is, and widened with its likely
 * spellings when (nearly) no item uses it; and how many items use a lone word, from the
 * statistics ANALYZE keeps, so the planner can tell a rare word from a very common one.
 */

/** A word with fewer live matches than this is also looked up as a typo. */
const RARE_WORD_MATCHES = 3;

export interface TextQuery {
  /** The tsquery expression (one AND of per-word ORs), or null when no word is searchable. */
  tsquery: SQL | null;
  corrections: { from: string; to: string[] }[];
  /**
   * For a one-word search, how many items at least use the word or its corrections: the word's
   * share in the column statistics, or the corrections' counts in the word list. Null otherwise.
   */
  leastMatches: number | null;
  /**
   * How many items use every word, by the statistics: the words' shares multiplied as if they
   * were independent (a word the statistics do not list counts as none). A rough figure, used only
   * to choose a plan that is right either way.
   */
  estimatedMatches: number;
}

// ---------------------------------------------------------------------------------------------
// How many items use a word, from the statistics ANALYZE keeps of the search vector: the share of
// rows holding each of its most common lexemes (every word that could be "500+" is among them).

const WORD_STATS_TTL_MS = 10 * 60_000;
interface WordStats {
  at: number;
  shares: Map<string, number>;
  rows: number;
}
const wordStatsCache = new WeakMap<Database, Promise<WordStats>>();
const wordStats = (database: Database) => cachedFor(wordStatsCache, database, WORD_STATS_TTL_MS, loadWordStats);

/** Drops the cached word statistics (the next search reloads them). */
export function forgetWordStats(database: Database) {
  wordStatsCache.delete(database);
}

async function loadWordStats(database: Database): Promise<WordStats> {
  const [found, [table]] = await Promise.all([
    rowsOf<{ e: string; f: number }>(
      database.db,
      sql`select u.e, u.f from pg_stats s,
          unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as u(e, f)
        where s.schemaname = current_schema() and s.tablename = 'posts' and s.attname = 'search_vector' and u.e is not null`,
    ),
    rowsOf<{ n: number }>(database.db, sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'posts'::regclass`),
  ]);
  return { at: Date.now(), shares: new Map(found.map((r) => [r.e, Number(r.f)])), rows: table?.n ?? 0 };
}

/** Items using every lexeme of `tsqueryText` ("'vintag'", "'t' & 'shirt'"), by the statistics. */
function statsMatches(stats: WordStats, tsqueryText: string): number {
  const lexemes = [...tsqueryText.matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
  if (!lexemes.length) return 0;
  return lexemes.reduce((n, l) => n * (stats.shares.get(l) ?? 0), stats.rows);
}

const english = (w: string) => sql`plainto_tsquery('english'::regconfig, ${w})`;

export async function buildTextQuery(database: Database, q: string | undefined): Promise<TextQuery> {
  const words = queryWords(q);
  if (!words.length) return { tsquery: null, corrections: [], leastMatches: null, estimatedMatches: 0 };
  const statsLoaded = wordStats(database);
  statsLoaded.catch(() => undefined);
  const analysed = await Promise.all(
    words.map(async (w) => {
      // How many live items use the word (up to a few): planned with the word itself, so the
      // planner picks the GIN index for rare words and a short scan for common ones.
      const [r] = await rowsOf<{ lexemes: string; n: number }>(
        database.db,
        sql`select ${english(w)}::text as lexemes,
          (select count(*)::int from (select 1 from posts
             where posts.state = 'published' and posts.search_vector @@ ${english(w)}
             limit ${RARE_WORD_MATCHES}) s) as n`,
      );
      if (!r || r.lexemes === '') return null; // a stop word ("the", "and"): not searched
      let fixes: string[] = [];
      let fixMatches = 0;
      if (r.n < RARE_WORD_MATCHES) {
        const candidates = await rowsOf<{ term: string; ndoc: number }>(
          database.db,
          sql`select term, ndoc from search_terms order by term <-> ${w} limit 12`,
        );
        const usable = candidates.filter((c) => c.ndoc > r.n);
        fixes = pickCorrections(w, usable);
        fixMatches = Math.max(0, ...usable.filter((c) => fixes.includes(c.term)).map((c) => c.ndoc));
      }
      return { word: w, fixes, lexemes: r.lexemes, fixMatches };
    }),
  );
  const kept = analysed.filter((a): a is { word: string; fixes: string[]; lexemes: string; fixMatches: number } => a !== null);
  if (!kept.length) return { tsquery: null, corrections: [], leastMatches: null, estimatedMatches: 0 };
  const stats = await statsLoaded;
  const matchesOf = (a: (typeof kept)[number]) => Math.max(statsMatches(stats, a.lexemes), a.fixMatches);
  const leastMatches = kept.length === 1 ? matchesOf(kept[0]!) : null;
  const rows = Math.max(1, stats.rows);
  const estimatedMatches = rows * kept.reduce((share, a) => share * Math.min(1, matchesOf(a) / rows), 1);
  const parts = kept.map((a) => {
    const alts = [english(a.word), ...a.fixes.map(english)];
    return alts.length === 1 ? alts[0]! : sql`(${sql.join(alts, sql` || `)})`;
  });
  return {
    tsquery: sql`(${sql.join(parts, sql` && `)})`,
    corrections: kept.filter((a) => a.fixes.length).map((a) => ({ from: a.word, to: a.fixes })),
    leastMatches,
    estimatedMatches,
  };
}
