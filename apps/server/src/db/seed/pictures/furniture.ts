/** Furniture, the nursery and the antiques cabinet. */
import { circle, ellipse, hsl, line, rect, shape, shine, stroke, wheel, type Colours, type Draw } from './kit';

export const couch: Draw = (c) => {
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

export const pram: Draw = (c) => {
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

export const armchair: Draw = (c) => {
  const svg = [
    rect(300, 700, 18, 52, c.woodDark, 6),
    rect(642, 700, 18, 52, c.woodDark, 6),
    shape('M320 600 L330 330 Q332 280 400 276 L560 276 Q628 280 630 330 L640 600 Z', c.mainDark),
    rect(300, 580, 360, 90, c.main, 30),
    rect(290, 650, 380, 60, c.mainDark, 22),
    rect(250, 480, 100, 220, c.main, 44),
    rect(610, 480, 100, 220, c.main, 44),
    shine('M360 310 Q420 296 480 298', 10),
  ].join('');
  return { svg, shadow: 250, base: 752 };
};

export const shelving: Draw = (c, r) => {
  const cells: string[] = [];
  const things = [c.main, c.accent, c.mainLight, c.wood, c.green];
  for (let row = 0; row < 4; row++)
    for (let col = 0; col < 4; col++) {
      const x = 290 + col * 98;
      const y = 250 + row * 122;
      cells.push(rect(x, y, 86, 110, hsl(30, 10, 88)));
      const k = Math.floor(r() * 4);
      if (k === 1) cells.push(rect(x + 8, y + 30, 70, 80, things[(row + col) % 5]!, 6));
      if (k === 2)
        cells.push(
          ...[0, 1, 2, 3].map((b) => rect(x + 10 + b * 16, y + 36 - (b % 2) * 8, 12, 74 + (b % 2) * 8, things[(b + row) % 5]!, 2)),
        );
      if (k === 3) cells.push(circle(x + 43, y + 80, 26, c.green) + rect(x + 28, y + 84, 30, 26, c.wood, 4));
    }
  const svg = [rect(274, 234, 412, 520, c.light, 6), ...cells, rect(274, 734, 412, 20, hsl(30, 10, 80))].join('');
  return { svg, shadow: 230, base: 756, tall: true };
};

function chair(c: Colours, x: number, s: number, colour: string) {
  return (
    `<g transform="translate(${x} 770) scale(${s}) translate(-480 -770)">` +
    rect(420, 400, 120, 24, colour, 8) +
    line(430, 420, 430, 600, colour, 14) +
    line(530, 420, 530, 600, colour, 14) +
    rect(400, 590, 160, 26, colour, 8) +
    line(414, 610, 404, 760, colour, 14) +
    line(546, 610, 556, 760, colour, 14) +
    rect(436, 470, 88, 16, colour, 6) +
    '</g>'
  );
}

export const diningTable: Draw = (c) => {
  const svg = [
    chair(c, 250, 0.92, c.woodDark),
    chair(c, 710, 0.92, c.woodDark),
    rect(250, 500, 460, 34, c.wood, 8),
    rect(262, 530, 436, 20, c.woodDark),
    rect(290, 540, 30, 212, c.woodDark, 6),
    rect(640, 540, 30, 212, c.woodDark, 6),
    shine('M270 510 L690 510', 6),
  ].join('');
  return { svg, shadow: 330, base: 762 };
};

export const outdoorSetting: Draw = (c) => {
  const frame = hsl(210, 6, 30);
  const svg = [
    line(480, 220, 480, 760, c.metalDark, 10),
    shape('M200 300 Q480 160 760 300 Z', c.main),
    shape('M200 300 Q340 270 480 300 Q620 270 760 300 L760 312 Q620 282 480 312 Q340 282 200 312 Z', c.mainDark),
    chair(c, 250, 0.9, frame),
    chair(c, 710, 0.9, frame),
    ellipse(480, 540, 200, 34, c.light),
    rect(300, 546, 360, 16, frame, 8),
    line(340, 556, 320, 752, frame, 12),
    line(620, 556, 640, 752, frame, 12),
  ].join('');
  return { svg, shadow: 330, base: 762 };
};

export const bed: Draw = (c) => {
  const svg = [
    rect(170, 360, 90, 400, c.mainDark, 20),
    rect(700, 560, 70, 200, c.mainDark, 14),
    rect(250, 560, 480, 100, c.mainDark, 10),
    rect(250, 520, 470, 60, c.light, 24),
    rect(270, 470, 150, 70, '#ffffff', 30),
    shape('M420 510 L720 510 Q740 520 736 560 L730 620 L420 620 Z', c.main),
    shape('M420 510 L460 510 L460 620 L420 620 Z', c.mainLight),
    rect(250, 740, 20, 20, c.woodDark),
    rect(710, 740, 20, 20, c.woodDark),
    rect(250, 660, 480, 16, c.dark, 0, 'opacity="0.25"'),
  ].join('');
  return { svg, shadow: 320, base: 760 };
};

export const coffeeTable: Draw = (c) => {
  const svg = [
    ellipse(480, 560, 300, 70, c.wood),
    ellipse(480, 552, 300, 62, hsl(30, 48, 56)),
    stroke('M220 580 Q480 650 740 580', c.woodDark, 14),
    line(290, 600, 250, 752, c.woodDark, 18),
    line(670, 600, 710, 752, c.woodDark, 18),
    line(420, 620, 410, 752, c.woodDark, 16),
    line(540, 620, 550, 752, c.woodDark, 16),
    rect(400, 500, 120, 24, c.main, 6),
    rect(410, 480, 100, 22, c.accent, 6),
  ].join('');
  return { svg, shadow: 320, base: 756 };
};

export const officeChair: Draw = (c) => {
  const svg = [
    shape('M360 180 Q480 150 600 180 L620 470 Q480 500 340 470 Z', c.dark),
    shape('M380 210 Q480 186 580 210 L594 450 Q480 474 366 450 Z', c.mainDark, 'opacity="0.6"'),
    ...[250, 310, 370, 430].map((y) => line(390, y, 570, y, '#454a54', 4)),
    rect(330, 500, 300, 70, c.dark, 28),
    line(300, 470, 300, 540, c.dark, 16),
    line(660, 470, 660, 540, c.dark, 16),
    line(280, 470, 340, 470, c.dark, 14),
    line(620, 470, 680, 470, c.dark, 14),
    rect(466, 566, 28, 110, c.metalDark),
    ...[-220, -110, 0, 110, 220].map((dx) => line(480, 680, 480 + dx, 730 - Math.abs(dx) / 10, c.dark, 16)),
    ...[-220, -110, 110, 220].map((dx) => circle(480 + dx, 748 - Math.abs(dx) / 10, 18, c.dark)),
  ].join('');
  return { svg, shadow: 250, base: 770 };
};

function cabinet(c: Colours, x: number, y: number, w: number, h: number, rows: number, cols: number, legs: number) {
  const drawers: string[] = [];
  const dw = (w - 40) / cols;
  const dh = (h - 40) / rows;
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) {
      const dx = x + 20 + j * dw;
      const dy = y + 20 + i * dh;
      drawers.push(rect(dx + 4, dy + 4, dw - 8, dh - 8, c.wood, 6) + circle(dx + dw / 2, dy + dh / 2, 8, c.metal));
    }
  return [
    rect(x + 20, y + h, 20, legs, c.woodDark, 4),
    rect(x + w - 40, y + h, 20, legs, c.woodDark, 4),
    rect(x, y, w, h, c.woodDark, 10),
    ...drawers,
    rect(x - 10, y - 16, w + 20, 22, c.woodDark, 8),
  ].join('');
}

export const drawers: Draw = (c) => ({ svg: cabinet(c, 300, 300, 360, 430, 4, 2, 22), shadow: 230, base: 752 });

export const sideboard: Draw = (c) => ({
  svg: cabinet(c, 190, 470, 580, 200, 2, 3, 80) + rect(470, 400, 60, 70, c.main, 10) + circle(500, 380, 30, c.green),
  shadow: 320,
  base: 750,
});

export const barStools: Draw = (c) => {
  const stool = (x: number, s: number) =>
    `<g transform="translate(${x} 770) scale(${s}) translate(-480 -770)">` +
    ellipse(480, 400, 90, 26, c.wood) +
    rect(392, 400, 176, 22, c.woodDark, 8) +
    line(410, 420, 370, 760, c.woodDark, 16) +
    line(550, 420, 590, 760, c.woodDark, 16) +
    line(460, 420, 450, 740, c.woodDark, 12) +
    line(380, 620, 580, 620, c.woodDark, 10) +
    '</g>';
  return { svg: stool(300, 0.9) + stool(480, 1) + stool(660, 0.9), shadow: 300, base: 770 };
};

export const uprightPiano: Draw = (c) => {
  const keys = Array.from({ length: 21 }, (_, i) => rect(262 + i * 20.5, 520, 18, 56, '#fbfaf6', 2)).join('');
  const black = [0, 1, 3, 4, 5, 7, 8, 10, 11, 12, 14, 15, 17, 18, 19].map((i) => rect(276 + i * 20.5, 520, 12, 34, c.dark)).join('');
  const svg = [
    rect(230, 220, 500, 300, c.dark, 14),
    rect(260, 250, 440, 180, '#3a3f48', 8),
    rect(220, 500, 520, 90, c.dark, 10),
    keys,
    black,
    rect(240, 586, 480, 40, c.dark, 8),
    rect(250, 626, 40, 130, c.dark, 6),
    rect(670, 626, 40, 130, c.dark, 6),
    rect(300, 626, 360, 100, '#3a3f48', 6),
    rect(440, 330, 80, 60, '#f3efe3', 4),
    shine('M260 236 L700 236', 6),
  ].join('');
  return { svg, shadow: 300, base: 756 };
};

export const cot: Draw = (c) => {
  const frame = c.light;
  const svg = [
    rect(220, 360, 30, 400, frame, 8),
    rect(710, 360, 30, 400, frame, 8),
    rect(220, 360, 520, 26, frame, 10),
    rect(240, 560, 480, 40, c.mainLight, 10),
    ...Array.from({ length: 12 }, (_, i) => rect(262 + i * 38, 386, 14, 260, frame, 6)),
    rect(220, 640, 520, 24, frame, 8),
    circle(340, 540, 26, c.accent),
    circle(376, 520, 18, c.accent, 'opacity="0.7"'),
  ].join('');
  return { svg, shadow: 300, base: 760 };
};

export const highChair: Draw = (c) => {
  const svg = [
    line(360, 760, 460, 250, c.wood, 22),
    line(600, 760, 500, 250, c.wood, 22),
    line(350, 760, 620, 760, c.woodDark, 18),
    rect(400, 540, 160, 24, c.woodDark, 6),
    rect(420, 420, 120, 20, c.wood, 6),
    rect(430, 300, 100, 22, c.wood, 6),
    rect(424, 340, 112, 70, c.main, 14),
    rect(400, 430, 160, 28, c.accent, 10),
  ].join('');
  return { svg, shadow: 200, base: 770, tall: true };
};

export const bouncer: Draw = (c) => {
  const svg = [
    stroke('M240 740 L720 740 L560 560', c.metal, 14),
    stroke('M240 740 L380 600', c.metal, 14),
    shape('M300 620 Q320 500 420 460 L640 420 Q700 420 690 470 L620 560 Q500 640 380 650 Q300 656 300 620 Z', c.main),
    shape('M360 600 Q400 520 480 500 L600 470 L560 540 Q480 600 380 610 Z', c.mainLight),
    stroke('M520 420 Q560 300 620 300 Q680 310 650 420', c.metalDark, 10),
    circle(600, 340, 22, c.accent),
    circle(650, 360, 18, '#e6c23a'),
  ].join('');
  return { svg, shadow: 260, base: 760 };
};

export const babyCarSeat: Draw = (c) => {
  const svg = [
    shape(
      'M300 300 Q300 240 360 240 L520 240 Q580 240 580 300 L600 560 L640 560 Q680 560 680 600 L680 700 Q680 740 640 740 L320 740 Q280 740 280 700 Z',
      c.dark,
    ),
    shape(
      'M330 300 Q332 270 370 270 L510 270 Q548 270 550 300 L566 590 L620 590 Q646 590 646 616 L646 690 Q646 710 626 710 L340 710 Q314 710 314 680 Z',
      c.main,
    ),
    stroke('M380 380 L440 560 M520 380 L460 560', c.dark, 12),
    rect(430, 540, 40, 40, c.metal, 8),
    rect(290, 420, 40, 140, c.mainDark, 16),
    shine('M350 300 Q346 380 350 440', 10),
  ].join('');
  return { svg, shadow: 230, base: 742 };
};

export const babyCarrier: Draw = (c) => {
  const svg = [
    stroke('M360 300 Q340 160 300 120', c.mainDark, 26),
    stroke('M600 300 Q620 160 660 120', c.mainDark, 26),
    circle(480, 262, 62, c.skin),
    shape('M418 250 Q420 190 480 188 Q540 190 542 250 Q480 226 418 250 Z', c.accent),
    circle(458, 270, 6, c.dark),
    circle(502, 270, 6, c.dark),
    stroke('M466 296 Q480 306 494 296', c.dark, 5),
    shape('M340 300 Q480 270 620 300 L640 560 Q480 620 320 560 Z', c.main),
    rect(300, 560, 360, 60, c.mainDark, 24),
    rect(440, 580, 80, 24, c.metalDark, 8),
    shape('M380 360 Q480 340 580 360 L584 470 Q480 500 376 470 Z', c.mainLight, 'opacity="0.6"'),
    stroke('M300 600 L220 660 M660 600 L740 660', c.mainDark, 20),
  ].join('');
  return { svg, shadow: 240, base: 700 };
};

export const mantelClock: Draw = (c) => {
  const svg = [
    shape('M260 740 L270 520 Q280 330 480 300 Q680 330 690 520 L700 740 Z', c.woodDark),
    shape('M290 720 L298 540 Q310 370 480 344 Q650 370 662 540 L670 720 Z', c.wood),
    rect(240, 730, 480, 30, c.woodDark, 8),
    circle(480, 520, 130, '#d7b15c'),
    circle(480, 520, 114, '#f7f3e8'),
    ...Array.from({ length: 12 }, (_, i) => {
      const a = (i / 12) * Math.PI * 2;
      return circle(Math.round(480 + Math.cos(a) * 96), Math.round(520 + Math.sin(a) * 96), i % 3 ? 5 : 9, c.dark);
    }),
    line(480, 520, 480, 440, c.dark, 10),
    line(480, 520, 540, 548, c.dark, 8),
    circle(480, 520, 10, c.dark),
  ].join('');
  return { svg, shadow: 250, base: 760 };
};

export const sewingMachine: Draw = (c) => {
  const body = c.light;
  const svg = [
    rect(220, 650, 520, 80, body, 20),
    shape('M240 660 L240 360 Q240 300 300 300 L660 300 Q720 300 720 360 L720 470 L660 470 L660 400 L300 400 L300 660 Z', body),
    rect(600, 460, 60, 120, body, 8),
    line(614, 580, 614, 640, c.metal, 6),
    rect(592, 630, 50, 20, c.metalDark, 4),
    rect(300, 330, 260, 40, c.main, 10),
    circle(650, 340, 26, c.metalDark),
    rect(740, 330, 30, 120, c.metalDark, 10),
    line(390, 300, 390, 250, c.metal, 8),
    rect(372, 230, 36, 30, c.accent, 6),
    stroke('M390 246 Q500 220 620 300', c.accent, 3),
    rect(220, 700, 520, 30, c.mainDark, 12, 'opacity="0.35"'),
    shine('M260 620 L260 380', 10),
  ].join('');
  return { svg, shadow: 300, base: 732 };
};

export const jug: Draw = (c) => {
  const svg = [
    stroke('M600 420 Q700 420 700 520 Q700 600 600 620', c.mainDark, 30),
    shape('M380 300 L580 300 L600 340 Q650 460 630 620 Q620 740 480 740 Q340 740 330 620 Q310 460 360 340 Z', c.main),
    shape('M330 300 L380 300 L380 340 Z', c.main),
    ellipse(480, 300, 104, 22, c.mainDark),
    stroke('M340 480 Q480 510 620 480', c.light, 14),
    stroke('M336 540 Q480 570 624 540', c.light, 8),
    ellipse(250, 720, 90, 28, c.mainLight),
    shape('M160 700 Q250 760 340 700 Z', c.main),
    shine('M370 380 Q350 460 360 560', 14),
  ].join('');
  return { svg, shadow: 280, base: 750 };
};

export const glassBowl: Draw = () => {
  const glass = `url(#carnival)`;
  const svg = [
    `<linearGradient id="carnival" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e88d1e"/><stop offset="0.5" stop-color="#c8627a"/><stop offset="1" stop-color="#d9a521"/></linearGradient>`,
    rect(400, 700, 160, 40, '#c8627a', 10),
    shape('M200 440 Q480 400 760 440 Q720 640 560 700 L400 700 Q240 640 200 440 Z', glass),
    ellipse(480, 440, 280, 50, '#f0b36a'),
    ...[0, 1, 2, 3, 4, 5].map((i) =>
      stroke(`M${270 + i * 84} 470 Q${290 + i * 80} 580 ${380 + i * 40} 690`, '#ffffff', 6, 'opacity="0.3"'),
    ),
  ].join('');
  return { svg, shadow: 280, base: 740 };
};

export const lantern: Draw = (c) => {
  const brass = '#c9a04a';
  const svg = [
    stroke('M420 250 Q480 170 540 250', brass, 16),
    rect(380, 250, 200, 50, brass, 12),
    shape('M370 300 L590 300 L610 640 L350 640 Z', c.glass, 'opacity="0.75"'),
    ellipse(480, 470, 60, 90, '#ffd95a', 'opacity="0.9"'),
    ...[370, 480, 590].map((x) => line(x, 300, x + (x - 480) * 0.1, 640, brass, 12)),
    rect(330, 640, 300, 60, brass, 14),
    rect(350, 700, 260, 40, hsl(40, 50, 38), 10),
  ].join('');
  return { svg, shadow: 200, base: 740 };
};

export const teapot: Draw = (c) => {
  const silver = c.metal;
  const svg = [
    stroke('M620 460 Q720 440 720 540 Q720 620 620 630', c.metalDark, 24),
    shape('M330 520 Q250 460 200 400 L230 390 Q290 440 350 470 Z', silver),
    shape('M330 440 Q340 380 480 380 Q620 380 630 440 Q680 560 620 680 Q600 720 480 720 Q360 720 340 680 Q280 560 330 440 Z', silver),
    ellipse(480, 386, 110, 24, c.metalDark),
    shape('M430 380 Q480 330 530 380 Z', silver),
    circle(480, 332, 16, c.metalDark),
    rect(380, 716, 200, 24, c.metalDark, 8),
    stroke('M360 500 Q480 530 600 500', c.metalDark, 6),
    shine('M370 460 Q350 540 372 640', 14),
    ellipse(720, 700, 70, 20, silver),
    shape('M660 660 Q720 640 780 660 L770 700 L670 700 Z', c.light),
  ].join('');
  return { svg, shadow: 280, base: 742 };
};

export const figurine: Draw = (c) => {
  const porcelain = '#f4efe6';
  const svg = [
    ellipse(480, 730, 130, 30, porcelain),
    shape('M410 420 Q480 400 550 420 L640 720 Q480 760 320 720 Z', c.mainLight),
    shape('M420 440 Q480 430 540 440 L580 600 Q480 620 380 600 Z', c.main, 'opacity="0.5"'),
    stroke('M430 440 Q370 500 400 560', porcelain, 22),
    stroke('M530 440 Q600 470 620 400', porcelain, 22),
    circle(480, 360, 50, porcelain),
    shape('M430 350 Q440 290 480 290 Q530 290 540 360 Q520 320 480 320 Q450 320 430 350 Z', hsl(30, 40, 40)),
    shape('M400 330 Q480 250 570 320 L560 336 Q480 290 410 344 Z', c.accent),
    shine('M440 460 Q430 560 420 680', 10),
  ].join('');
  return { svg, shadow: 170, base: 760, tall: true };
};

export const christmasTree: Draw = (c) => {
  const green = hsl(140, 40, 30);
  const green2 = hsl(140, 42, 38);
  const baubles = [
    [440, 330, '#d94b3b'],
    [530, 420, '#e6c23a'],
    [410, 480, '#3b7bd9'],
    [560, 560, '#d94b3b'],
    [380, 620, '#e6c23a'],
    [480, 520, '#ffffff'],
    [600, 660, '#3b7bd9'],
    [480, 660, '#d94b3b'],
  ] as const;
  const svg = [
    rect(450, 680, 60, 70, c.woodDark),
    rect(400, 710, 160, 50, c.main, 8),
    shape('M480 180 L620 420 L560 420 L680 580 L600 580 L720 700 L240 700 L360 580 L280 580 L400 420 L340 420 Z', green),
    shape('M480 180 L560 330 L480 320 Z', green2),
    stroke('M380 440 Q480 480 590 430 M320 600 Q480 650 650 590', '#d7b15c', 6),
    ...baubles.map(([x, y, col]) => circle(x, y, 16, col)),
    shape('M480 140 L492 172 L526 172 L498 192 L508 226 L480 206 L452 226 L462 192 L434 172 L468 172 Z', '#ffd95a'),
  ].join('');
  return { svg, shadow: 250, base: 760, tall: true };
};

export const suitcase: Draw = (c) => {
  const svg = [
    rect(440, 180, 80, 80, 'none', 10, `stroke="${c.metalDark}" stroke-width="16"`),
    line(430, 260, 430, 300, c.metalDark, 16),
    line(530, 260, 530, 300, c.metalDark, 16),
    rect(320, 290, 320, 440, c.main, 40),
    ...[380, 440, 520, 580].map((x) => line(x, 310, x, 710, c.mainDark, 10)),
    rect(320, 290, 320, 440, 'none', 40, `stroke="${c.mainDark}" stroke-width="8"`),
    circle(360, 744, 20, c.dark),
    circle(600, 744, 20, c.dark),
    shine('M346 340 L346 520', 10),
  ].join('');
  return { svg, shadow: 200, base: 764 };
};

export const fridge: Draw = (c) => {
  const body = c.light;
  const svg = [
    rect(330, 250, 300, 500, body, 26),
    rect(330, 250, 300, 500, 'none', 26, `stroke="${c.metal}" stroke-width="8"`),
    line(340, 400, 620, 400, c.metal, 6),
    rect(580, 290, 16, 80, c.metalDark, 8),
    rect(580, 430, 16, 120, c.metalDark, 8),
    rect(370, 290, 120, 30, c.main, 8, 'opacity="0.6"'),
    rect(350, 750, 40, 14, c.dark, 4),
    rect(570, 750, 40, 14, c.dark, 4),
    shine('M356 440 L356 700', 10),
  ].join('');
  return { svg, shadow: 200, base: 764, tall: true };
};
