// Draws the installable app's icons (issue 41 item 4, decision 0053) from the logo, apps/web/public/favicon.svg:
// the green tile with its two arrows. Run it again when the logo changes; the PNGs are committed.
//   pwa-192.png, pwa-512.png      the logo as it is (rounded tile), for launchers that show icons as drawn
//   pwa-maskable-512.png          the tile full-bleed, the arrows inside the central safe zone (Android masks it)
//   apple-touch-icon.png          180 px, full-bleed (iOS rounds the corners itself)
//   pwa-badge-96.png              the arrows alone, white on transparent (Android's status-bar badge)
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const pub = path.resolve(import.meta.dirname, '../apps/web/public');
const logo = fs.readFileSync(path.join(pub, 'favicon.svg'), 'utf8');
const arrows = /<path[^>]*\/>/.exec(logo)?.[0];
const green = /fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1];
if (!arrows || !green) throw new Error('favicon.svg is not the tile-and-arrows logo this script expects');

const svg = (body) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`);
const fullBleed = svg(`<rect width="64" height="64" fill="${green}"/>${arrows}`);
const badge = svg(arrows);

const icons = [
  ['pwa-192.png', Buffer.from(logo), 192],
  ['pwa-512.png', Buffer.from(logo), 512],
  ['pwa-maskable-512.png', fullBleed, 512],
  ['apple-touch-icon.png', fullBleed, 180],
  ['pwa-badge-96.png', badge, 96],
];
for (const [name, source, size] of icons) {
  await sharp(source, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(pub, name));
  console.log(`${name} ${size}×${size} ${fs.statSync(path.join(pub, name)).size} bytes`);
}
