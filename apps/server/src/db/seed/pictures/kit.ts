/**
 * What every demo picture is drawn with: the 960×960 space (the floor at y = 770), the colours a
 * scene picks, and small SVG primitives. A drawing returns its markup and the half-width of its
 * floor shadow; render-image.ts places it in the studio scene.
 */

export const FLOOR = 770;

export type Rng = () => number;

export interface Colours {
  /** Main body colour and its darker / lighter shades. */
  main: string;
  mainDark: string;
  mainLight: string;
  /** Contrasting accent. */
  accent: string;
  accentDark: string;
  /** Neutral tones. */
  dark: string;
  metal: string;
  metalDark: string;
  light: string;
  glass: string;
  wood: string;
  woodDark: string;
  skin: string;
  green: string;
  greenDark: string;
  hue: number;
  /** Mid background tone (for holes that show the backdrop). */
  backdrop: string;
}

export interface Drawing {
  svg: string;
  shadow: number;
  /** May be mirrored horizontally for variety. */
  flip?: boolean;
  /** Lowest y of the drawing when it does not already rest on the floor. */
  base?: number;
  /** Tall drawings get a smaller scale range so they stay in frame. */
  tall?: boolean;
}
export type Draw = (c: Colours, r: Rng) => Drawing;

export function pick<T>(r: Rng, list: readonly T[]): T {
  return list[Math.floor(r() * list.length) % list.length]!;
}

export function hsl(h: number, s: number, l: number): string {
  h = ((h % 360) + 360) % 360;
  s = Math.max(0, Math.min(100, s)) / 100;
  l = Math.max(0, Math.min(100, l)) / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

export function mixHex(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa
    .map((v, i) =>
      Math.round(v + (pb[i]! - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

// Primitives: numbers in, SVG markup out. `more` is extra attributes (opacity, transform…).
const opt = (more: string) => (more ? ` ${more}` : '');
export const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, more = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"${opt(more)}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, more = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${opt(more)}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, more = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${opt(more)}/>`;
export const shape = (d: string, fill: string, more = '') => `<path d="${d}" fill="${fill}"${opt(more)}/>`;
/** An open path drawn as a line, round ends and joins. */
export const stroke = (d: string, colour: string, width: number, more = '') =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${opt(more)}/>`;
export const line = (x1: number, y1: number, x2: number, y2: number, colour: string, width: number, more = '') =>
  stroke(`M${x1} ${y1} L${x2} ${y2}`, colour, width, more);
export const group = (transform: string, ...parts: string[]) => `<g transform="${transform}">${parts.join('')}</g>`;
/** A soft white highlight stroke, the "shine" most drawings carry. */
export const shine = (d: string, width = 12) => stroke(d, '#ffffff', width, 'opacity="0.35"');

export function wheel(x: number, y: number, rad: number, c: Colours, spokes = 0, tread = false): string {
  let s = `<circle cx="${x}" cy="${y}" r="${rad}" fill="${c.dark}"/>`;
  if (tread) {
    s += `<circle cx="${x}" cy="${y}" r="${rad - 4}" fill="none" stroke="#1d2026" stroke-width="8" stroke-dasharray="10 8"/>`;
  }
  s += `<circle cx="${x}" cy="${y}" r="${rad * 0.55}" fill="${c.metal}"/>`;
  s += `<circle cx="${x}" cy="${y}" r="${rad * 0.42}" fill="${c.metalDark}"/>`;
  for (let i = 0; i < spokes; i++) {
    const a = (i / spokes) * Math.PI * 2;
    s += `<line x1="${x}" y1="${y}" x2="${(x + Math.cos(a) * rad * 0.5).toFixed(1)}" y2="${(y + Math.sin(a) * rad * 0.5).toFixed(1)}" stroke="${c.metal}" stroke-width="${Math.max(4, rad * 0.09)}" stroke-linecap="round"/>`;
  }
  s += `<circle cx="${x}" cy="${y}" r="${rad * 0.14}" fill="${c.metal}"/>`;
  return s;
}

export function bikeWheel(x: number, y: number, rad: number, c: Colours): string {
  let s = `<circle cx="${x}" cy="${y}" r="${rad}" fill="none" stroke="${c.dark}" stroke-width="16"/>`;
  s += `<circle cx="${x}" cy="${y}" r="${rad - 11}" fill="none" stroke="${c.metal}" stroke-width="5"/>`;
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    s += `<line x1="${x}" y1="${y}" x2="${(x + Math.cos(a) * (rad - 12)).toFixed(1)}" y2="${(y + Math.sin(a) * (rad - 12)).toFixed(1)}" stroke="${c.metalDark}" stroke-width="2"/>`;
  }
  s += `<circle cx="${x}" cy="${y}" r="12" fill="${c.metal}"/>`;
  return s;
}

/** A drawing shrunk (or grown) about the middle of the floor, so it still stands on it. */
export function scaled(d: Drawing, s: number): Drawing {
  return { ...d, svg: `<g transform="translate(480 ${FLOOR}) scale(${s}) translate(-480 ${-FLOOR})">${d.svg}</g>`, shadow: d.shadow * s };
}

/** A coat hanger whose bar runs from x = 300 to 660 at y = 250 (hook above). */
export const hanger = (c: Colours) =>
  stroke('M480 120 Q500 120 500 140 Q500 156 484 160 L480 190', c.metalDark, 8) + stroke('M300 250 L480 186 L660 250', c.metalDark, 10);
