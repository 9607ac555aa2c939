/** Camping, fishing, sport, fitness and the water. */
import { circle, ellipse, hsl, line, rect, shape, shine, stroke, type Draw } from './kit';

export const swag: Draw = (c) => {
  const canvas = hsl(95, 18, 42);
  const svg = [
    shape('M160 740 L200 600 Q220 560 300 560 L640 540 Q700 420 760 540 L800 740 Z', canvas),
    shape('M640 540 Q700 420 760 540 L740 560 Q700 470 660 560 Z', hsl(95, 18, 32)),
    line(700, 420, 700, 740, c.dark, 8),
    shape('M650 560 Q700 480 750 560 L760 740 L640 740 Z', hsl(95, 18, 30)),
    rect(180, 690, 600, 50, c.dark, 10),
    stroke('M220 620 L600 600', hsl(95, 18, 56), 8),
    rect(230, 570, 110, 60, c.light, 20),
  ].join('');
  return { svg, shadow: 330, base: 742, flip: true };
};

export const campingFridge: Draw = (c) => {
  const svg = [
    rect(260, 400, 440, 340, c.light, 30),
    rect(260, 400, 440, 90, hsl(210, 10, 70), 30),
    rect(250, 390, 460, 30, c.metalDark, 12),
    stroke('M300 400 Q300 330 360 330 L600 330 Q660 330 660 400', c.dark, 18),
    rect(300, 540, 160, 60, c.dark, 10),
    circle(330, 570, 10, '#3fa45b'),
    rect(360, 556, 80, 28, hsl(200, 50, 60), 4),
    ...[0, 1, 2, 3].map((i) => rect(520 + i * 36, 540, 18, 150, c.metal, 6)),
    shine('M284 520 L284 700', 10),
  ].join('');
  return { svg, shadow: 260, base: 742 };
};

export const campStove: Draw = (c) => {
  const flame = (x: number) =>
    shape(`M${x} 420 Q${x + 26} 450 ${x} 480 Q${x - 26} 450 ${x} 420 Z`, '#3b7bd9', 'opacity="0.85"') +
    shape(`M${x} 440 Q${x + 12} 460 ${x} 478 Q${x - 12} 460 ${x} 440 Z`, '#9fd3ff');
  const svg = [
    shape('M220 520 L220 360 L300 390 L300 520 Z', c.metalDark),
    shape('M740 520 L740 360 L660 390 L660 520 Z', c.metalDark),
    rect(220, 500, 520, 200, c.main, 16),
    rect(240, 480, 480, 40, c.dark, 8),
    flame(360),
    flame(600),
    ...[360, 600].map((x) => circle(x, 486, 40, 'none', `stroke="${c.metal}" stroke-width="8"`)),
    circle(300, 600, 22, c.dark),
    circle(660, 600, 22, c.dark),
    stroke('M740 620 Q820 640 820 740', c.dark, 12),
  ].join('');
  return { svg, shadow: 300, base: 702 };
};

export const sleepingBag: Draw = (c) => {
  const svg = [
    rect(230, 470, 380, 270, c.main, 120),
    ...[0, 1, 2, 3].map((i) => stroke(`M${300 + i * 80} 480 Q${290 + i * 80} 600 ${300 + i * 80} 730`, c.mainDark, 6)),
    ellipse(610, 605, 130, 135, c.mainDark),
    ellipse(610, 605, 100, 105, c.main),
    ellipse(610, 605, 60, 64, c.mainDark),
    rect(420, 420, 120, 60, c.dark, 10),
    line(450, 430, 450, 470, c.metal, 4),
    line(510, 430, 510, 470, c.metal, 4),
  ].join('');
  return { svg, shadow: 300, base: 742 };
};

export const tackleBox: Draw = (c) => {
  const lure = (x: number, y: number, col: string) =>
    ellipse(x, y, 40, 14, col) +
    circle(x + 28, y - 2, 5, c.dark) +
    stroke(`M${x - 40} ${y} l-16 -12 M${x - 40} ${y} l-16 12`, c.metalDark, 4);
  const svg = [
    shape('M240 440 L720 440 L760 520 L200 520 Z', hsl(200, 20, 80), 'opacity="0.9"'),
    lure(320, 480, '#e6c23a'),
    lure(460, 470, '#d94b3b'),
    lure(600, 482, '#3fa45b'),
    rect(200, 520, 560, 220, c.main, 16),
    rect(200, 600, 560, 16, c.mainDark),
    rect(440, 560, 80, 30, c.metal, 8),
    stroke('M400 520 Q480 500 560 520', c.dark, 14),
  ].join('');
  return { svg, shadow: 300, base: 742 };
};

export const netball: Draw = (c) => {
  const svg = [
    circle(480, 560, 200, '#f4f1ea'),
    stroke('M300 470 Q480 560 660 470 M300 650 Q480 560 660 650', c.main, 16),
    stroke('M480 360 Q400 560 480 760', c.main, 16),
    shine('M360 450 Q400 390 470 380', 16),
  ].join('');
  return { svg, shadow: 180, base: 760 };
};

export const cricketBat: Draw = (c) => {
  const willow = hsl(40, 45, 78);
  const svg = [
    `<g transform="rotate(-30 480 520)">`,
    rect(452, 120, 56, 220, c.dark, 20),
    ...[150, 190, 230, 270].map((y) => line(452, y, 508, y, '#454a54', 4)),
    shape('M420 340 L540 340 L560 780 Q480 810 400 780 Z', willow),
    rect(420, 420, 120, 60, c.main, 6),
    shine('M430 360 L420 760', 10),
    '</g>',
    circle(700, 700, 54, '#b8322a'),
    stroke('M650 690 Q700 710 750 690', '#f4f1ea', 6, 'stroke-dasharray="6 6"'),
  ].join('');
  return { svg, shadow: 260, base: 770 };
};

export const dumbbells: Draw = (c) => {
  const bell = (y: number, s: number) =>
    line(300, y, 660, y, c.metal, 30 * s) +
    rect(240, y - 90 * s, 60, 180 * s, c.dark, 14) +
    rect(200, y - 70 * s, 50, 140 * s, c.dark, 12) +
    rect(660, y - 90 * s, 60, 180 * s, c.dark, 14) +
    rect(710, y - 70 * s, 50, 140 * s, c.dark, 12) +
    rect(420, y - 22 * s, 120, 44 * s, c.main, 10);
  return { svg: bell(660, 0.9) + bell(470, 0.8), shadow: 300, base: 742 };
};

export const treadmill: Draw = (c) => {
  const svg = [
    line(620, 660, 700, 320, c.dark, 26),
    rect(620, 260, 200, 100, c.dark, 20),
    rect(650, 280, 120, 50, hsl(200, 50, 60), 6),
    line(650, 380, 580, 420, c.dark, 16),
    shape('M160 660 L720 620 L740 700 L180 740 Z', c.dark),
    shape('M200 664 L700 630 L712 680 L210 712 Z', '#3a3f48'),
    rect(170, 720, 80, 30, c.mainDark, 8),
    rect(660, 680, 90, 30, c.mainDark, 8),
    line(220, 690, 690, 654, c.main, 6),
  ].join('');
  return { svg, shadow: 320, base: 752, flip: true };
};

export const golfBag: Draw = (c) => {
  const svg = [
    ...[0, 1, 2, 3].map((i) => line(420 + i * 40, 330, 390 + i * 50, 150 + (i % 2) * 30, c.metal, 10)),
    ...[0, 1, 2, 3].map((i) => rect(370 + i * 50, 130 + (i % 2) * 30, 56, 34, i % 2 ? c.dark : c.metalDark, 12)),
    rect(380, 300, 200, 440, c.main, 40),
    rect(370, 300, 220, 60, c.dark, 26),
    rect(380, 480, 200, 30, c.mainDark),
    rect(400, 560, 110, 140, c.mainDark, 20),
    stroke('M580 380 Q660 500 580 640', c.dark, 14),
    line(560, 620, 680, 760, c.metalDark, 10),
  ].join('');
  return { svg, shadow: 200, base: 762, tall: true };
};

export const boxingBag: Draw = (c) => {
  const svg = [
    line(480, 100, 480, 170, c.metalDark, 8),
    stroke('M480 170 L400 240 M480 170 L560 240', c.metalDark, 6),
    rect(380, 230, 200, 420, '#b8322a', 50),
    rect(380, 300, 200, 24, '#8e241e'),
    rect(380, 560, 200, 24, '#8e241e'),
    rect(420, 400, 120, 60, c.dark, 8),
    ellipse(690, 700, 80, 60, '#b8322a'),
    rect(640, 720, 100, 40, c.light, 10),
    shine('M400 280 L400 600', 12),
  ].join('');
  return { svg, shadow: 220, base: 760, tall: true };
};

export const paddleBoard: Draw = (c) => {
  const outline = 'M100 620 Q140 560 300 556 L700 556 Q840 560 860 620 Q840 680 700 684 L300 684 Q140 680 100 620 Z';
  const svg = [
    line(300, 220, 560, 540, c.dark, 12),
    ellipse(290, 210, 30, 70, c.accent, 'transform="rotate(-40 290 210)"'),
    shape(outline, c.main),
    shape('M300 600 L700 600 L700 640 L300 640 Z', c.light, 'opacity="0.8"'),
    rect(420, 590, 140, 60, c.dark, 12, 'opacity="0.6"'),
    line(160, 620, 840, 620, c.mainDark, 4),
  ].join('');
  return { svg, shadow: 360, base: 690 };
};

export const bodyboard: Draw = (c) => {
  const outline = 'M300 300 Q480 250 660 300 Q690 320 690 360 L680 690 Q600 740 480 700 Q360 740 280 690 L270 360 Q270 320 300 300 Z';
  const svg = [
    `<g transform="rotate(-12 480 520)">`,
    shape(outline, c.main),
    `<clipPath id="bodyboard"><path d="${outline}"/></clipPath>`,
    `<g clip-path="url(#bodyboard)">${rect(240, 250, 60, 500, c.dark)}${rect(660, 250, 60, 500, c.dark)}</g>`,
    stroke('M360 420 Q480 380 600 420 M360 520 Q480 480 600 520', c.mainLight, 8, 'opacity="0.6"'),
    shine('M330 360 L330 620', 12),
    '</g>',
    `<g transform="translate(330 0)">${shape('M420 740 L440 560 Q470 520 500 560 L520 740 Q470 770 420 740 Z', c.dark)}${rect(430, 560, 80, 60, c.accent, 20)}</g>`,
    `<g transform="translate(420 0)">${shape('M420 740 L440 560 Q470 520 500 560 L520 740 Q470 770 420 740 Z', c.dark)}${rect(430, 560, 80, 60, c.accent, 20)}</g>`,
  ].join('');
  return { svg: `<g transform="translate(-90 0)">${svg}</g>`, shadow: 300, base: 760 };
};

export const wakeboard: Draw = (c) => {
  const binding = (x: number) =>
    shape(`M${x - 60} 580 Q${x - 60} 480 ${x} 470 Q${x + 60} 480 ${x + 60} 580 Z`, c.dark) + rect(x - 50, 520, 100, 20, c.accent, 8);
  const svg = [
    shape('M140 620 Q150 580 240 576 L720 576 Q810 580 820 620 Q810 660 720 664 L240 664 Q150 660 140 620 Z', c.main),
    line(200, 620, 760, 620, c.mainLight, 8),
    binding(340),
    binding(620),
  ].join('');
  return { svg, shadow: 340, base: 670 };
};

export const scubaGear: Draw = (c) => {
  const svg = [
    rect(420, 240, 140, 480, '#e6c23a', 60),
    rect(450, 200, 80, 60, c.metal, 14),
    circle(490, 200, 24, c.metalDark),
    shape('M360 300 Q480 260 600 300 L620 660 Q480 700 340 660 Z', c.dark, 'opacity="0.92"'),
    rect(340, 460, 280, 40, c.main, 10),
    stroke('M600 220 Q700 240 700 360 Q700 470 640 520', c.dark, 12),
    circle(640, 540, 34, c.dark),
    circle(640, 540, 18, c.metal),
    stroke('M380 240 Q300 300 320 420', c.dark, 12),
    circle(320, 440, 26, c.light, `stroke="${c.dark}" stroke-width="8"`),
  ].join('');
  return { svg, shadow: 220, base: 730, tall: true };
};
