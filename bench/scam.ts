// npm run bench:scam [-- --rounds N] [-- --smoke]
// Issue 41 item 3: the chat's scam and off-platform rules (apps/server/src/modules/chat/scam-rules.ts)
// against a labelled set of messages (bench/scam-messages.json, en-AU and pt-PT, hard
// negatives included; how it was written: decision 0050). Prints precision and recall per kind
// and overall (goal: precision ≥ 0.95, recall ≥ 0.85), then the time per check in µs against a
// baseline of the same run: lowercasing each message and looking for a few dozen words with
// includes(). --smoke (decision 0046): one timing round.
import fs from 'node:fs';
import path from 'node:path';
import { MESSAGE_MAX, SCAM_KINDS, type ScamKind } from '@swapu/shared/constants';
import { scamKinds } from '../apps/server/src/modules/chat/scam-rules';
import { fmtRatio, parseArgs, printTable, ROOT, runBench, smoke, SMOKE } from './lib';

interface Labelled {
  lang: 'en' | 'pt';
  kinds: ScamKind[];
  text: string;
}

const { values } = parseArgs();
const ROUNDS = Number(values.get('rounds') ?? (SMOKE ? 1 : 20));
const SET: Labelled[] = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench/scam-messages.json'), 'utf8'));

/** The baseline: the cheapest check that could be called one, words looked for in the lowercased text. */
const WORDS = [
  'payid', 'bank transfer', 'bsb', 'western union', 'paypal', 'gift card', 'bitcoin', 'crypto', 'whatsapp', 'telegram',
  'text me', 'call me', 'mb way', 'transferência', 'iban', 'cartão', 'http', '.com', 'signal', 'zap', 'email',
]; // prettier-ignore
const baseline = (text: string) => {
  const lower = text.toLowerCase();
  return WORDS.filter((w) => lower.includes(w));
};

const ratio = (a: number, b: number) => (b === 0 ? (a === 0 ? 1 : 0) : a / b);
const f2 = (x: number) => x.toFixed(3);

function score() {
  const tp = new Map<ScamKind, number>();
  const fp = new Map<ScamKind, number>();
  const fn = new Map<ScamKind, number>();
  const add = (m: Map<ScamKind, number>, k: ScamKind) => m.set(k, (m.get(k) ?? 0) + 1);
  let msgTp = 0;
  let msgFp = 0;
  let msgFn = 0;
  const misses: string[] = [];
  for (const item of SET) {
    const got = scamKinds(item.text);
    for (const k of SCAM_KINDS) {
      const want = item.kinds.includes(k);
      const has = got.includes(k);
      if (want && has) add(tp, k);
      else if (has) add(fp, k);
      else if (want) add(fn, k);
    }
    if (got.length && item.kinds.length) msgTp++;
    else if (got.length) msgFp++;
    else if (item.kinds.length) msgFn++;
    if (got.join() !== item.kinds.join())
      misses.push(`  ${item.lang} want [${item.kinds.join(', ')}] got [${got.join(', ')}]: ${item.text}`);
  }
  const rows: Array<Array<string | number>> = SCAM_KINDS.map((k) => {
    const t = tp.get(k) ?? 0;
    const p = fp.get(k) ?? 0;
    const n = fn.get(k) ?? 0;
    return [k, t + n, t, p, n, f2(ratio(t, t + p)), f2(ratio(t, t + n))];
  });
  const sum = (m: Map<ScamKind, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const [T, P, N] = [sum(tp), sum(fp), sum(fn)];
  rows.push(['all kinds (message, kind) pairs', T + N, T, P, N, f2(ratio(T, T + P)), f2(ratio(T, T + N))]);
  rows.push([
    'flagged or not (per message)',
    msgTp + msgFn,
    msgTp,
    msgFp,
    msgFn,
    f2(ratio(msgTp, msgTp + msgFp)),
    f2(ratio(msgTp, msgTp + msgFn)),
  ]);
  return { rows, misses, precision: ratio(T, T + P), recall: ratio(T, T + N) };
}

/** Mean µs per message over `rounds` passes of the whole set, after one warm-up pass. */
function time(check: (text: string) => unknown, rounds: number) {
  let sink = 0;
  for (const m of SET) sink += (check(m.text) as unknown[]).length;
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) for (const m of SET) sink += (check(m.text) as unknown[]).length;
  const us = ((performance.now() - t0) * 1000) / (rounds * SET.length);
  return { us, sink };
}

async function main() {
  const en = SET.filter((m) => m.lang === 'en').length;
  const flagged = SET.filter((m) => m.kinds.length).length;
  console.log(
    `bench:scam: ${SET.length} labelled messages (${en} en-AU, ${SET.length - en} pt-PT; ${flagged} with a kind, ${SET.length - flagged} without)\n`,
  );
  const { rows, misses, precision, recall } = score();
  printTable(['kind', 'labelled', 'found', 'false +', 'missed', 'precision', 'recall'], rows);
  console.log(`\ngoal: precision ≥ 0.95 (${precision >= 0.95 ? 'met' : 'NOT met'}), recall ≥ 0.85 (${recall >= 0.85 ? 'met' : 'NOT met'})`);
  if (misses.length) console.log(`\nmessages whose kinds differ from their labels (${misses.length}):\n${misses.join('\n')}`);

  const base = time(baseline, ROUNDS);
  const rules = time(scamKinds, ROUNDS);
  // The longest message the chat takes (MESSAGE_MAX), made of the set's own messages.
  const long = SET.map((m) => m.text)
    .join(' ')
    .slice(0, MESSAGE_MAX);
  const longRounds = Math.max(1, ROUNDS * 10);
  scamKinds(long);
  const t0 = performance.now();
  for (let r = 0; r < longRounds; r++) scamKinds(long);
  const longUs = ((performance.now() - t0) * 1000) / longRounds;
  console.log(`\ntime per check, ${ROUNDS} round(s) of ${SET.length} messages:`);
  printTable(
    ['check', 'µs per message', 'vs baseline'],
    [
      ['baseline: lowercase + includes', base.us.toFixed(2), fmtRatio(1)],
      ['scam rules (scamKinds)', rules.us.toFixed(2), fmtRatio(rules.us / base.us)],
      [`scam rules, one ${MESSAGE_MAX}-character message`, longUs.toFixed(2), ''],
    ],
  );
  smoke('bench:scam', {
    rows: SCAM_KINDS.concat(['all kinds', 'flagged or not', 'baseline', 'scam rules'] as never[]),
    measured: {
      messages: SET.length,
      'µs per check': rules.us,
      'µs for the longest message': longUs,
      'baseline µs': base.us,
      found: precision + recall,
    },
  });
}

runBench(main, 120_000);
