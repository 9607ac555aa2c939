import type { ChainItemInput, WantEdgeInput } from './graph';

/**
 * Reads a TradeMaximizer want-list file (a BoardGameGeek math trade) into the engine's input,
 * following TradeMaximizer 1.3c's reading of it (github.com/chrisokasaki/TradeMaximizer):
 *
 * - `(user) ITEM : WANT1 WANT2 ; WANT3`, one line per offered item; the username may contain
 *   spaces; the colon is optional unless `REQUIRE-COLONS`; `;` and `=n` only set priorities,
 *   which this engine does not use (it maximises items traded, as TradeMaximizer's count does).
 * - `#!` lines are options, other `#` lines comments. Names are case-insensitive (upper-cased,
 *   usernames included) unless `CASE-SENSITIVE`.
 * - `%NAME` is a dummy item (`ALLOW-DUMMIES`, username required). Dummies are per user: `%X` in
 *   a want list means the want-list owner's `%X`. They are never counted as items traded.
 * - Between `!BEGIN-OFFICIAL-NAMES` and `!END-OFFICIAL-NAMES`, the official names (first token
 *   of each line). When given, a want list for an item that is not official is ignored.
 * - A second want list for the same item is ignored (the first wins); wanted items that have no
 *   want list are skipped; an item in its own list, a repeat, and another item of the same user
 *   (other than one's own dummy) are skipped.
 */
export interface MathTrade {
  items: ChainItemInput[];
  edges: WantEdgeInput[];
  options: string[];
  /** What TradeMaximizer would report as errors (the lines or wants it ignored). */
  warnings: string[];
}

export function parseMathTrade(text: string): MathTrade {
  const options: string[] = [];
  const warnings: string[] = [];
  let caseSensitive = false;
  let allowDummies = false;
  let requireColons = false;
  let requireUsernames = false;
  let official: Set<string> | null = null;
  let readingOfficial = false;
  const lists: { user: string | null; name: string; wants: string[]; line: number }[] = [];

  const lines = text.split(/\r?\n/);
  for (let ln = 0; ln < lines.length; ln++) {
    const lineNo = ln + 1;
    let line = lines[ln]!.trim();
    if (line === '') continue;
    if (line.startsWith('#!')) {
      if (lists.length > 0 || official) throw new Error(`line ${lineNo}: options must come before the want lists`);
      for (const opt of line.slice(2).trim().toUpperCase().split(/\s+/)) {
        if (!opt) continue;
        options.push(opt);
        if (opt === 'CASE-SENSITIVE') caseSensitive = true;
        else if (opt === 'ALLOW-DUMMIES') allowDummies = true;
        else if (opt === 'REQUIRE-COLONS') requireColons = true;
        else if (opt === 'REQUIRE-USERNAMES') requireUsernames = true;
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    if (line.toUpperCase() === '!BEGIN-OFFICIAL-NAMES') {
      if (official) throw new Error(`line ${lineNo}: official names begun twice`);
      official = new Set();
      readingOfficial = true;
      continue;
    }
    if (line.toUpperCase() === '!END-OFFICIAL-NAMES') {
      if (!readingOfficial) throw new Error(`line ${lineNo}: !END-OFFICIAL-NAMES without !BEGIN-OFFICIAL-NAMES`);
      readingOfficial = false;
      continue;
    }
    if (readingOfficial) {
      const name = line.split(/[:\s]/)[0]!;
      official!.add(caseSensitive ? name : name.toUpperCase());
      continue;
    }
    if (line.includes('#')) throw new Error(`line ${lineNo}: comments (#...) cannot be used after the beginning of a line`);

    let user: string | null = null;
    if (line.startsWith('(')) {
      const close = line.indexOf(')');
      if (close === -1) throw new Error(`line ${lineNo}: missing ')' in username`);
      if (close === 1) throw new Error(`line ${lineNo}: empty username`);
      user = line.slice(0, close + 1);
      line = line.slice(close + 1).trim();
      if (line === '') throw new Error(`line ${lineNo}: username on a line by itself`);
    } else if (requireUsernames) {
      throw new Error(`line ${lineNo}: missing username with REQUIRE-USERNAMES`);
    }
    if (line.includes('(') || line.includes(')')) throw new Error(`line ${lineNo}: a username can only begin a want list`);
    line = line.replaceAll(';', ' ; ');
    const colon = line.indexOf(':');
    let name: string;
    let rest: string;
    if (colon !== -1) {
      if (line.lastIndexOf(':') !== colon) throw new Error(`line ${lineNo}: more than one colon`);
      const head = line.slice(0, colon).trim();
      if (head === '' || /\s/.test(head)) throw new Error(`line ${lineNo}: exactly one item must come before the colon`);
      name = head;
      rest = line.slice(colon + 1);
    } else {
      if (requireColons) throw new Error(`line ${lineNo}: missing colon with REQUIRE-COLONS`);
      const toks = line.split(/\s+/);
      name = toks[0]!;
      rest = toks.slice(1).join(' ');
    }
    if (name === ';') throw new Error(`line ${lineNo}: semicolon before the first item`);
    if (!caseSensitive) {
      name = name.toUpperCase();
      rest = rest.toUpperCase();
      user = user?.toUpperCase() ?? null;
    }
    const wants = rest
      .split(/\s+/)
      .filter((t) => t !== '' && t !== ';')
      .map((t) => t.replace(/=\d*$/, ''));
    lists.push({ user, name, wants, line: lineNo });
  }
  if (readingOfficial) throw new Error('!BEGIN-OFFICIAL-NAMES without !END-OFFICIAL-NAMES');

  const dummyKey = (name: string, user: string) => `${name} for user ${user}`;
  const items: ChainItemInput[] = [];
  const byKey = new Map<string, ChainItemInput>();
  const kept: { key: string; item: ChainItemInput; wants: string[]; user: string | null }[] = [];
  for (const l of lists) {
    const isDummy = l.name.startsWith('%');
    let key = l.name;
    if (isDummy) {
      if (l.user === null) {
        warnings.push(`dummy item ${l.name} declared without a username (line ${l.line})`);
        continue;
      }
      if (!allowDummies) {
        warnings.push(`dummy items not allowed (${l.name}, line ${l.line})`);
        continue;
      }
      key = dummyKey(l.name, l.user);
    } else if (official && !official.has(l.name)) {
      warnings.push(`want list for ${l.name} ignored: not an official name (line ${l.line})`);
      continue;
    }
    if (byKey.has(key)) {
      warnings.push(`item ${key} has multiple want lists: all but the first ignored (line ${l.line})`);
      continue;
    }
    // Without a username each item is its own owner (TradeMaximizer then checks no ownership).
    const item: ChainItemInput = { id: key, ownerId: l.user ?? `item:${key}`, valueCents: null, assisted: false, dummy: isDummy };
    byKey.set(key, item);
    items.push(item);
    kept.push({ key, item, wants: l.wants, user: l.user });
  }

  const edges: WantEdgeInput[] = [];
  let unknown = 0;
  for (const { key, item, wants, user } of kept) {
    const seen = new Set<string>();
    for (const raw of wants) {
      let target = raw;
      if (raw.startsWith('%')) {
        if (user === null) {
          warnings.push(`dummy item ${raw} used in the want list of ${key}, which has no username`);
          continue;
        }
        target = dummyKey(raw, user);
      }
      const to = byKey.get(target);
      if (!to) {
        unknown++;
        continue;
      }
      if (to === item) {
        warnings.push(`item ${key} appears in its own want list`);
        continue;
      }
      if (seen.has(target)) continue;
      if (!to.dummy && user !== null && to.ownerId === user) {
        warnings.push(`want list of ${key} names ${target}, of the same user ${user}`);
        continue;
      }
      seen.add(target);
      edges.push({ from: key, to: target });
    }
  }
  if (unknown > 0) warnings.push(`${unknown} wants name items without a want list (skipped)`);
  return { items, edges, options, warnings };
}
