/**
 * Offline listing pictures for the demo seed: a flat product illustration of one kind of item
 * (pictures/index.ts) on a soft studio background, rendered from SVG with sharp. No network, no
 * text (fonts may be missing), deterministic per kind and seed. The kind is written into the
 * picture's EXIF description, so a test can tell what every stored picture shows.
 */
import { sharp } from '../../lib/lazy-module';
import { FLOOR, hsl, mixHex, pick, type Colours, type Rng } from './pictures/kit';
import { PICTURES, type PictureKind } from './pictures/index';

const SIZE = 960;
/** The side of every demo picture, in pixels: its largest stored size. */
export const PICTURE_SIDE = SIZE;
/** Where the backdrop glow has faded out (just above the floor line). */
const HORIZON = 730;
const CX = 480;
/** Low WebP effort: these flat pictures compress well anyway, and it is several times faster. */
const WEBP_EFFORT = Number(process.env.SEED_WEBP_EFFORT ?? 0);

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
// Scene

/** The picture of one kind of item as SVG: the kind alone says what is drawn, the seed how (colours, size, details). */
export function pictureSvg(kind: PictureKind, seed: number): string {
  const r = mulberry32((seed * 2654435761) ^ hashString(kind));
  const bg = pick(r, BACKGROUNDS);
  const c = colours(r, bg[1]);
  const d = PICTURES[kind](c, r);
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

/** What the seed writes into a picture's EXIF description: which kind of item it shows. */
export const pictureDescription = (kind: PictureKind) => `SwapU demo picture: ${kind}`;

export interface PictureSize {
  name: string;
  /** Square side in pixels (the picture is square). */
  size: number;
}

/**
 * Renders one picture once, at the largest requested size (the SVG is drawn at that size, never
 * drawn big and scaled down when only small sizes are asked for), and encodes every requested size
 * from those pixels as WebP. The full size carries the kind in its EXIF description. Sizes of
 * equal side share one encoding.
 */
export async function renderPicture(kind: PictureKind, seed: number, sizes: PictureSize[]): Promise<Map<string, Buffer>> {
  const side = Math.max(...sizes.map((s) => s.size));
  const { data, info } = await sharp()(Buffer.from(pictureSvg(kind, seed)), { density: (72 * side) / SIZE })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const out = new Map<string, Buffer>();
  const bySide = new Map<number, Buffer>();
  for (const s of sizes) {
    let file = bySide.get(s.size);
    if (!file) {
      let img = sharp()(data, raw);
      if (s.size !== info.width) img = img.resize(s.size, s.size);
      if (s.size === SIZE) img = img.withExif({ IFD0: { ImageDescription: pictureDescription(kind) } });
      file = await img.webp({ quality: s.size === SIZE ? 78 : 72, effort: WEBP_EFFORT }).toBuffer();
      bySide.set(s.size, file);
    }
    out.set(s.name, file);
  }
  return out;
}
