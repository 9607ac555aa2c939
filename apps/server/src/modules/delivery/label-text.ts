import type { PDFFont } from 'pdf-lib';

// The label's text: the standard PDF fonts only encode WinAnsi (Windows-1252), so text is made
// drawable (winAnsiText), wrapped and fitted to its box (wrap, fitText, ellipsize).

/** The Unicode code points WinAnsi encodes: printable ASCII, Latin-1 and 27 more in 0x80–0x9F. */
const WIN_ANSI = new Set<number>([
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => 0xa0 + i),
  ...[0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018],
  ...[0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178],
]);
export const isWinAnsi = (codePoint: number) => WIN_ANSI.has(codePoint);

const QUOTES: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '′': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '‟': '"',
  '″': '"',
};
/** Emoji, skin tones, flag letters and lone combining marks: dropped. */
const DROPPED = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\p{M}/u;
/** Zero-width spaces and joiners, variation selectors, tag characters. */
const invisible = (cp: number) =>
  (cp >= 0x200b && cp <= 0x200d) || cp === 0x2060 || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0000 && cp <= 0xe007f);

/**
 * Text the standard fonts can draw: curly quotes straightened, accented letters kept when WinAnsi
 * has them ("Zoë") or else reduced to their base letter ("Łódź" → "?ódz"), emoji dropped
 * ("José 🚚" → "José"), anything else '?', and whitespace collapsed to one line.
 */
export function winAnsiText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) ?? 0;
    if (QUOTES[ch]) out += QUOTES[ch];
    else if (/\s/u.test(ch) || cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += ' ';
    else if (WIN_ANSI.has(cp)) out += ch;
    else if (DROPPED.test(ch) || invisible(cp)) continue;
    else {
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && [...base].every((c) => WIN_ANSI.has(c.codePointAt(0) ?? 0)) ? base : '?';
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}
/** Greedy word wrap; a word wider than the line is broken between characters. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (line.length > 1 && !fits(line)) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function ellipsize(line: string, font: PDFFont, size: number, width: number): string {
  let s = line.trimEnd();
  while (s && font.widthOfTextAtSize(`${s}…`, size) > width) s = s.slice(0, -1).trimEnd();
  return `${s}…`;
}

/**
 * The largest size from `max` down to `min` at which the text fits in `maxLines` lines of `width`;
 * at `min` the lines past `maxLines` are cut and the last one ends in an ellipsis.
 */
export function fitText(text: string, font: PDFFont, width: number, o: { max: number; min: number; maxLines: number }) {
  for (let size = o.max; size > o.min; size -= 0.5) {
    const lines = wrap(text, font, size, width);
    if (lines.length <= o.maxLines) return { size, lines };
  }
  const lines = wrap(text, font, o.min, width);
  if (lines.length <= o.maxLines) return { size: o.min, lines };
  const kept = lines.slice(0, Math.max(1, o.maxLines));
  kept[kept.length - 1] = ellipsize(kept[kept.length - 1] ?? '', font, o.min, width);
  return { size: o.min, lines: kept };
}
