/**
 * Offline listing pictures for the demo seed: a flat product illustration of the
 * category's kind of object on a soft studio background, rendered from SVG with
 * sharp. No network, no text (fonts may be missing), deterministic per seed.
 */
import sharp from 'sharp';
import type { CategorySlug } from '@swapu/shared/constants';

const SIZE = 960;
const FLOOR = 770;
/** Where the backdrop glow has faded out (just above the floor line). */
const HORIZON = 730;
const CX = 480;
/** Low WebP effort: these flat pictures compress well anyway, and it is several times faster. */
const WEBP_EFFORT = Number(process.env.SEED_WEBP_EFFORT ?? 0);

// ---------------------------------------------------------------------------
// Randomness and colour helpers

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function pick<T>(r: Rng, list: readonly T[]): T {
  return list[Math.floor(r() * list.length) % list.length]!;
}

function mixHex(a: string, b: string, t: number): string {
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

function hsl(h: number, s: number, l: number): string {
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

interface Colours {
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

const NEUTRALS: ReadonlyArray<readonly [number, number, number]> = [
  [215, 8, 32],
  [210, 8, 66],
  [215, 40, 32],
  [355, 52, 40],
  [150, 28, 34],
  [38, 35, 64],
  [20, 30, 38],
];

function colours(r: Rng, backdrop: string): Colours {
  let hue = Math.floor(r() * 360);
  let sat = 45 + r() * 22;
  let lig = 42 + r() * 12;
  if (r() < 0.28) {
    // Everyday neutrals: charcoal, silver, navy, deep red, forest, sand.
    const n = pick(r, NEUTRALS);
    [hue, sat, lig] = [n[0], n[1], n[2]];
  }
  const accentHue = hue + 150 + r() * 60;
  const woodHue = 24 + r() * 12;
  const greenHue = 95 + r() * 40;
  return {
    main: hsl(hue, sat, lig),
    mainDark: hsl(hue, sat, lig - 14),
    mainLight: hsl(hue, sat - 10, lig + 22),
    accent: hsl(accentHue, 70, 55),
    accentDark: hsl(accentHue, 65, 40),
    dark: '#2c3038',
    metal: '#c8cdd4',
    metalDark: '#8f969f',
    light: '#f7f5f0',
    glass: hsl(200, 45, 78),
    wood: hsl(woodHue, 48, 48),
    woodDark: hsl(woodHue, 45, 32),
    skin: hsl(30 + r() * 10, 45, 62),
    green: hsl(greenHue, 45, 40),
    greenDark: hsl(greenHue, 48, 28),
    hue,
    backdrop,
  };
}

const BACKGROUNDS: ReadonlyArray<readonly [string, string, string]> = [
  ['#f7f1e8', '#efe4d4', '#e2d3bd'],
  ['#eef3f7', '#e2eaf0', '#cfdbe4'],
  ['#f4eff8', '#e9e1f0', '#d9cde4'],
  ['#eef6f0', '#e1ede5', '#cddfd3'],
  ['#fbf1ec', '#f3e1d7', '#e8cdbf'],
  ['#f3f3f0', '#e8e8e2', '#d8d8cf'],
  ['#fdf7e6', '#f5ebcb', '#e9dbb1'],
  ['#ecf5f7', '#dcebef', '#c7dde3'],
  ['#f8eef1', '#efdfe4', '#e2ccd3'],
  ['#f0f0f6', '#e2e2ee', '#d0d0e2'],
];

// ---------------------------------------------------------------------------
// Drawings: each returns SVG markup in a 960x960 space with the floor at y=770,
// plus the half-width of the floor shadow.

interface Drawing {
  svg: string;
  shadow: number;
  /** May be mirrored horizontally for variety. */
  flip?: boolean;
  /** Lowest y of the drawing when it does not already rest on the floor. */
  base?: number;
  /** Tall drawings get a smaller scale range so they stay in frame. */
  tall?: boolean;
}
type Draw = (c: Colours, r: Rng) => Drawing;

function wheel(x: number, y: number, rad: number, c: Colours, spokes = 0, tread = false): string {
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

function bikeWheel(x: number, y: number, rad: number, c: Colours): string {
  let s = `<circle cx="${x}" cy="${y}" r="${rad}" fill="none" stroke="${c.dark}" stroke-width="16"/>`;
  s += `<circle cx="${x}" cy="${y}" r="${rad - 11}" fill="none" stroke="${c.metal}" stroke-width="5"/>`;
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    s += `<line x1="${x}" y1="${y}" x2="${(x + Math.cos(a) * (rad - 12)).toFixed(1)}" y2="${(y + Math.sin(a) * (rad - 12)).toFixed(1)}" stroke="${c.metalDark}" stroke-width="2"/>`;
  }
  s += `<circle cx="${x}" cy="${y}" r="12" fill="${c.metal}"/>`;
  return s;
}

const bicycle: Draw = (c) => {
  const R = [318, 640];
  const B = [468, 645];
  const S = [432, 455];
  const H = [612, 462];
  const HB = [624, 515];
  const F = [642, 640];
  const tube = (a: number[], b: number[], col = c.main, w = 15) =>
    `<line x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}" stroke="${col}" stroke-width="${w}" stroke-linecap="round"/>`;
  const svg = [
    bikeWheel(R[0]!, R[1]!, 122, c),
    bikeWheel(F[0]!, F[1]!, 122, c),
    tube(R, B, c.mainDark, 11),
    tube(R, S, c.mainDark, 11),
    tube(B, S),
    tube(S, H),
    tube(B, HB, c.main, 18),
    tube(H, HB, c.main, 18),
    tube(HB, F, c.metalDark, 11),
    tube(S, [422, 415], c.metalDark, 10),
    `<path d="M380 408 Q420 396 466 410 Q440 424 384 420 Z" fill="${c.dark}"/>`,
    tube(H, [600, 418], c.metalDark, 10),
    tube([582, 414], [652, 410], c.dark, 12),
    `<circle cx="${B[0]}" cy="${B[1]}" r="30" fill="none" stroke="${c.metalDark}" stroke-width="7"/>`,
    tube(B, [500, 690], c.dark, 9),
    tube([486, 690], [516, 690], c.dark, 12),
  ].join('');
  return { svg, shadow: 330, flip: true };
};

const car: Draw = (c, r) => {
  const roof = r() < 0.5 ? 430 : 448;
  const svg = [
    `<path d="M300 548 L370 ${roof} Q380 ${roof - 10} 400 ${roof - 10} L590 ${roof - 10} Q612 ${roof - 10} 626 ${roof} L700 548 Z" fill="${c.main}"/>`,
    `<path d="M330 545 L384 ${roof + 12} L486 ${roof + 12} L486 545 Z" fill="${c.glass}"/>`,
    `<path d="M502 545 L502 ${roof + 12} L604 ${roof + 12} L664 545 Z" fill="${c.glass}"/>`,
    `<rect x="178" y="536" width="604" height="132" rx="46" fill="${c.main}"/>`,
    `<rect x="178" y="600" width="604" height="12" fill="${c.mainDark}" opacity="0.5"/>`,
    `<line x1="494" y1="548" x2="494" y2="660" stroke="${c.mainDark}" stroke-width="4"/>`,
    `<rect x="430" y="570" width="36" height="8" rx="4" fill="${c.mainDark}"/>`,
    `<rect x="540" y="570" width="36" height="8" rx="4" fill="${c.mainDark}"/>`,
    `<path d="M752 560 Q782 566 784 596 L744 590 Z" fill="#fff6cf"/>`,
    `<rect x="176" y="560" width="22" height="34" rx="8" fill="#d94b4b"/>`,
    `<circle cx="300" cy="668" r="72" fill="${c.mainDark}"/>`,
    `<circle cx="662" cy="668" r="72" fill="${c.mainDark}"/>`,
    `<rect x="200" y="668" width="560" height="40" fill="${c.main}" opacity="0"/>`,
    wheel(300, 690, 62, c, 5),
    wheel(662, 690, 62, c, 5),
  ].join('');
  return { svg, shadow: 320, flip: true, base: 752 };
};

const ute: Draw = (c, r) => {
  const snorkel = r() < 0.6;
  const svg = [
    `<path d="M440 540 L470 410 Q476 398 492 398 L616 398 Q634 398 646 412 L720 540 Z" fill="${c.main}"/>`,
    `<path d="M468 536 L490 418 L560 418 L560 536 Z" fill="${c.glass}"/>`,
    `<path d="M574 536 L574 418 L622 418 L690 536 Z" fill="${c.glass}"/>`,
    `<rect x="170" y="500" width="290" height="24" rx="6" fill="${c.mainDark}"/>`,
    `<rect x="170" y="510" width="620" height="140" rx="30" fill="${c.main}"/>`,
    `<rect x="182" y="520" width="264" height="10" fill="${c.mainDark}" opacity="0.6"/>`,
    `<line x1="566" y1="540" x2="566" y2="640" stroke="${c.mainDark}" stroke-width="4"/>`,
    `<rect x="480" y="392" width="150" height="10" rx="4" fill="${c.dark}"/>`,
    snorkel
      ? `<path d="M700 530 L700 420 Q700 400 680 398 L660 398" fill="none" stroke="${c.dark}" stroke-width="14" stroke-linecap="round"/>`
      : '',
    `<path d="M770 540 L812 540 L812 650 L770 650" fill="none" stroke="${c.dark}" stroke-width="14" stroke-linejoin="round"/>`,
    `<line x1="790" y1="560" x2="790" y2="640" stroke="${c.dark}" stroke-width="8"/>`,
    `<rect x="774" y="556" width="14" height="28" rx="6" fill="#fff6cf"/>`,
    `<rect x="166" y="540" width="16" height="36" rx="6" fill="#d94b4b"/>`,
    `<circle cx="292" cy="662" r="86" fill="${c.mainDark}"/>`,
    `<circle cx="668" cy="662" r="86" fill="${c.mainDark}"/>`,
    wheel(292, 688, 80, c, 6, true),
    wheel(668, 688, 80, c, 6, true),
  ].join('');
  return { svg, shadow: 340, flip: true };
};

const boat: Draw = (c) => {
  const svg = [
    `<rect x="250" y="700" width="470" height="14" rx="7" fill="${c.dark}"/>`,
    `<line x1="720" y1="707" x2="830" y2="707" stroke="${c.dark}" stroke-width="12" stroke-linecap="round"/>`,
    wheel(420, 722, 42, c, 5),
    `<path d="M372 540 L400 440 L520 440 L540 540 Z" fill="${c.light}"/>`,
    `<path d="M408 520 L424 458 L510 458 L518 520 Z" fill="${c.glass}"/>`,
    `<path d="M170 540 L790 528 Q770 640 650 690 L240 690 Q190 686 170 540 Z" fill="${c.main}"/>`,
    `<path d="M176 580 L770 572 Q764 590 756 600 L182 606 Z" fill="${c.light}"/>`,
    `<path d="M170 540 L790 528 L786 546 L172 556 Z" fill="${c.mainDark}"/>`,
    `<rect x="122" y="500" width="56" height="90" rx="16" fill="${c.dark}"/>`,
    `<rect x="140" y="586" width="20" height="110" fill="${c.dark}"/>`,
    `<path d="M136 690 L170 690 L164 716 L142 716 Z" fill="${c.metalDark}"/>`,
  ].join('');
  return { svg, shadow: 340, flip: true };
};

const caravan: Draw = (c) => {
  const svg = [
    `<path d="M730 650 L850 690" stroke="${c.dark}" stroke-width="14" stroke-linecap="round"/>`,
    `<line x1="820" y1="680" x2="820" y2="740" stroke="${c.dark}" stroke-width="10"/>`,
    `<circle cx="820" cy="752" r="16" fill="${c.dark}"/>`,
    `<rect x="170" y="380" width="580" height="300" rx="70" fill="${c.light}"/>`,
    `<path d="M170 560 L750 560 L750 600 L170 600 Z" fill="${c.main}"/>`,
    `<path d="M170 600 L750 600 L750 612 Q750 680 680 680 L240 680 Q170 680 170 612 Z" fill="${c.mainDark}"/>`,
    `<rect x="230" y="430" width="160" height="90" rx="22" fill="${c.glass}"/>`,
    `<rect x="560" y="430" width="130" height="90" rx="22" fill="${c.glass}"/>`,
    `<rect x="440" y="420" width="84" height="210" rx="16" fill="${c.mainLight}" stroke="${c.mainDark}" stroke-width="4"/>`,
    `<circle cx="508" cy="530" r="7" fill="${c.dark}"/>`,
    `<rect x="250" y="368" width="120" height="18" rx="8" fill="${c.metalDark}"/>`,
    `<circle cx="480" cy="690" r="64" fill="${c.mainDark}"/>`,
    wheel(480, 708, 56, c, 5),
  ].join('');
  return { svg, shadow: 340, flip: true };
};

const motorbike: Draw = (c) => {
  const svg = [
    bikeWheel(300, 652, 100, c),
    bikeWheel(668, 652, 100, c),
    `<circle cx="300" cy="652" r="90" fill="none" stroke="${c.dark}" stroke-width="14"/>`,
    `<circle cx="668" cy="652" r="90" fill="none" stroke="${c.dark}" stroke-width="14"/>`,
    `<line x1="668" y1="652" x2="610" y2="440" stroke="${c.metal}" stroke-width="16" stroke-linecap="round"/>`,
    `<line x1="300" y1="652" x2="430" y2="560" stroke="${c.metalDark}" stroke-width="14" stroke-linecap="round"/>`,
    `<rect x="410" y="540" width="150" height="110" rx="24" fill="${c.dark}"/>`,
    `<rect x="430" y="560" width="40" height="70" rx="8" fill="${c.metalDark}"/>`,
    `<path d="M250 500 L420 500 Q440 470 470 470 L600 470 Q630 470 620 510 L560 560 L300 540 Q250 530 250 500 Z" fill="${c.main}"/>`,
    `<path d="M460 476 Q520 440 600 470 L596 500 L470 506 Z" fill="${c.mainLight}" opacity="0.5"/>`,
    `<path d="M250 496 L420 496 L412 516 L260 516 Z" fill="${c.dark}"/>`,
    `<path d="M420 650 L560 650 Q600 650 620 620 L290 620" fill="none" stroke="${c.metal}" stroke-width="14" stroke-linecap="round"/>`,
    `<path d="M600 444 L640 420 L680 428" fill="none" stroke="${c.dark}" stroke-width="12" stroke-linecap="round"/>`,
    `<circle cx="640" cy="486" r="22" fill="#fff6cf" stroke="${c.dark}" stroke-width="6"/>`,
  ].join('');
  return { svg, shadow: 320, flip: true, base: 760 };
};

const guitar: Draw = (c) => {
  const svg = `<g transform="rotate(-18 480 520)">
    <rect x="462" y="120" width="36" height="330" fill="${c.woodDark}"/>
    <rect x="448" y="60" width="64" height="88" rx="16" fill="${c.dark}"/>
    ${[80, 104, 128].map((y) => `<circle cx="440" cy="${y}" r="7" fill="${c.metal}"/><circle cx="520" cy="${y}" r="7" fill="${c.metal}"/>`).join('')}
    <circle cx="480" cy="420" r="112" fill="${c.main}"/>
    <circle cx="480" cy="610" r="150" fill="${c.main}"/>
    <rect x="400" y="430" width="160" height="120" fill="${c.main}"/>
    <circle cx="480" cy="480" r="48" fill="${c.dark}"/>
    <circle cx="480" cy="480" r="58" fill="none" stroke="${c.mainLight}" stroke-width="6"/>
    <rect x="430" y="640" width="100" height="22" rx="8" fill="${c.woodDark}"/>
    ${[468, 476, 484, 492].map((x) => `<line x1="${x}" y1="140" x2="${x}" y2="650" stroke="${c.light}" stroke-width="2"/>`).join('')}
    <path d="M400 560 Q420 700 520 740" fill="none" stroke="${c.mainDark}" stroke-width="10" opacity="0.35"/>
  </g>`;
  return { svg, shadow: 200, base: 752, tall: true };
};

const couch: Draw = (c) => {
  const svg = [
    `<rect x="230" y="700" width="18" height="50" rx="6" fill="${c.woodDark}"/>`,
    `<rect x="712" y="700" width="18" height="50" rx="6" fill="${c.woodDark}"/>`,
    `<rect x="220" y="420" width="520" height="190" rx="40" fill="${c.mainDark}"/>`,
    `<rect x="240" y="580" width="480" height="80" rx="26" fill="${c.main}"/>`,
    `<line x1="480" y1="586" x2="480" y2="656" stroke="${c.mainDark}" stroke-width="5"/>`,
    `<rect x="200" y="650" width="560" height="56" rx="20" fill="${c.mainDark}"/>`,
    `<rect x="170" y="500" width="96" height="200" rx="40" fill="${c.main}"/>`,
    `<rect x="694" y="500" width="96" height="200" rx="40" fill="${c.main}"/>`,
    `<rect x="290" y="480" width="120" height="110" rx="26" fill="${c.accent}" transform="rotate(-10 350 535)"/>`,
    `<rect x="560" y="486" width="110" height="100" rx="26" fill="${c.mainLight}" transform="rotate(8 615 536)"/>`,
  ].join('');
  return { svg, shadow: 320, base: 750 };
};

const handbag: Draw = (c) => {
  const svg = [
    `<path d="M380 490 Q380 320 480 320 Q580 320 580 490" fill="none" stroke="${c.mainDark}" stroke-width="26" stroke-linecap="round"/>`,
    `<path d="M300 480 L660 480 Q690 480 694 510 L716 720 Q718 750 688 750 L272 750 Q242 750 244 720 L266 510 Q270 480 300 480 Z" fill="${c.main}"/>`,
    `<path d="M280 480 L680 480 Q700 480 698 500 L690 590 Q480 640 270 590 L262 500 Q260 480 280 480 Z" fill="${c.mainDark}"/>`,
    `<rect x="456" y="590" width="48" height="40" rx="10" fill="#d8b25a" stroke="#a9843a" stroke-width="4"/>`,
    `<path d="M268 700 L692 700" stroke="${c.mainLight}" stroke-width="4" stroke-dasharray="12 10" opacity="0.7"/>`,
  ].join('');
  return { svg, shadow: 250, base: 750 };
};

const watch: Draw = (c, r) => {
  const gold = r() < 0.4;
  const caseCol = gold ? '#d7b15c' : c.metal;
  const caseDark = gold ? '#a9843a' : c.metalDark;
  const face = r() < 0.5 ? c.light : c.mainDark;
  const marks = Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * Math.PI * 2;
    const r1 = i % 3 === 0 ? 84 : 92;
    return `<line x1="${(480 + Math.cos(a) * r1).toFixed(1)}" y1="${(470 + Math.sin(a) * r1).toFixed(1)}" x2="${(480 + Math.cos(a) * 104).toFixed(1)}" y2="${(470 + Math.sin(a) * 104).toFixed(1)}" stroke="${face === c.light ? c.dark : c.light}" stroke-width="${i % 3 === 0 ? 8 : 4}" stroke-linecap="round"/>`;
  }).join('');
  const svg = [
    `<path d="M420 180 L540 180 L530 360 L430 360 Z" fill="${c.main}"/>`,
    `<path d="M430 580 L530 580 L540 760 L420 760 Z" fill="${c.main}"/>`,
    ...[220, 260, 300].map((y) => `<line x1="436" y1="${y}" x2="524" y2="${y}" stroke="${c.mainDark}" stroke-width="4"/>`),
    `<rect x="456" y="680" width="48" height="12" rx="6" fill="${c.mainDark}"/>`,
    `<rect x="604" y="450" width="30" height="40" rx="8" fill="${caseDark}"/>`,
    `<circle cx="480" cy="470" r="140" fill="${caseCol}"/>`,
    `<circle cx="480" cy="470" r="124" fill="${caseDark}"/>`,
    `<circle cx="480" cy="470" r="116" fill="${face}"/>`,
    marks,
    `<line x1="480" y1="470" x2="480" y2="396" stroke="${c.accent}" stroke-width="10" stroke-linecap="round"/>`,
    `<line x1="480" y1="470" x2="540" y2="500" stroke="${face === c.light ? c.dark : c.light}" stroke-width="8" stroke-linecap="round"/>`,
    `<circle cx="480" cy="470" r="10" fill="${caseDark}"/>`,
    `<path d="M400 400 Q440 370 500 366" fill="none" stroke="#ffffff" stroke-width="8" opacity="0.35" stroke-linecap="round"/>`,
  ].join('');
  return { svg, shadow: 150 };
};

const sneaker: Draw = (c) => {
  const svg = [
    `<path d="M230 700 L230 560 Q236 496 300 492 L360 500 Q400 470 450 500 L560 560 Q660 590 730 618 Q780 640 780 700 Z" fill="${c.main}"/>`,
    `<path d="M300 492 Q320 430 360 440 L380 500 Z" fill="${c.mainDark}"/>`,
    `<path d="M300 640 Q480 540 690 640" fill="none" stroke="${c.accent}" stroke-width="22" stroke-linecap="round"/>`,
    ...[0, 1, 2, 3].map(
      (i) =>
        `<line x1="${420 + i * 34}" y1="${505 + i * 18}" x2="${452 + i * 34}" y2="${488 + i * 18}" stroke="${c.light}" stroke-width="9" stroke-linecap="round"/>`,
    ),
    `<path d="M220 690 L790 690 Q800 690 798 704 Q792 740 760 740 L240 740 Q220 740 220 720 Z" fill="${c.light}"/>`,
    `<line x1="226" y1="712" x2="794" y2="712" stroke="${c.metalDark}" stroke-width="4"/>`,
    `<path d="M230 560 L230 690 L270 690 L270 540 Z" fill="${c.mainDark}" opacity="0.6"/>`,
  ].join('');
  return { svg, shadow: 300, flip: true, base: 740 };
};

function tee(c: Colours, stripes: boolean, scale = 1): Drawing {
  const stripeSvg = stripes
    ? [470, 540, 610, 680].map((y) => `<rect x="330" y="${y}" width="300" height="26" fill="${c.light}" opacity="0.85"/>`).join('')
    : `<circle cx="480" cy="470" r="56" fill="${c.accent}"/><circle cx="480" cy="470" r="30" fill="${c.light}" opacity="0.8"/>`;
  const body = `<path id="tee" d="M330 290 L405 258 Q480 310 555 258 L630 290 L742 380 L686 452 L630 408 L630 740 Q480 752 330 740 L330 408 L274 452 L218 380 Z" fill="${c.main}"/>`;
  const svg = `<g transform="translate(480 ${FLOOR}) scale(${scale}) translate(-480 ${-FLOOR})">
    ${body}
    <clipPath id="teeclip"><path d="M330 290 L630 290 L630 740 L330 740 Z"/></clipPath>
    <g clip-path="url(#teeclip)">${stripeSvg}</g>
    <path d="M405 258 Q480 330 555 258 Q480 290 405 258 Z" fill="${c.mainDark}"/>
    <path d="M630 408 L686 452 L742 380" fill="none" stroke="${c.mainDark}" stroke-width="6" opacity="0.6"/>
    <path d="M330 408 L274 452 L218 380" fill="none" stroke="${c.mainDark}" stroke-width="6" opacity="0.6"/>
  </g>`;
  return { svg, shadow: 220 * scale, base: 750 };
}

const tshirt: Draw = (c, r) => tee(c, r() < 0.35);
const kidsTee: Draw = (c, r) => tee(c, r() < 0.6, 0.82);

const dress: Draw = (c, r) => {
  const belt = r() < 0.5;
  const dots = r() < 0.4;
  const outline = 'M414 296 Q480 330 546 296 L566 440 L700 752 Q480 786 260 752 L394 440 Z';
  const dotSvg: string[] = [];
  if (dots) {
    for (let y = 330; y < 780; y += 44) {
      for (let x = 250 + ((y / 44) % 2) * 22; x < 720; x += 44) dotSvg.push(`<circle cx="${x}" cy="${y}" r="7"/>`);
    }
  }
  const svg = [
    `<path d="M480 120 Q500 120 500 140 Q500 156 484 160 L480 190" fill="none" stroke="${c.metalDark}" stroke-width="8" stroke-linecap="round"/>`,
    `<path d="M300 250 L480 186 L660 250" fill="none" stroke="${c.metalDark}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<path d="M408 206 L428 206 L440 300 L420 300 Z" fill="${c.mainDark}"/>`,
    `<path d="M532 206 L552 206 L540 300 L520 300 Z" fill="${c.mainDark}"/>`,
    `<path d="${outline}" fill="${c.main}"/>`,
    dots
      ? `<clipPath id="dressclip"><path d="${outline}"/></clipPath><g clip-path="url(#dressclip)" fill="${c.light}" opacity="0.8">${dotSvg.join('')}</g>`
      : '',
    `<path d="M394 440 L566 440 L590 496 Q480 520 370 496 Z" fill="${c.mainDark}" opacity="0.35"/>`,
    belt ? `<rect x="386" y="430" width="188" height="26" rx="6" fill="${c.accent}"/>` : '',
    `<path d="M480 470 L430 752 M480 470 L540 752" stroke="${c.mainDark}" stroke-width="5" opacity="0.35" fill="none"/>`,
  ].join('');
  return { svg, shadow: 240, tall: true };
};

const controller: Draw = (c) => {
  const svg = `<g transform="translate(480 520) scale(1.3) translate(-480 -520)">
    <path d="M330 430 Q336 400 380 400 L580 400 Q624 400 630 430 L676 620 Q686 680 640 684 Q606 686 586 650 L560 606 L400 606 L374 650 Q354 686 320 684 Q274 680 284 620 Z" fill="${c.main}"/>
    <path d="M330 430 Q336 400 380 400 L580 400 Q624 400 630 430 L636 456 Q480 430 324 456 Z" fill="${c.mainLight}" opacity="0.35"/>
    <rect x="352" y="468" width="22" height="66" rx="5" fill="${c.dark}"/>
    <rect x="330" y="490" width="66" height="22" rx="5" fill="${c.dark}"/>
    <circle cx="590" cy="470" r="12" fill="#e0c341"/>
    <circle cx="590" cy="530" r="12" fill="#3fa45b"/>
    <circle cx="560" cy="500" r="12" fill="#3b7bd9"/>
    <circle cx="620" cy="500" r="12" fill="#d84a4a"/>
    <circle cx="430" cy="570" r="28" fill="${c.dark}"/><circle cx="430" cy="570" r="16" fill="#454a54"/>
    <circle cx="530" cy="570" r="28" fill="${c.dark}"/><circle cx="530" cy="570" r="16" fill="#454a54"/>
    <rect x="452" y="470" width="56" height="14" rx="7" fill="${c.mainDark}"/>
  </g>`;
  return { svg, shadow: 260, base: 734 };
};

const laptop: Draw = (c) => {
  const svg = [
    `<rect x="230" y="300" width="440" height="300" rx="18" fill="${c.dark}"/>`,
    `<rect x="248" y="318" width="404" height="262" rx="6" fill="${c.mainLight}"/>`,
    `<rect x="248" y="318" width="404" height="262" rx="6" fill="${c.main}" opacity="0.35"/>`,
    `<circle cx="450" cy="450" r="62" fill="${c.main}"/>`,
    `<path d="M248 520 L360 430 L450 500 L540 420 L652 520 L652 580 L248 580 Z" fill="${c.mainDark}" opacity="0.6"/>`,
    `<path d="M180 600 L720 600 L744 640 Q744 652 730 652 L170 652 Q156 652 156 640 Z" fill="${c.metal}"/>`,
    `<rect x="400" y="606" width="100" height="10" rx="5" fill="${c.metalDark}"/>`,
    `<rect x="650" y="470" width="130" height="256" rx="22" fill="${c.dark}" transform="rotate(8 715 598)"/>`,
    `<rect x="662" y="486" width="106" height="220" rx="12" fill="${c.accent}" transform="rotate(8 715 598)"/>`,
    `<rect x="662" y="486" width="106" height="100" rx="12" fill="#ffffff" opacity="0.25" transform="rotate(8 715 598)"/>`,
  ].join('');
  return { svg, shadow: 320, base: 742 };
};

const tent: Draw = (c) => {
  const svg = [
    `<line x1="170" y1="740" x2="280" y2="520" stroke="${c.dark}" stroke-width="3"/>`,
    `<line x1="790" y1="740" x2="680" y2="520" stroke="${c.dark}" stroke-width="3"/>`,
    `<path d="M190 750 Q300 420 480 300 Q660 420 770 750 Z" fill="${c.main}"/>`,
    `<path d="M480 300 Q430 520 330 750 L630 750 Q530 520 480 300 Z" fill="${c.mainDark}"/>`,
    `<path d="M480 420 Q450 600 400 750 L560 750 Q510 600 480 420 Z" fill="${c.dark}" opacity="0.8"/>`,
    `<path d="M190 750 Q300 420 480 300" fill="none" stroke="${c.accent}" stroke-width="10"/>`,
    `<path d="M770 750 Q660 420 480 300" fill="none" stroke="${c.accent}" stroke-width="10"/>`,
    `<line x1="480" y1="300" x2="480" y2="230" stroke="${c.metalDark}" stroke-width="6"/>`,
    `<path d="M480 230 L540 246 L480 262 Z" fill="${c.accent}"/>`,
  ].join('');
  return { svg, shadow: 330, base: 752 };
};

const fishingRod: Draw = (c) => {
  const svg = [
    `<line x1="250" y1="740" x2="780" y2="190" stroke="${c.dark}" stroke-width="10" stroke-linecap="round"/>`,
    `<line x1="250" y1="740" x2="360" y2="626" stroke="${c.woodDark}" stroke-width="22" stroke-linecap="round"/>`,
    `<path d="M780 190 Q800 420 760 560" fill="none" stroke="${c.metalDark}" stroke-width="2"/>`,
    `<circle cx="410" cy="612" r="40" fill="${c.metal}"/><circle cx="410" cy="612" r="26" fill="${c.main}"/>`,
    `<path d="M740 560 Q760 590 790 570 L780 620 Q755 640 735 600 Z" fill="${c.accent}"/>`,
    `<rect x="510" y="640" width="240" height="110" rx="16" fill="${c.main}"/>`,
    `<rect x="510" y="640" width="240" height="34" rx="12" fill="${c.mainDark}"/>`,
    `<rect x="600" y="620" width="60" height="24" rx="8" fill="none" stroke="${c.dark}" stroke-width="8"/>`,
  ].join('');
  return { svg, shadow: 300, base: 752 };
};

const pot: Draw = (c) => {
  const svg = [
    `<path d="M420 330 Q430 300 470 300 Q420 260 450 230 M510 330 Q520 300 560 290" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity="0.7"/>`,
    `<rect x="200" y="500" width="90" height="30" rx="15" fill="${c.dark}"/>`,
    `<rect x="670" y="500" width="90" height="30" rx="15" fill="${c.dark}"/>`,
    `<path d="M270 470 L690 470 L680 690 Q676 740 620 740 L340 740 Q284 740 280 690 Z" fill="${c.main}"/>`,
    `<path d="M300 520 L660 520" stroke="${c.mainLight}" stroke-width="8" opacity="0.5"/>`,
    `<path d="M250 470 Q480 350 710 470 Z" fill="${c.mainDark}"/>`,
    `<rect x="244" y="460" width="472" height="24" rx="12" fill="${c.mainDark}"/>`,
    `<circle cx="480" cy="384" r="26" fill="${c.dark}"/>`,
  ].join('');
  return { svg, shadow: 260, base: 740 };
};

const plant: Draw = (c, r) => {
  const leaves: string[] = [];
  const n = 7;
  for (let i = 0; i < n; i++) {
    const a = -160 + (i / (n - 1)) * 140 + (r() - 0.5) * 14;
    const len = 190 + r() * 90;
    const rad = (a * Math.PI) / 180;
    const x = 480 + Math.cos(rad) * len * 0.55;
    const y = 560 + Math.sin(rad) * len * 0.55;
    leaves.push(`<line x1="480" y1="580" x2="${x.toFixed(1)}" y2="${y.toFixed(1)}" stroke="${c.greenDark}" stroke-width="8"/>`);
    leaves.push(
      `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${(len * 0.42).toFixed(1)}" ry="${(len * 0.2).toFixed(1)}" fill="${i % 2 ? c.green : c.greenDark}" transform="rotate(${a.toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
    );
  }
  const svg = [
    ...leaves,
    `<path d="M360 580 L600 580 L572 760 L388 760 Z" fill="${c.main}"/>`,
    `<rect x="346" y="566" width="268" height="40" rx="10" fill="${c.mainDark}"/>`,
    `<path d="M380 640 L580 640" stroke="${c.mainLight}" stroke-width="8" opacity="0.5"/>`,
  ].join('');
  return { svg, shadow: 160, base: 760 };
};

const drill: Draw = (c) => {
  const svg = [
    `<line x1="160" y1="438" x2="260" y2="438" stroke="${c.metalDark}" stroke-width="10" stroke-linecap="round"/>`,
    `<path d="M250 412 L330 404 L330 472 L250 464 Z" fill="${c.metal}"/>`,
    `<rect x="320" y="380" width="300" height="116" rx="50" fill="${c.main}"/>`,
    `<rect x="560" y="392" width="60" height="92" rx="30" fill="${c.dark}"/>`,
    `<path d="M440 490 L540 490 L520 690 L430 690 Z" fill="${c.main}"/>`,
    `<path d="M460 500 L520 500 L506 660 L452 660 Z" fill="${c.dark}" opacity="0.8"/>`,
    `<rect x="420" y="500" width="26" height="50" rx="10" fill="${c.dark}"/>`,
    `<rect x="390" y="680" width="190" height="80" rx="18" fill="${c.dark}"/>`,
    `<rect x="406" y="694" width="158" height="14" rx="7" fill="${c.accent}"/>`,
    `<path d="M350 404 Q450 390 560 404" fill="none" stroke="${c.mainLight}" stroke-width="8" opacity="0.5" stroke-linecap="round"/>`,
  ].join('');
  return { svg, shadow: 230, base: 760 };
};

function spannerShape(c: Colours, id: string): string {
  return `<mask id="${id}"><rect x="-400" y="-200" width="800" height="400" fill="#fff"/><rect x="230" y="-24" width="120" height="48" fill="#000"/><circle cx="-250" cy="0" r="26" fill="#000"/></mask>
    <g mask="url(#${id})" fill="${c.metal}">
      <rect x="-240" y="-30" width="480" height="60" rx="30"/>
      <circle cx="250" cy="0" r="78"/>
      <circle cx="-250" cy="0" r="58"/>
    </g>
    <rect x="-170" y="-10" width="340" height="20" rx="10" fill="${c.metalDark}" opacity="0.5"/>`;
}

const spanner: Draw = (c) => {
  const svg = [
    `<g transform="translate(480 520) rotate(-35)">${spannerShape(c, 'spm')}</g>`,
    `<g transform="translate(480 520) rotate(35)">
      <rect x="-40" y="-34" width="220" height="68" rx="30" fill="${c.main}"/>
      <rect x="-10" y="-34" width="20" height="68" fill="${c.mainDark}"/>
      <rect x="180" y="-12" width="150" height="24" rx="6" fill="${c.metal}"/>
      <path d="M330 -12 L360 0 L330 12 Z" fill="${c.metalDark}"/>
      <rect x="-250" y="-30" width="220" height="60" rx="28" fill="${c.main}"/>
    </g>`,
  ].join('');
  return { svg, shadow: 240, base: 730 };
};

const hammer: Draw = (c) => {
  const svg = `<g transform="translate(480 520) rotate(-30)">
    <rect x="-28" y="-60" width="56" height="360" rx="24" fill="${c.wood}"/>
    <rect x="-28" y="170" width="56" height="130" rx="24" fill="${c.main}"/>
    <path d="M-150 -140 L110 -140 Q150 -140 150 -100 L150 -40 L-110 -40 Q-150 -40 -150 -80 Z" fill="${c.metal}"/>
    <path d="M-150 -140 L-190 -170 L-200 -130 L-150 -100 Z" fill="${c.metalDark}"/>
    <rect x="110" y="-150" width="60" height="120" rx="10" fill="${c.metalDark}"/>
  </g>`;
  return { svg, shadow: 220, base: 780 };
};

const lightbulb: Draw = (c) => {
  const svg = [
    ...[0, 1, 2, 3, 4].map((i) => {
      const a = ((-150 + i * 30) * Math.PI) / 180;
      return `<line x1="${(480 + Math.cos(a) * 220).toFixed(1)}" y1="${(400 + Math.sin(a) * 220).toFixed(1)}" x2="${(480 + Math.cos(a) * 270).toFixed(1)}" y2="${(400 + Math.sin(a) * 270).toFixed(1)}" stroke="${c.accent}" stroke-width="16" stroke-linecap="round"/>`;
    }),
    `<path d="M480 220 Q640 220 640 390 Q640 470 580 530 Q556 556 556 600 L404 600 Q404 556 380 530 Q320 470 320 390 Q320 220 480 220 Z" fill="#ffd95a"/>`,
    `<path d="M400 300 Q430 260 480 256" fill="none" stroke="#ffffff" stroke-width="16" stroke-linecap="round" opacity="0.6"/>`,
    `<path d="M440 600 L440 480 L470 510 L490 480 L520 510 L520 600" fill="none" stroke="#d69a22" stroke-width="6"/>`,
    `<rect x="400" y="600" width="160" height="36" rx="10" fill="${c.metal}"/>`,
    `<rect x="408" y="636" width="144" height="32" rx="10" fill="${c.metalDark}"/>`,
    `<rect x="416" y="668" width="128" height="32" rx="10" fill="${c.metal}"/>`,
    `<path d="M440 700 L520 700 L500 740 L460 740 Z" fill="${c.dark}"/>`,
  ].join('');
  return { svg, shadow: 110, base: 740 };
};

const clipboard: Draw = (c) => {
  const rows = [400, 480, 560, 640]
    .map(
      (y, i) =>
        `<path d="M360 ${y} l18 18 l34 -36" fill="none" stroke="${i < 3 ? '#3fa45b' : c.metalDark}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/><rect x="440" y="${y - 8}" width="${180 - i * 20}" height="16" rx="8" fill="${c.metal}"/>`,
    )
    .join('');
  const svg = [
    `<rect x="300" y="250" width="360" height="500" rx="26" fill="${c.wood}"/>`,
    `<rect x="330" y="300" width="300" height="420" rx="10" fill="${c.light}"/>`,
    `<rect x="400" y="226" width="160" height="64" rx="18" fill="${c.metalDark}"/>`,
    `<circle cx="480" cy="246" r="12" fill="${c.wood}"/>`,
    rows,
    `<g transform="rotate(30 660 600)"><rect x="640" y="420" width="36" height="260" rx="10" fill="${c.main}"/><path d="M640 680 L676 680 L658 730 Z" fill="${c.skin}"/></g>`,
  ].join('');
  return { svg, shadow: 210, base: 752 };
};

const teddy: Draw = (c) => {
  const fur = c.wood;
  const furDark = c.woodDark;
  const svg = [
    `<circle cx="390" cy="280" r="50" fill="${fur}"/><circle cx="390" cy="280" r="26" fill="${c.skin}"/>`,
    `<circle cx="570" cy="280" r="50" fill="${fur}"/><circle cx="570" cy="280" r="26" fill="${c.skin}"/>`,
    `<ellipse cx="320" cy="560" rx="60" ry="100" fill="${furDark}" transform="rotate(25 320 560)"/>`,
    `<ellipse cx="640" cy="560" rx="60" ry="100" fill="${furDark}" transform="rotate(-25 640 560)"/>`,
    `<ellipse cx="480" cy="590" rx="160" ry="170" fill="${fur}"/>`,
    `<ellipse cx="480" cy="620" rx="92" ry="110" fill="${c.skin}"/>`,
    `<ellipse cx="370" cy="720" rx="80" ry="56" fill="${furDark}"/><ellipse cx="350" cy="724" rx="36" ry="32" fill="${c.skin}"/>`,
    `<ellipse cx="590" cy="720" rx="80" ry="56" fill="${furDark}"/><ellipse cx="610" cy="724" rx="36" ry="32" fill="${c.skin}"/>`,
    `<circle cx="480" cy="370" r="125" fill="${fur}"/>`,
    `<ellipse cx="480" cy="412" rx="58" ry="44" fill="${c.skin}"/>`,
    `<ellipse cx="480" cy="392" rx="20" ry="14" fill="${c.dark}"/>`,
    `<path d="M480 404 L480 428 M458 436 Q480 450 502 436" fill="none" stroke="${c.dark}" stroke-width="6" stroke-linecap="round"/>`,
    `<circle cx="432" cy="340" r="12" fill="${c.dark}"/><circle cx="528" cy="340" r="12" fill="${c.dark}"/>`,
    `<path d="M420 480 L480 510 L540 480 L540 530 L480 504 L420 530 Z" fill="${c.main}"/>`,
    `<circle cx="480" cy="505" r="14" fill="${c.mainDark}"/>`,
  ].join('');
  return { svg, shadow: 240, base: 776 };
};

const blocks: Draw = (c) => {
  const cube = (x: number, y: number, s: number, col: string, dark: string, light: string) =>
    `<path d="M${x} ${y} l${s * 0.5} ${-s * 0.28} l${s * 0.5} ${s * 0.28} l${-s * 0.5} ${s * 0.28} Z" fill="${light}"/>` +
    `<path d="M${x} ${y} l${s * 0.5} ${s * 0.28} l0 ${s * 0.62} l${-s * 0.5} ${-s * 0.28} Z" fill="${col}"/>` +
    `<path d="M${x + s * 0.5} ${y + s * 0.28} l${s * 0.5} ${-s * 0.28} l0 ${s * 0.62} l${-s * 0.5} ${s * 0.28} Z" fill="${dark}"/>` +
    `<circle cx="${x + s * 0.25}" cy="${y + s * 0.45}" r="${s * 0.1}" fill="${light}" opacity="0.8"/>`;
  const svg = [
    cube(230, 550, 240, c.main, c.mainDark, c.mainLight),
    cube(490, 550, 240, c.accent, c.accentDark, hsl(c.hue + 200, 60, 80)),
    cube(360, 398, 240, hsl(c.hue + 60, 65, 55), hsl(c.hue + 60, 60, 40), hsl(c.hue + 60, 60, 78)),
  ].join('');
  return { svg, shadow: 280 };
};

const books: Draw = (c) => {
  const book = (x: number, y: number, w: number, h: number, col: string, dark: string, rot: number) =>
    `<g transform="rotate(${rot} ${x + w / 2} ${y + h / 2})"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${col}"/><rect x="${x + 14}" y="${y + 12}" width="${w - 20}" height="${h - 24}" fill="${c.light}"/>` +
    `<line x1="${x + 20}" y1="${y + h / 2}" x2="${x + w - 12}" y2="${y + h / 2}" stroke="${c.metal}" stroke-width="3"/>` +
    `<rect x="${x}" y="${y}" width="26" height="${h}" rx="8" fill="${dark}"/></g>`;
  const svg = [
    book(250, 660, 470, 92, c.main, c.mainDark, 0),
    book(280, 572, 420, 88, c.accent, c.accentDark, -2),
    book(240, 486, 450, 86, hsl(c.hue + 40, 55, 50), hsl(c.hue + 40, 55, 36), 1.5),
    `<g transform="rotate(-8 500 400)"><path d="M330 440 L480 400 L480 280 L330 320 Z" fill="${c.light}" stroke="${c.mainDark}" stroke-width="6"/><path d="M630 440 L480 400 L480 280 L630 320 Z" fill="${c.light}" stroke="${c.mainDark}" stroke-width="6"/>` +
      `${[0, 1, 2].map((i) => `<line x1="350" y1="${350 + i * 24}" x2="460" y2="${320 + i * 24}" stroke="${c.metal}" stroke-width="4"/><line x1="500" y1="${320 + i * 24}" x2="610" y2="${350 + i * 24}" stroke="${c.metal}" stroke-width="4"/>`).join('')}</g>`,
  ].join('');
  return { svg, shadow: 260, base: 752 };
};

const petBowl: Draw = (c) => {
  const paw = (x: number, y: number, s: number, col: string) =>
    `<ellipse cx="${x}" cy="${y + s * 0.3}" rx="${s * 0.42}" ry="${s * 0.34}" fill="${col}"/>` +
    [-0.45, -0.16, 0.16, 0.45]
      .map(
        (dx, i) =>
          `<ellipse cx="${x + dx * s}" cy="${y - s * (i === 0 || i === 3 ? 0.12 : 0.3)}" rx="${s * 0.15}" ry="${s * 0.19}" fill="${col}"/>`,
      )
      .join('');
  const svg = [
    `<path d="M240 560 L720 560 L670 740 Q664 756 640 756 L320 756 Q296 756 290 740 Z" fill="${c.main}"/>`,
    `<ellipse cx="480" cy="560" rx="240" ry="46" fill="${c.mainDark}"/>`,
    `<ellipse cx="480" cy="566" rx="200" ry="30" fill="${c.woodDark}"/>`,
    ...[0, 1, 2, 3, 4, 5].map((i) => `<circle cx="${400 + i * 32}" cy="${556 + (i % 2) * 8}" r="16" fill="${c.wood}"/>`),
    paw(480, 650, 110, c.light),
    `<g transform="rotate(-20 640 420)"><rect x="560" y="400" width="160" height="40" rx="20" fill="${c.light}"/>` +
      `<circle cx="560" cy="400" r="28" fill="${c.light}"/><circle cx="560" cy="440" r="28" fill="${c.light}"/><circle cx="720" cy="400" r="28" fill="${c.light}"/><circle cx="720" cy="440" r="28" fill="${c.light}"/></g>`,
  ].join('');
  return { svg, shadow: 250, base: 756 };
};

const footy: Draw = (c, r) => {
  const col = r() < 0.5 ? '#b8322a' : c.main;
  const svg = `<g transform="rotate(-28 480 560)">
    <ellipse cx="480" cy="560" rx="250" ry="160" fill="${col}"/>
    <path d="M240 540 Q480 500 720 540" fill="none" stroke="#00000033" stroke-width="6"/>
    <path d="M240 580 Q480 620 720 580" fill="none" stroke="#00000033" stroke-width="6"/>
    <line x1="380" y1="480" x2="580" y2="480" stroke="${c.light}" stroke-width="8" stroke-linecap="round"/>
    ${[400, 430, 460, 490, 520, 550].map((x) => `<line x1="${x}" y1="466" x2="${x}" y2="494" stroke="${c.light}" stroke-width="8" stroke-linecap="round"/>`).join('')}
    <path d="M300 490 Q360 430 460 420" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.3"/>
  </g>`;
  return { svg, shadow: 240, base: 744 };
};

const roundBall: Draw = (c) => {
  const svg = [
    `<circle cx="480" cy="560" r="200" fill="${c.main}"/>`,
    `<path d="M280 560 L680 560 M480 360 L480 760" stroke="${c.dark}" stroke-width="8"/>`,
    `<path d="M340 420 Q420 560 340 700 M620 420 Q540 560 620 700" fill="none" stroke="${c.dark}" stroke-width="8"/>`,
    `<path d="M360 450 Q400 390 470 380" fill="none" stroke="#ffffff" stroke-width="16" stroke-linecap="round" opacity="0.3"/>`,
  ].join('');
  return { svg, shadow: 180, base: 760 };
};

const racquet: Draw = (c) => {
  const strings: string[] = [];
  for (let i = -4; i <= 4; i++) {
    strings.push(`<line x1="${480 + i * 22}" y1="230" x2="${480 + i * 22}" y2="530" stroke="${c.light}" stroke-width="3"/>`);
    strings.push(`<line x1="360" y1="${380 + i * 30}" x2="600" y2="${380 + i * 30}" stroke="${c.light}" stroke-width="3"/>`);
  }
  const svg = `<g transform="rotate(25 480 500)">
    <clipPath id="rq"><ellipse cx="480" cy="380" rx="118" ry="150"/></clipPath>
    <g clip-path="url(#rq)">${strings.join('')}</g>
    <ellipse cx="480" cy="380" rx="128" ry="160" fill="none" stroke="${c.main}" stroke-width="22"/>
    <path d="M460 536 L480 600 L500 536" fill="none" stroke="${c.main}" stroke-width="18"/>
    <rect x="462" y="590" width="36" height="200" rx="14" fill="${c.dark}"/>
  </g>
  <circle cx="690" cy="714" r="54" fill="#d7e34a"/>
  <path d="M646 690 Q690 720 736 694" fill="none" stroke="#ffffff" stroke-width="6"/>`;
  return { svg, shadow: 220 };
};

const surfboard: Draw = (c, r) => {
  const outline = 'M480 120 C560 180 600 330 598 480 C596 640 572 760 540 802 L420 802 C388 760 364 640 362 480 C360 330 400 180 480 120 Z';
  const board = r() < 0.5 ? c.light : c.mainLight;
  const svg = `<g transform="rotate(12 480 470)">
    <clipPath id="board"><path d="${outline}"/></clipPath>
    <path d="${outline}" fill="${board}"/>
    <g clip-path="url(#board)">
      <path d="M340 120 L480 120 L420 820 L340 820 Z" fill="${c.main}" opacity="0.9"/>
      <path d="M620 120 L480 120 L540 820 L620 820 Z" fill="${c.main}" opacity="0.9"/>
      <path d="M340 380 Q480 420 620 380 L620 420 Q480 460 340 420 Z" fill="${c.accent}"/>
      <rect x="416" y="690" width="128" height="100" rx="26" fill="${c.dark}"/>
      ${[712, 736, 760].map((y) => `<line x1="428" y1="${y}" x2="532" y2="${y}" stroke="#4a505a" stroke-width="6"/>`).join('')}
    </g>
    <path d="M480 126 L480 686" stroke="${c.woodDark}" stroke-width="4"/>
    <path d="${outline}" fill="none" stroke="${c.mainDark}" stroke-width="6"/>
    <path d="M420 220 Q396 320 390 440" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity="0.35"/>
  </g>`;
  return { svg, shadow: 150, base: 800, tall: true };
};

const kayak: Draw = (c) => {
  const svg = [
    `<path d="M140 640 Q480 520 820 640 Q480 740 140 640 Z" fill="${c.main}"/>`,
    `<path d="M140 640 Q480 700 820 640 Q480 740 140 640 Z" fill="${c.mainDark}"/>`,
    `<ellipse cx="480" cy="612" rx="110" ry="30" fill="${c.dark}"/>`,
    `<line x1="260" y1="440" x2="700" y2="560" stroke="${c.metalDark}" stroke-width="12" stroke-linecap="round"/>`,
    `<ellipse cx="248" cy="436" rx="50" ry="22" fill="${c.accent}" transform="rotate(15 248 436)"/>`,
    `<ellipse cx="712" cy="564" rx="50" ry="22" fill="${c.accent}" transform="rotate(15 712 564)"/>`,
  ].join('');
  return { svg, shadow: 320, base: 700 };
};

const jar: Draw = (c, r) => {
  const fill = pick(r, ['#c8323d', '#e88d1e', '#6d2c4f', '#d9a521', '#7b9c2a']);
  const svg = [
    `<rect x="300" y="380" width="270" height="370" rx="50" fill="${c.glass}" opacity="0.9"/>`,
    `<rect x="316" y="440" width="238" height="296" rx="40" fill="${fill}"/>`,
    `<rect x="330" y="540" width="210" height="110" rx="12" fill="${c.light}"/>`,
    `<circle cx="435" cy="595" r="34" fill="${c.accent}"/>`,
    `<rect x="290" y="330" width="290" height="66" rx="16" fill="${c.main}"/>`,
    `<path d="M278 350 Q435 300 592 350 L600 380 L270 380 Z" fill="${c.mainLight}"/>`,
    `<path d="M330 460 L330 700" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.35"/>`,
    `<circle cx="660" cy="690" r="70" fill="#d94b3b"/>`,
    `<path d="M660 622 Q664 600 680 590" stroke="${c.woodDark}" stroke-width="8" fill="none" stroke-linecap="round"/>`,
    `<ellipse cx="702" cy="600" rx="28" ry="12" fill="${c.green}" transform="rotate(-25 702 600)"/>`,
  ].join('');
  return { svg, shadow: 260, base: 760 };
};

const fruitCrate: Draw = (c, r) => {
  const fruitCols = ['#e8892a', '#d94b3b', '#e6c23a', '#7fae3c'];
  const fruits: string[] = [];
  const spots = [
    [340, 500],
    [430, 480],
    [520, 485],
    [610, 500],
    [385, 430],
    [475, 420],
    [565, 430],
  ] as const;
  for (const [x, y] of spots) {
    const col = pick(r, fruitCols);
    fruits.push(
      `<circle cx="${x}" cy="${y}" r="52" fill="${col}"/><circle cx="${x - 16}" cy="${y - 16}" r="12" fill="#ffffff" opacity="0.3"/>`,
    );
  }
  const svg = [
    ...fruits,
    `<ellipse cx="500" cy="372" rx="34" ry="14" fill="${c.green}" transform="rotate(-20 500 372)"/>`,
    `<rect x="250" y="520" width="460" height="230" rx="12" fill="${c.wood}"/>`,
    ...[560, 630, 700].map((y) => `<rect x="250" y="${y}" width="460" height="10" fill="${c.woodDark}"/>`),
    `<rect x="250" y="520" width="30" height="230" fill="${c.woodDark}"/>`,
    `<rect x="680" y="520" width="30" height="230" fill="${c.woodDark}"/>`,
  ].join('');
  return { svg, shadow: 260, base: 750 };
};

const pram: Draw = (c) => {
  const svg = [
    `<line x1="560" y1="600" x2="690" y2="380" stroke="${c.dark}" stroke-width="14" stroke-linecap="round"/>`,
    `<line x1="670" y1="380" x2="730" y2="390" stroke="${c.dark}" stroke-width="20" stroke-linecap="round"/>`,
    `<line x1="380" y1="620" x2="330" y2="700" stroke="${c.metalDark}" stroke-width="12"/>`,
    `<line x1="560" y1="620" x2="610" y2="700" stroke="${c.metalDark}" stroke-width="12"/>`,
    `<path d="M250 500 L640 500 Q640 640 460 640 Q270 640 250 500 Z" fill="${c.main}"/>`,
    `<path d="M250 500 Q250 330 420 310 L440 500 Z" fill="${c.mainDark}"/>`,
    `<path d="M300 470 Q310 380 390 350" fill="none" stroke="${c.mainLight}" stroke-width="6"/>`,
    `<path d="M260 520 L630 520" stroke="${c.mainLight}" stroke-width="8" opacity="0.6"/>`,
    wheel(330, 710, 50, c, 6),
    wheel(610, 710, 50, c, 6),
  ].join('');
  return { svg, shadow: 260, base: 760 };
};

const vase: Draw = (c) => {
  const svg = [
    `<path d="M420 220 L540 220 L530 260 Q640 330 640 470 Q640 620 560 680 L580 720 L380 720 L400 680 Q320 620 320 470 Q320 330 430 260 Z" fill="${c.main}"/>`,
    `<rect x="404" y="206" width="152" height="26" rx="10" fill="${c.mainDark}"/>`,
    `<path d="M334 420 Q480 450 626 420 L632 470 Q480 500 328 470 Z" fill="${c.light}" opacity="0.9"/>`,
    ...[0, 1, 2, 3, 4].map((i) => `<circle cx="${368 + i * 56}" cy="${452 + (i % 2 ? 4 : 0)}" r="12" fill="${c.accent}"/>`),
    `<path d="M350 560 Q480 590 610 560" fill="none" stroke="${c.accent}" stroke-width="8"/>`,
    `<path d="M360 380 Q370 320 420 290" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.35"/>`,
    `<rect x="340" y="716" width="280" height="40" rx="8" fill="${c.woodDark}"/>`,
  ].join('');
  return { svg, shadow: 190, base: 756 };
};

const cards: Draw = (c) => {
  const card = (rot: number, col: string, dark: string) => `<g transform="rotate(${rot} 480 740)">
      <rect x="330" y="230" width="300" height="420" rx="22" fill="${col}"/>
      <rect x="350" y="250" width="260" height="380" rx="12" fill="${c.light}"/>
      <rect x="366" y="280" width="228" height="180" rx="8" fill="${dark}"/>
      <path d="M480 304 L500 352 L552 356 L512 388 L526 438 L480 410 L434 438 L448 388 L408 356 L460 352 Z" fill="#ffd95a"/>
      <rect x="366" y="480" width="228" height="16" rx="8" fill="${c.metal}"/>
      <rect x="366" y="510" width="180" height="12" rx="6" fill="${c.metal}"/>
      <rect x="366" y="534" width="200" height="12" rx="6" fill="${c.metal}"/>
      <circle cx="570" cy="596" r="16" fill="${col}"/>
    </g>`;
  const svg = [card(-14, c.accent, c.accentDark), card(10, c.main, c.mainDark)].join('');
  return { svg, shadow: 220, base: 705 };
};

const ooshie: Draw = (c) => {
  const fig = (x: number, s: number, col: string, dark: string) => {
    const y = FLOOR;
    return `<g transform="translate(${x} ${y}) scale(${s})">
      <ellipse cx="-70" cy="-250" rx="40" ry="54" fill="${dark}" transform="rotate(-20 -70 -250)"/>
      <ellipse cx="70" cy="-250" rx="40" ry="54" fill="${dark}" transform="rotate(20 70 -250)"/>
      <path d="M-130 -20 Q-150 -300 0 -300 Q150 -300 130 -20 Q0 10 -130 -20 Z" fill="${col}"/>
      <ellipse cx="-60" cy="-10" rx="44" ry="22" fill="${dark}"/><ellipse cx="60" cy="-10" rx="44" ry="22" fill="${dark}"/>
      <circle cx="-48" cy="-170" r="36" fill="#ffffff"/><circle cx="48" cy="-170" r="36" fill="#ffffff"/>
      <circle cx="-42" cy="-164" r="20" fill="${c.dark}"/><circle cx="54" cy="-164" r="20" fill="${c.dark}"/>
      <circle cx="-36" cy="-172" r="7" fill="#ffffff"/><circle cx="60" cy="-172" r="7" fill="#ffffff"/>
      <path d="M-24 -110 Q0 -90 24 -110" fill="none" stroke="${c.dark}" stroke-width="8" stroke-linecap="round"/>
      <ellipse cx="-86" cy="-124" rx="20" ry="12" fill="#ff8fa3" opacity="0.6"/><ellipse cx="86" cy="-124" rx="20" ry="12" fill="#ff8fa3" opacity="0.6"/>
      <path d="M-90 -230 Q-60 -280 0 -284" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.45"/>
    </g>`;
  };
  const svg = [fig(620, 0.85, c.accent, c.accentDark), fig(400, 1.25, c.main, c.mainDark)].join('');
  return { svg, shadow: 300, base: 780 };
};

const palette: Draw = (c) => {
  const blobs = ['#d94b3b', '#e6c23a', '#3b7bd9', '#3fa45b', c.main, '#ffffff'];
  const pos = [
    [330, 520],
    [400, 450],
    [500, 430],
    [600, 460],
    [640, 550],
    [560, 620],
  ] as const;
  const svg = [
    `<path d="M260 560 Q250 390 440 370 Q660 350 700 500 Q730 620 600 690 Q520 730 470 680 Q440 640 390 670 Q280 720 260 560 Z" fill="${c.wood}"/>`,
    `<ellipse cx="420" cy="600" rx="38" ry="30" fill="${c.backdrop}"/>`,
    ...pos.map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="30" fill="${blobs[i]}"/>`),
    `<g transform="rotate(-40 560 400)"><rect x="540" y="200" width="26" height="330" rx="12" fill="${c.dark}"/><rect x="538" y="180" width="30" height="40" fill="${c.metal}"/><path d="M540 180 Q553 110 566 180 Z" fill="${c.accent}"/></g>`,
  ].join('');
  return { svg, shadow: 250, base: 725 };
};

const yarn: Draw = (c) => {
  const svg = [
    `<line x1="560" y1="300" x2="760" y2="740" stroke="${c.woodDark}" stroke-width="14" stroke-linecap="round"/>`,
    `<circle cx="560" cy="300" r="16" fill="${c.accent}"/>`,
    `<line x1="740" y1="320" x2="560" y2="740" stroke="${c.woodDark}" stroke-width="14" stroke-linecap="round"/>`,
    `<circle cx="740" cy="320" r="16" fill="${c.accent}"/>`,
    `<circle cx="420" cy="600" r="170" fill="${c.main}"/>`,
    ...[-60, -20, 20, 60].map(
      (dx) =>
        `<path d="M${420 + dx - 80} 450 Q${420 + dx + 60} 600 ${420 + dx - 60} 760" fill="none" stroke="${c.mainDark}" stroke-width="8"/>`,
    ),
    `<path d="M270 540 Q420 620 570 520" fill="none" stroke="${c.mainLight}" stroke-width="8"/>`,
    `<path d="M290 680 Q420 600 560 690" fill="none" stroke="${c.mainLight}" stroke-width="8"/>`,
    `<path d="M560 700 Q640 760 720 740" fill="none" stroke="${c.main}" stroke-width="8" stroke-linecap="round"/>`,
  ].join('');
  return { svg, shadow: 280 };
};

const box: Draw = (c) => {
  const kraft = hsl(32 + (c.hue % 10), 45, 60);
  const kraftDark = hsl(30, 40, 45);
  const kraftLight = hsl(34, 50, 72);
  const svg = [
    `<path d="M260 420 L480 350 L700 420 L480 490 Z" fill="${kraftLight}"/>`,
    `<path d="M260 420 L480 490 L480 760 L260 690 Z" fill="${kraft}"/>`,
    `<path d="M700 420 L480 490 L480 760 L700 690 Z" fill="${kraftDark}"/>`,
    `<path d="M260 420 L200 500 L420 570 L480 490 Z" fill="${kraftLight}"/>`,
    `<path d="M700 420 L760 500 L540 570 L480 490 Z" fill="${kraft}"/>`,
    `<path d="M300 560 L440 605 L440 640 L300 595 Z" fill="${c.accent}" opacity="0.85"/>`,
    `<path d="M480 490 L480 560" stroke="${c.main}" stroke-width="26"/>`,
  ].join('');
  return { svg, shadow: 260 };
};

const carWheel: Draw = (c) => {
  const spokes = Array.from({ length: 5 }, (_, i) => {
    const a = (i / 5) * 360;
    return `<path d="M-18 -40 L18 -40 L34 -140 L-34 -140 Z" fill="${c.metal}" transform="rotate(${a})"/>`;
  }).join('');
  const svg = `<g transform="translate(480 530)">
    <circle r="235" fill="${c.dark}"/>
    <circle r="222" fill="none" stroke="#1d2026" stroke-width="18" stroke-dasharray="16 12"/>
    <circle r="160" fill="${c.metalDark}"/>
    <circle r="148" fill="#3a3f48"/>
    ${spokes}
    <circle r="150" fill="none" stroke="${c.metal}" stroke-width="14"/>
    <circle r="48" fill="${c.metal}"/>
    <circle r="22" fill="${c.main}"/>
    <path d="M-120 -110 Q-60 -160 20 -166" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity="0.25"/>
  </g>`;
  return { svg, shadow: 220 };
};

const necklace: Draw = (c, r) => {
  const gold = r() < 0.5;
  const chain = gold ? '#d7b15c' : c.metal;
  const beads = Array.from({ length: 21 }, (_, i) => {
    const t = (i / 20) * Math.PI;
    const x = 480 - Math.cos(t) * 220;
    const y = 300 + Math.sin(t) * 260;
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="10" fill="${chain}"/>`;
  }).join('');
  const svg = [
    `<path d="M260 300 Q480 140 700 300" fill="none" stroke="${chain}" stroke-width="6" opacity="0.6"/>`,
    beads,
    `<path d="M480 560 L520 610 L480 690 L440 610 Z" fill="${c.accent}"/>`,
    `<path d="M480 560 L520 610 L480 620 L440 610 Z" fill="#ffffff" opacity="0.45"/>`,
    `<circle cx="480" cy="560" r="14" fill="${chain}"/>`,
    `<circle cx="680" cy="700" r="50" fill="none" stroke="${chain}" stroke-width="16"/>`,
    `<circle cx="680" cy="650" r="16" fill="${c.main}"/>`,
  ].join('');
  return { svg, shadow: 220 };
};

const DRAWINGS: Record<CategorySlug, readonly Draw[]> = {
  '4x4s-and-utes': [ute],
  'handbags-and-accessories': [handbag],
  antiques: [vase],
  baby: [pram],
  bicycles: [bicycle],
  boats: [boat],
  'camping-and-fishing': [tent, fishingRod],
  'car-parts': [carWheel],
  caravans: [caravan],
  cars: [car],
  'childrens-fashion': [kidsTee],
  'comic-books-and-collectables': [cards],
  electronics: [laptop],
  'everything-else': [box],
  food: [jar],
  furniture: [couch],
  gaming: [controller],
  'garden-and-home': [plant],
  hobbies: [palette],
  'homemade-crafts': [yarn],
  kitchen: [pot],
  'mens-fashion': [tshirt],
  'mens-watches-and-sneakers': [watch, sneaker],
  motorbikes: [motorbike],
  'musical-instruments': [guitar],
  'odd-jobs': [spanner],
  ooshies: [ooshie],
  'pet-accessories': [petBowl],
  'produce-and-homemade-foods': [fruitCrate, jar],
  services: [clipboard, lightbulb],
  'sporting-goods': [footy, roundBall, racquet],
  textbooks: [books],
  tools: [drill, hammer],
  toys: [teddy, blocks],
  'water-sports': [surfboard, kayak],
  'womens-watches-and-jewellery': [necklace, watch],
  'womens-fashion': [dress],
};

/** Words in a title that ask for a particular drawing. */
const TITLE_HINTS: Record<string, string[]> = {
  surfboard: ['surf', 'board', 'sup', 'bodyboard', 'wetsuit'],
  kayak: ['kayak', 'canoe', 'paddle'],
  tent: ['tent', 'swag', 'chair', 'esky', 'fridge', 'stove', 'gazebo'],
  fishingRod: ['rod', 'reel', 'fishing', 'tackle', 'lure'],
  watch: ['watch', 'seiko', 'casio', 'garmin', 'apple watch'],
  sneaker: ['sneaker', 'shoe', 'nike', 'adidas', 'jordan', 'boot', 'new balance', 'asics'],
  necklace: ['necklace', 'ring', 'earring', 'bracelet', 'pendant', 'pandora', 'chain'],
  fruitCrate: ['fruit', 'veg', 'lemon', 'mango', 'avocado', 'egg', 'tomato', 'produce', 'herb'],
  jar: ['jam', 'honey', 'chutney', 'sauce', 'jar', 'pickle', 'preserve'],
  drill: ['drill', 'driver', 'saw', 'grinder', 'sander', 'ryobi', 'makita', 'ozito', 'dewalt'],
  hammer: ['hammer', 'mallet', 'chisel', 'spanner', 'socket', 'wrench'],
  teddy: ['teddy', 'plush', 'bear', 'doll', 'soft toy'],
  blocks: ['lego', 'duplo', 'block', 'puzzle', 'train', 'magna'],
  footy: ['footy', 'afl', 'sherrin', 'rugby', 'nrl'],
  roundBall: ['ball', 'soccer', 'basketball', 'netball', 'volleyball'],
  racquet: ['racquet', 'tennis', 'badminton', 'squash', 'golf', 'cricket', 'bat'],
  clipboard: ['tutor', 'lesson', 'resume', 'bookkeeping', 'tax', 'admin'],
  lightbulb: ['electric', 'light', 'design', 'idea'],
};

// ---------------------------------------------------------------------------
// Scene

function sceneSvg(category: CategorySlug, title: string, seed: number): string {
  const r = mulberry32((seed * 2654435761) ^ hashString(title));
  const bg = pick(r, BACKGROUNDS);
  const c = colours(r, bg[1]);
  const options = DRAWINGS[category] ?? [box];
  // Prefer the drawing the title names (a "softboard" is a surfboard, not a kayak).
  const words = title.toLowerCase();
  const hinted = options.find((d) => (TITLE_HINTS[d.name] ?? [d.name.toLowerCase()]).some((w) => words.includes(w)));
  const draw = hinted ?? pick(r, options);
  const d = draw(c, r);
  const scale = d.tall ? 0.9 + r() * 0.06 : 1.04 + r() * 0.12;
  const lift = FLOOR - 2 - (d.base ?? FLOOR - 2);
  const flip = d.flip && r() < 0.5 ? -1 : 1;
  const glowX = 380 + r() * 200;
  // Tone of the base gradient where the glow ends, to fade the glow out smoothly.
  const floorTone = mixHex(bg[1], bg[2], (HORIZON - 0.7 * SIZE) / (0.3 * SIZE));
  const transform = `translate(${CX} ${FLOOR}) scale(${(scale * flip).toFixed(3)} ${scale.toFixed(3)}) translate(${-CX} ${-FLOOR + lift})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${bg[0]}"/>
      <stop offset="0.7" stop-color="${bg[1]}"/>
      <stop offset="1" stop-color="${bg[2]}"/>
    </linearGradient>
    <linearGradient id="glow" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0"/>
      <stop offset="${(glowX / SIZE).toFixed(3)}" stop-color="#ffffff" stop-opacity="0.5"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="horizon" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${floorTone}" stop-opacity="0"/>
      <stop offset="1" stop-color="${floorTone}" stop-opacity="1"/>
    </linearGradient>
    <radialGradient id="shadow">
      <stop offset="0" stop-color="#1c2230" stop-opacity="0.34"/>
      <stop offset="0.6" stop-color="#1c2230" stop-opacity="0.15"/>
      <stop offset="1" stop-color="#1c2230" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  <rect width="${SIZE}" height="${HORIZON}" fill="url(#glow)"/>
  <rect y="${HORIZON - 200}" width="${SIZE}" height="200" fill="url(#horizon)"/>
  <ellipse cx="${CX}" cy="${FLOOR + 4}" rx="${(d.shadow * scale * 1.12).toFixed(0)}" ry="${(36 * scale).toFixed(0)}" fill="url(#shadow)"/>
  <g transform="${transform}">${d.svg}</g>
</svg>`;
}

/** A 960x960 WebP product-style illustration for a listing in this category. */
export async function renderItemImage(category: CategorySlug, title: string, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(category, title, seed)))
    .removeAlpha()
    .webp({ quality: 78, effort: WEBP_EFFORT })
    .toBuffer();
}

/** A 256x256 WebP abstract avatar: overlapping soft circles, no text. */
export async function renderAvatar(initialsSeed: number): Promise<Buffer> {
  const r = mulberry32((initialsSeed * 2246822519) ^ 0x5f3759df);
  const hue = Math.floor(r() * 360);
  const shapes: string[] = [];
  const n = 4 + Math.floor(r() * 3);
  for (let i = 0; i < n; i++) {
    const h = hue + (r() - 0.5) * 140;
    shapes.push(
      `<circle cx="${(r() * 256).toFixed(0)}" cy="${(r() * 256).toFixed(0)}" r="${(50 + r() * 90).toFixed(0)}" fill="${hsl(h, 60 + r() * 20, 50 + r() * 20)}" opacity="${(0.55 + r() * 0.35).toFixed(2)}"/>`,
    );
  }
  const ring = `<circle cx="128" cy="128" r="${(40 + r() * 30).toFixed(0)}" fill="none" stroke="#ffffff" stroke-width="${(6 + r() * 8).toFixed(0)}" opacity="0.5"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 55, 78)}"/><stop offset="1" stop-color="${hsl(hue + 40, 55, 58)}"/></linearGradient></defs>
    <rect width="256" height="256" fill="url(#a)"/>${shapes.join('')}${ring}</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
