import { errors } from '../../lib/errors';

/** At most this many words of a query are searched (the rest are ignored). */
export const MAX_QUERY_WORDS = 6;

/** The words of a query: lower case, letters and digits only, no repeats. */
export function queryWords(q: string | undefined): string[] {
  if (!q) return [];
  const words = q
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && w.length <= 40);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** How many edits a typed word may be from a known one: none under 4 letters, 1 under 6, else 2. */
export function typoBudget(word: string): number {
  if (word.length < 4 || /\d/.test(word)) return 0;
  return word.length < 6 ? 1 : 2;
}

/**
 * The known words a typed word was probably meant to be: within its edit budget, closest first,
 * then most used. `candidates` come from the trigram index, nearest first.
 */
export function pickCorrections(word: string, candidates: { term: string; ndoc: number }[], max = 2): string[] {
  const budget = typoBudget(word);
  if (budget === 0) return [];
  return candidates
    .filter((c) => c.term !== word)
    .map((c) => ({ ...c, dist: editDistance(word, c.term) }))
    .filter((c) => c.dist <= budget)
    .sort((x, y) => x.dist - y.dist || y.ndoc - x.ndoc || x.term.localeCompare(y.term))
    .slice(0, max)
    .map((c) => c.term);
}

/** A position in a result list: opaque to clients, checked on the way back in. */
export interface SearchCursor {
  /** The sort it belongs to: a cursor of another sort is refused. */
  s: string;
  /** featured: phase (b = boosted items, n = the rest). */
  ph?: 'b' | 'n';
  /** featured with keywords: the rank window's start, exclusive (published_at, id). */
  wb?: [string, string];
  /** The last item's sort key. */
  k: (string | number)[];
}

export function encodeSearchCursor(c: SearchCursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

export function decodeSearchCursor(raw: string, sort: string): SearchCursor {
  const bad = () => errors.badRequest('data_invalid', { cursor: 'invalid' });
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!c || typeof c !== 'object') throw bad();
  const v = c as Record<string, unknown>;
  const scalar = (x: unknown) => (typeof x === 'string' && x.length <= 100) || (typeof x === 'number' && Number.isFinite(x));
  if (v.s !== sort || !Array.isArray(v.k) || v.k.length < 2 || v.k.length > 3 || !v.k.every(scalar)) throw bad();
  if (v.ph !== undefined && v.ph !== 'b' && v.ph !== 'n') throw bad();
  if (v.wb !== undefined && !(Array.isArray(v.wb) && v.wb.length === 2 && v.wb.every((x) => typeof x === 'string' && x.length <= 100)))
    throw bad();
  for (const x of [...v.k, ...((v.wb as unknown[]) ?? [])]) {
    // Timestamps inside a cursor must parse; ids are plain tokens.
    if (typeof x === 'string' && !/^[\w\-.:+]+$/.test(x)) throw bad();
  }
  return v as unknown as SearchCursor;
}
