/** Food, produce, pets and services. */
import { circle, ellipse, hsl, line, pick, rect, shape, shine, stroke, type Colours, type Draw } from './kit';

export const clipboard: Draw = (c) => {
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

/** A glass jar with a lid and a label, filled with `fill`. */
function jarOf(c: Colours, x: number, w: number, h: number, fill: string, lid: string, label: string) {
  const top = 750 - h;
  return (
    rect(x, top + 40, w, h - 40, c.glass, 40, 'opacity="0.9"') +
    rect(x + 14, top + 70, w - 28, h - 84, fill, 32) +
    rect(x + 24, top + h * 0.45, w - 48, h * 0.3, label, 10) +
    rect(x - 8, top, w + 16, 56, lid, 14) +
    stroke(`M${x + 30} ${top + 90} L${x + 30} ${top + h - 40}`, '#ffffff', 12, 'opacity="0.35"')
  );
}

export const preserves: Draw = (c, r) => {
  const jam = pick(r, ['#c8323d', '#e88d1e', '#a52a4a', '#d9a521']);
  const gingham = `url(#gingham)`;
  const svg = [
    `<pattern id="gingham" width="28" height="28" patternUnits="userSpaceOnUse"><rect width="28" height="28" fill="#ffffff"/><rect width="14" height="28" fill="${c.main}" opacity="0.5"/><rect width="28" height="14" fill="${c.main}" opacity="0.5"/></pattern>`,
    jarOf(c, 220, 220, 330, jam, gingham, c.light),
    jarOf(c, 500, 220, 290, jam, gingham, c.light),
    circle(330, 600, 30, jam),
    circle(610, 590, 30, jam),
  ].join('');
  return { svg, shadow: 300, base: 752 };
};

export const honey: Draw = (c) => {
  const svg = [
    jarOf(c, 300, 280, 380, '#e0a31e', c.woodDark, c.light),
    shape('M360 560 Q440 520 520 560 L500 600 Q440 580 380 600 Z', '#c98a14'),
    line(640, 400, 720, 720, c.wood, 14),
    ...[0, 1, 2, 3].map((i) => ellipse(720 - i * 2, 660 + i * 22, 34 - i * 2, 10, c.wood)),
    ellipse(440, 590, 30, 34, '#f2c14e'),
  ].join('');
  return { svg, shadow: 260, base: 752 };
};

export const spreadJars: Draw = (c) => {
  const vegemite = hsl(25, 60, 14);
  const svg = [0, 1, 2].map((i) => jarOf(c, 200 + i * 200, 170, 260 + (i % 2) * 30, vegemite, '#e6c23a', '#c8323d')).join('');
  return { svg, shadow: 300, base: 752 };
};

/** A timber crate heaped with produce drawn by `item`. */
function crate(c: Colours, item: (x: number, y: number) => string) {
  const spots = [
    [330, 500],
    [420, 484],
    [520, 486],
    [620, 500],
    [375, 430],
    [470, 420],
    [570, 430],
  ] as const;
  return [
    ...spots.map(([x, y]) => item(x, y)),
    rect(250, 520, 460, 230, c.wood, 12),
    ...[560, 630, 700].map((y) => rect(250, y, 460, 10, c.woodDark)),
    rect(250, 520, 30, 230, c.woodDark),
    rect(680, 520, 30, 230, c.woodDark),
  ].join('');
}

export const lemons: Draw = (c) => ({
  svg: crate(
    c,
    (x, y) =>
      ellipse(x, y, 58, 44, '#f2d33a') +
      ellipse(x + 54, y, 10, 8, '#e0bd22') +
      ellipse(x - 16, y - 14, 14, 8, '#ffffff', 'opacity="0.4"') +
      ellipse(x - 10, y - 44, 18, 8, c.green, `transform="rotate(-20 ${x - 10} ${y - 44})"`),
  ),
  shadow: 260,
  base: 750,
});

export const passionfruit: Draw = (c) => ({
  svg: crate(
    c,
    (x, y) => circle(x, y, 50, '#5b2a4e') + circle(x - 16, y - 16, 10, '#ffffff', 'opacity="0.25"') + circle(x + 8, y + 10, 3, '#7d4a6e'),
  ),
  shadow: 260,
  base: 750,
});

export const avocados: Draw = (c) => ({
  svg: crate(
    c,
    (x, y) =>
      ellipse(x, y + 8, 44, 52, '#2f4a22') + circle(x, y - 34, 30, '#2f4a22') + ellipse(x - 10, y - 6, 8, 16, '#ffffff', 'opacity="0.15"'),
  ),
  shadow: 260,
  base: 750,
});

export const vegetables: Draw = (c) => ({
  svg: crate(
    c,
    (x, y) =>
      rect(x - 90, y - 22, 180, 44, (x + y) % 3 ? '#3f7a2c' : '#5d9a3a', 22) +
      circle(x - 90, y, 12, '#c9b24a') +
      line(x - 60, y - 8, x + 60, y - 8, '#ffffff', 4, 'opacity="0.2"'),
  ),
  shadow: 260,
  base: 750,
});

export const eggs: Draw = (c) => {
  const carton = hsl(40, 20, 72);
  const svg = [
    ...[0, 1, 2, 3, 4, 5].map((i) => ellipse(300 + i * 72, 560, 32, 42, i % 3 ? '#c98a5a' : '#f0e2cc')),
    ...[0, 1, 2, 3, 4, 5].map((i) => ellipse(336 + i * 72, 600, 32, 42, i % 2 ? '#e0b08a' : '#f0e2cc')),
    shape('M230 600 L750 600 L720 720 L260 720 Z', carton),
    ...[0, 1, 2, 3, 4, 5].map((i) => shape(`M${260 + i * 80} 600 q40 40 80 0`, hsl(40, 20, 62))),
    rect(240, 720, 480, 20, hsl(40, 20, 62), 8),
    ellipse(640, 470, 40, 16, c.green, 'transform="rotate(-20 640 470)"'),
  ].join('');
  return { svg, shadow: 280, base: 742 };
};

export const bread: Draw = (c) => {
  const crust = hsl(30, 55, 45);
  const loaf = (x: number, y: number, s: number) =>
    `<g transform="translate(${x} ${y}) scale(${s})">` +
    ellipse(0, 0, 200, 110, crust) +
    ellipse(0, -20, 180, 80, hsl(32, 60, 55)) +
    stroke('M-120 -40 Q-60 -70 0 -40 M-40 -60 Q20 -90 80 -60 M40 -30 Q100 -60 150 -30', hsl(38, 55, 78), 12) +
    '</g>';
  return { svg: rect(200, 700, 560, 40, c.wood, 10) + loaf(380, 620, 0.9) + loaf(600, 640, 0.75), shadow: 300, base: 742 };
};

export const lasagne: Draw = (c) => {
  const svg = [
    rect(200, 560, 560, 170, c.main, 24),
    rect(170, 570, 50, 40, c.main, 12),
    rect(740, 570, 50, 40, c.main, 12),
    rect(230, 520, 500, 70, '#d98b2e', 20),
    ...[0, 1, 2, 3, 4, 5].map((i) => ellipse(280 + i * 80, 540, 30, 14, '#b5561e')),
    ...[0, 1, 2, 3].map((i) => ellipse(320 + i * 100, 560, 22, 10, '#f4e3b0')),
    circle(600, 520, 10, c.green),
    circle(400, 526, 8, c.green),
    shine('M230 620 L720 620', 8),
  ].join('');
  return { svg, shadow: 300, base: 732 };
};

/** A tin standing on `floor`: body, lid and label; `band` is the label's colour. */
function tin(x: number, w: number, h: number, body: string, lid: string, band: string, floor = 750) {
  const top = floor - h;
  return (
    rect(x, top, w, h, body, 16) +
    ellipse(x + w / 2, top, w / 2, w * 0.12, lid) +
    rect(x, top + h * 0.3, w, h * 0.42, band) +
    shine(`M${x + 20} ${top + 30} L${x + 20} ${top + h - 20}`, 10)
  );
}

export const formulaTins: Draw = (c) => ({
  svg:
    tin(230, 220, 320, c.light, c.metal, c.main) +
    tin(500, 220, 320, c.light, c.metal, c.main) +
    circle(340, 560, 40, '#ffffff') +
    circle(610, 560, 40, '#ffffff'),
  shadow: 290,
  base: 752,
});

export const proteinTub: Draw = (c) => ({
  svg:
    tin(330, 300, 400, c.dark, c.dark, c.main) +
    rect(360, 500, 240, 30, '#ffffff', 6) +
    shape('M640 740 Q700 700 760 740 Z', hsl(30, 40, 50)),
  shadow: 250,
  base: 752,
});

export const biscuitTins: Draw = (c) => {
  const svg = [
    tin(190, 260, 200, '#b8322a', '#8e241e', '#d7b15c'),
    tin(470, 300, 160, c.main, c.mainDark, '#f0e2cc'),
    `<g transform="translate(120 -200)">${tin(200, 220, 160, c.accent, c.accentDark, '#f0e2cc')}</g>`,
  ].join('');
  return { svg, shadow: 320, base: 752 };
};

/** A packet standing up: body, a window of what is inside, a band. */
function packet(x: number, y: number, w: number, h: number, body: string, band: string) {
  return (
    rect(x, y, w, h, body, 8) +
    rect(x, y, w, 24, band, 8) +
    rect(x + 16, y + h * 0.35, w - 32, h * 0.3, '#ffffff', 8, 'opacity="0.8"') +
    rect(x + 24, y + h * 0.42, w * 0.4, 14, band, 7)
  );
}

export const biscuits: Draw = () => {
  const choc = hsl(20, 50, 22);
  const svg = [
    packet(200, 420, 260, 330, '#6a1c2a', '#d7b15c'),
    packet(430, 460, 260, 290, '#6a1c2a', '#d7b15c'),
    ...[0, 1, 2].map((i) => rect(640 + i * 18, 640 - i * 40, 120, 40, choc, 10, `transform="rotate(-10 700 ${660 - i * 40})"`)),
  ].join('');
  return { svg, shadow: 300, base: 752 };
};

export const groceries: Draw = (c) => {
  const svg = [
    packet(200, 380, 180, 370, c.main, c.mainDark),
    packet(360, 470, 160, 280, hsl(40, 70, 60), c.dark),
    tin(520, 130, 200, c.metal, c.metalDark, c.accent),
    rect(660, 520, 120, 230, '#ffffff', 10),
    shape('M660 520 L720 470 L780 520 Z', '#ffffff'),
    rect(660, 600, 120, 80, c.green, 4),
  ].join('');
  return { svg, shadow: 320, base: 752 };
};

export const miniGroceries: Draw = (c, r) => {
  const g = groceries(c, r);
  return {
    ...g,
    svg:
      `<g transform="translate(480 770) scale(0.7) translate(-480 -770)">${g.svg}</g>` +
      circle(720, 700, 50, c.accent) +
      circle(720, 700, 30, '#ffffff', 'opacity="0.5"'),
    shadow: 240,
  };
};

export const drinkCartons: Draw = () => {
  const carton = (x: number, y: number, body: string) =>
    rect(x, y, 110, 200, body, 10) +
    shape(`M${x} ${y} L${x + 55} ${y - 30} L${x + 110} ${y} Z`, body) +
    rect(x + 10, y + 80, 90, 60, '#ffffff', 8, 'opacity="0.6"') +
    line(x + 80, y - 20, x + 100, y - 80, '#ffffff', 8);
  const choc = hsl(25, 45, 30);
  const svg = [0, 1, 2, 3, 4, 5]
    .map((i) => carton(210 + (i % 3) * 130 + Math.floor(i / 3) * 60, 550 - Math.floor(i / 3) * 120, choc))
    .join('');
  return { svg, shadow: 300, base: 750 };
};

export const hamper: Draw = (c) => {
  const wicker = hsl(35, 45, 55);
  const svg = [
    packet(300, 380, 120, 220, '#6a1c2a', '#d7b15c'),
    rect(440, 350, 70, 250, hsl(140, 30, 20), 20),
    rect(455, 300, 40, 70, hsl(140, 30, 20), 10),
    tin(530, 120, 150, '#b8322a', '#8e241e', '#d7b15c', 600),
    stroke('M260 560 Q480 300 700 560', c.woodDark, 16),
    shape('M220 560 L740 560 L700 750 L260 750 Z', wicker),
    ...[600, 650, 700].map((y) => line(240, y, 720, y, hsl(35, 45, 42), 8)),
    shape('M300 560 L420 640 L540 560 Z', '#c8323d'),
  ].join('');
  return { svg, shadow: 280, base: 752 };
};

export const riceBag: Draw = (c) => {
  const svg = [
    shape('M300 320 Q480 280 660 320 L690 740 Q480 770 270 740 Z', c.light),
    rect(290, 300, 380, 40, c.main, 12),
    rect(330, 450, 300, 140, c.main, 10),
    ellipse(480, 520, 80, 40, '#ffffff'),
    ...[0, 1, 2, 3, 4].map((i) => ellipse(700 + (i % 3) * 18, 740 - Math.floor(i / 3) * 10, 8, 4, '#f4efe3')),
  ].join('');
  return { svg, shadow: 240, base: 752 };
};

export const coffeeBeans: Draw = (c) => {
  const bean = (x: number, y: number, rot: number) =>
    ellipse(x, y, 22, 30, hsl(25, 50, 24), `transform="rotate(${rot} ${x} ${y})"`) +
    stroke(`M${x} ${y - 24} Q${x + 8} ${y} ${x} ${y + 24}`, hsl(25, 40, 14), 4, `transform="rotate(${rot} ${x} ${y})"`);
  const svg = [
    shape('M330 300 L630 300 L650 740 L310 740 Z', c.dark),
    shape('M330 300 L630 300 L620 250 L340 250 Z', c.dark),
    rect(360, 430, 240, 160, c.main, 10),
    bean(480, 510, 20),
    ...[0, 1, 2, 3, 4].map((i) => bean(700 + (i % 3) * 40, 730 - Math.floor(i / 3) * 40, i * 40)),
  ].join('');
  return { svg, shadow: 260, base: 756 };
};

export const easterChocolate: Draw = (c) => {
  const foil = '#d7b15c';
  const egg = (x: number, y: number, col: string) =>
    ellipse(x, y, 60, 76, col) + stroke(`M${x - 56} ${y} Q${x} ${y + 20} ${x + 56} ${y}`, '#ffffff', 6, 'opacity="0.5"');
  const svg = [
    shape(
      'M380 740 Q330 600 380 470 Q400 420 380 320 Q370 260 410 250 Q440 250 440 320 L450 380 L480 300 Q500 250 530 270 Q550 300 510 400 Q580 470 580 600 Q580 720 540 740 Z',
      foil,
    ),
    rect(400, 560, 160, 40, '#c8323d', 8),
    circle(480, 600, 18, '#c8323d'),
    egg(270, 680, c.main),
    egg(690, 680, c.accent),
    egg(620, 710, '#c8323d'),
  ].join('');
  return { svg, shadow: 300, base: 756 };
};

export const dogCrate: Draw = (c) => {
  const svg = [
    rect(200, 360, 560, 380, 'none', 14, `stroke="${c.dark}" stroke-width="16"`),
    ...Array.from({ length: 11 }, (_, i) => line(240 + i * 48, 370, 240 + i * 48, 730, c.dark, 6)),
    ...[480, 600].map((y) => line(208, y, 752, y, c.dark, 6)),
    rect(200, 710, 560, 40, c.metalDark, 8),
    stroke('M420 360 Q480 300 540 360', c.dark, 12),
  ].join('');
  return { svg, shadow: 300, base: 752 };
};

export const catTree: Draw = (c) => {
  const carpet = hsl(30, 8, 62);
  const post = (x: number, top: number) =>
    rect(x - 24, top, 48, 740 - top, hsl(35, 40, 70)) +
    Array.from({ length: Math.floor((740 - top) / 20) }, (_, i) =>
      line(x - 24, top + 10 + i * 20, x + 24, top + 10 + i * 20, hsl(35, 35, 55), 3),
    ).join('');
  const svg = [
    post(360, 300),
    post(600, 440),
    rect(240, 700, 480, 50, carpet, 14),
    rect(280, 280, 200, 40, carpet, 14),
    rect(500, 420, 200, 40, carpet, 14),
    rect(250, 500, 200, 130, carpet, 20),
    ellipse(350, 560, 50, 40, hsl(30, 8, 30)),
    line(680, 460, 680, 540, c.dark, 3),
    circle(680, 556, 16, c.accent),
  ].join('');
  return { svg, shadow: 260, base: 752, tall: true };
};

export const dogBed: Draw = (c) => {
  const svg = [
    ellipse(480, 650, 300, 100, c.mainDark),
    ellipse(480, 620, 280, 90, c.main),
    ellipse(480, 640, 210, 56, c.mainLight),
    stroke('M240 600 Q480 500 720 600', c.mainDark, 8, 'opacity="0.4"'),
    shape('M400 640 Q420 590 480 600 Q540 590 560 640 Z', hsl(30, 30, 80)),
  ].join('');
  return { svg, shadow: 310, base: 750 };
};

export const dogHarness: Draw = (c) => {
  const svg = [
    shape('M300 420 Q480 360 660 420 L680 560 Q480 620 280 560 Z', c.main),
    shape('M340 440 Q480 400 620 440 L630 520 Q480 560 330 520 Z', c.mainDark, 'opacity="0.4"'),
    stroke('M300 440 Q240 520 300 620 L420 620', c.main, 28),
    stroke('M660 440 Q720 520 660 620 L540 620', c.main, 28),
    rect(440, 360, 80, 40, c.metal, 10),
    circle(480, 340, 20, 'none', `stroke="${c.metal}" stroke-width="8"`),
    stroke('M480 320 Q600 200 720 300 Q780 380 740 480', c.accent, 14),
    rect(400, 600, 160, 40, c.dark, 12),
  ].join('');
  return { svg, shadow: 250, base: 660 };
};

export const dogLead: Draw = (c) => {
  const svg = [
    stroke('M300 300 Q240 400 320 460 Q420 520 520 560 Q640 610 600 700', c.main, 22),
    ellipse(300, 260, 70, 50, 'none', `stroke="${c.main}" stroke-width="22"`),
    circle(600, 720, 22, 'none', `stroke="${c.metal}" stroke-width="10"`),
    ellipse(620, 720, 120, 40, 'none', `stroke="${c.accent}" stroke-width="26"`),
    circle(520, 740, 16, '#d7b15c'),
  ].join('');
  return { svg, shadow: 250, base: 764 };
};

export const aquarium: Draw = (c) => {
  const fish = (x: number, y: number, col: string) =>
    ellipse(x, y, 30, 16, col) + shape(`M${x - 28} ${y} l-20 -14 l0 28 Z`, col) + circle(x + 14, y - 4, 3, c.dark);
  const svg = [
    rect(170, 280, 620, 330, c.glass, 10, 'opacity="0.7"'),
    rect(170, 520, 620, 90, hsl(40, 40, 70)),
    ...[260, 330, 640].map((x) => shape(`M${x} 560 Q${x - 30} 450 ${x + 10} 380 Q${x + 20} 460 ${x + 20} 560 Z`, c.green)),
    fish(450, 400, '#e8892a'),
    fish(560, 460, '#3b7bd9'),
    fish(380, 480, '#e6c23a'),
    rect(160, 260, 640, 30, c.dark, 6),
    rect(160, 600, 640, 30, c.dark, 6),
    rect(200, 630, 560, 120, c.dark, 8),
    ...[0, 1, 2].map((i) => circle(700, 360 + i * 40, 8, '#ffffff', 'opacity="0.6"')),
  ].join('');
  return { svg, shadow: 320, base: 752 };
};

/** A timber hutch on legs; a rabbit in its closed end unless it is a coop. */
function hutchOf(c: Colours, rabbit: boolean) {
  return [
    shape('M200 380 L480 260 L760 380 Z', c.woodDark),
    rect(220, 380, 520, 250, c.wood, 6),
    rect(250, 410, 220, 190, 'none', 6, `stroke="${c.dark}" stroke-width="6"`),
    ...Array.from({ length: 6 }, (_, i) => line(270 + i * 36, 412, 270 + i * 36, 598, c.dark, 3)),
    ...Array.from({ length: 4 }, (_, i) => line(252, 440 + i * 44, 468, 440 + i * 44, c.dark, 3)),
    rect(500, 410, 210, 190, c.woodDark, 6),
    rabbit
      ? ellipse(560, 560, 40, 30, '#f4efe3') + ellipse(540, 520, 10, 28, '#f4efe3') + ellipse(560, 520, 10, 28, '#f4efe3')
      : circle(605, 505, 40, c.dark),
    rect(230, 630, 30, 120, c.woodDark),
    rect(700, 630, 30, 120, c.woodDark),
  ].join('');
}

export const hutch: Draw = (c) => ({ svg: hutchOf(c, true), shadow: 300, base: 752 });

export const chickenCoop: Draw = (c) => {
  const hen = (x: number) =>
    ellipse(x, 690, 44, 36, '#b5561e') +
    circle(x + 36, 656, 20, '#b5561e') +
    shape(`M${x + 52} 652 l18 6 l-18 6 Z`, '#e6c23a') +
    shape(`M${x + 30} 636 q6 -14 14 0 Z`, '#d94b3b');
  return { svg: hutchOf(c, false) + hen(300) + hen(560), shadow: 320, base: 752 };
};

export const petFeeder: Draw = (c) => {
  const svg = [
    rect(360, 260, 240, 300, c.light, 40),
    rect(380, 280, 200, 120, c.glass, 20, 'opacity="0.8"'),
    ...[0, 1, 2, 3, 4].map((i) => circle(410 + i * 36, 370, 14, hsl(25, 45, 40))),
    rect(400, 440, 160, 30, c.dark, 10),
    circle(480, 510, 14, c.main),
    shape('M300 560 L660 560 L620 740 L340 740 Z', c.main),
    ellipse(480, 560, 180, 30, c.mainDark),
  ].join('');
  return { svg, shadow: 240, base: 742 };
};

export const dogToys: Draw = (c) => {
  const kong = (x: number, s: number) =>
    `<g transform="translate(${x} 750) scale(${s}) translate(-480 -750)">` +
    ellipse(480, 680, 90, 70, '#d94b3b') +
    ellipse(480, 570, 70, 56, '#d94b3b') +
    ellipse(480, 480, 50, 40, '#d94b3b') +
    ellipse(480, 446, 30, 10, '#8e241e') +
    '</g>';
  const bone = `<g transform="rotate(-15 560 680)">${rect(460, 660, 200, 40, c.light, 20)}${circle(460, 660, 28, c.light)}${circle(460, 700, 28, c.light)}${circle(660, 660, 28, c.light)}${circle(660, 700, 28, c.light)}</g>`;
  const ball = circle(690, 700, 54, '#d7e34a') + stroke('M640 680 Q690 720 740 690', '#ffffff', 6);
  return { svg: kong(320, 1) + bone + ball, shadow: 300, base: 760 };
};

export const seatCover: Draw = (c) => {
  const quilting = Array.from({ length: 6 }, (_, i) => line(260 + i * 80, 420, 260 + i * 80, 720, c.mainDark, 4, 'opacity="0.5"')).join('');
  const svg = [
    rect(200, 300, 560, 260, c.dark, 40),
    rect(180, 540, 600, 180, c.dark, 40),
    shape('M220 330 L740 330 L760 560 L780 700 L180 700 L200 560 Z', c.main),
    quilting,
    stroke('M220 330 L180 250 M740 330 L780 250', c.dark, 10),
    ellipse(480, 620, 60, 40, c.mainLight),
    ...[-48, -16, 16, 48].map((dx) => circle(480 + dx, 566, 16, c.mainLight)),
  ].join('');
  return { svg, shadow: 320, base: 722 };
};

export const scissors: Draw = (c) => {
  const svg = [
    `<g transform="rotate(-30 480 500)">`,
    shape('M470 500 L450 180 Q460 160 480 200 L500 500 Z', c.metal),
    shape('M490 500 L530 200 Q548 180 540 220 L510 500 Z', c.metalDark),
    circle(430, 620, 60, 'none', `stroke="${c.main}" stroke-width="26"`),
    circle(560, 620, 60, 'none', `stroke="${c.main}" stroke-width="26"`),
    line(460, 500, 440, 570, c.main, 24),
    line(500, 500, 540, 570, c.main, 24),
    circle(482, 500, 12, c.dark),
    '</g>',
    `<g transform="translate(560 640) rotate(20)">${rect(-30, -140, 60, 60, c.dark, 10)}${Array.from({ length: 18 }, (_, i) => line(-26 + i * 3, -80, -26 + i * 3, 40, c.dark, 2)).join('')}</g>`,
  ].join('');
  return { svg, shadow: 240, base: 740 };
};

export const tutoring: Draw = (c) => {
  const chalk = '#f4f1ea';
  const svg = [
    rect(220, 250, 520, 360, c.woodDark, 14),
    rect(244, 274, 472, 312, hsl(150, 25, 24), 6),
    stroke('M300 340 L360 340 M330 310 L330 370', chalk, 10),
    stroke('M420 340 L480 340', chalk, 10),
    stroke('M560 310 L620 370 M620 310 L560 370', chalk, 10),
    stroke('M300 480 L360 480 M330 450 L330 450 M330 510 L330 510', chalk, 10),
    stroke('M420 470 L480 470 M420 494 L480 494', chalk, 10),
    stroke('M560 440 Q600 430 600 470 Q600 500 560 520 L610 520', chalk, 8),
    line(300, 610, 260, 750, c.woodDark, 14),
    line(660, 610, 700, 750, c.woodDark, 14),
    rect(600, 586, 80, 20, chalk, 6),
  ].join('');
  return { svg, shadow: 280, base: 752 };
};
