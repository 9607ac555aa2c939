/** The home: the kitchen, the garden, crafts and odd jobs around the house. */
import { circle, ellipse, hsl, line, rect, shape, shine, stroke, wheel, type Draw } from './kit';

export const pot: Draw = (c) => {
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

export const plant: Draw = (c, r) => {
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

export const box: Draw = (c) => {
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

export const saucepans: Draw = (c) => {
  const pan = (x: number, w: number, h: number, handle: number) =>
    rect(x + w, 770 - h + 20, handle, 22, c.dark, 11) +
    shape(
      `M${x} ${770 - h} L${x + w} ${770 - h} L${x + w - 10} 740 Q${x + w - 14} 760 ${x + w - 40} 760 L${x + 40} 760 Q${x + 14} 760 ${x + 10} 740 Z`,
      c.metal,
    ) +
    rect(x - 6, 770 - h - 10, w + 12, 20, c.metalDark, 10) +
    stroke(`M${x + 20} ${790 - h} L${x + 20} 730`, '#ffffff', 8, 'opacity="0.4"');
  const svg = [
    pan(200, 220, 300, 120),
    pan(470, 200, 220, 110),
    ellipse(400, 420, 120, 20, c.metalDark),
    circle(400, 404, 16, c.dark),
  ].join('');
  return { svg, shadow: 320, base: 760 };
};

export const succulents: Draw = (c, r) => {
  const rosette = (x: number, y: number, s: number) =>
    Array.from({ length: 8 }, (_, i) =>
      ellipse(x, y - 24 * s, 14 * s, 34 * s, i % 2 ? c.green : hsl(150, 30, 56), `transform="rotate(${i * 45} ${x} ${y})"`),
    ).join('') + circle(x, y, 14 * s, hsl(150, 30, 62));
  const pot = (x: number, w: number, colour: string) =>
    shape(`M${x} 640 L${x + w} 640 L${x + w - 16} 750 L${x + 16} 750 Z`, colour) + rect(x - 8, 628, w + 16, 24, colour, 6);
  const cols = [c.main, c.light, c.accent, hsl(20, 50, 55)];
  const svg = [0, 1, 2, 3].map((i) => rosette(250 + i * 153, 600, 0.9 + r() * 0.5) + pot(194 + i * 153, 112, cols[i]!)).join('');
  return { svg, shadow: 320, base: 752 };
};

export const seedlings: Draw = (c) => {
  const sprout = (x: number) =>
    line(x, 640, x, 560, c.greenDark, 6) +
    ellipse(x - 22, 556, 24, 12, c.green, `transform="rotate(-25 ${x - 22} 556)"`) +
    ellipse(x + 22, 548, 24, 12, c.green, `transform="rotate(25 ${x + 22} 548)"`);
  const svg = [
    ...[0, 1, 2, 3, 4, 5].map((i) => sprout(270 + i * 84)),
    rect(220, 630, 520, 110, hsl(100, 10, 20), 10),
    ...[0, 1, 2, 3, 4, 5].map((i) => rect(232 + i * 84, 640, 72, 90, hsl(25, 30, 24), 8)),
    rect(210, 720, 540, 24, c.dark, 6),
  ].join('');
  return { svg, shadow: 300, base: 744 };
};

export const coffeeMachine: Draw = (c) => {
  const svg = [
    rect(290, 260, 380, 480, c.metal, 30),
    rect(310, 280, 340, 90, c.metalDark, 16),
    circle(400, 325, 28, c.light),
    line(400, 325, 418, 310, c.dark, 6),
    rect(480, 300, 140, 16, c.dark, 8),
    rect(480, 330, 100, 16, c.dark, 8),
    rect(360, 400, 240, 40, c.dark, 16),
    rect(430, 440, 100, 30, c.dark, 6),
    shape('M430 560 L530 560 L520 650 Q480 664 440 650 Z', c.light),
    stroke('M530 584 Q560 584 560 610 Q560 634 526 634', c.light, 10),
    ellipse(480, 560, 50, 8, hsl(25, 45, 30)),
    rect(330, 660, 300, 30, c.dark, 10),
    stroke('M470 470 L470 540 M490 470 L490 540', hsl(25, 45, 30), 6),
    shine('M316 400 L316 640', 10),
  ].join('');
  return { svg, shadow: 240, base: 740 };
};

export const thermomix: Draw = (c) => {
  const svg = [
    shape('M300 560 L660 560 L690 740 L270 740 Z', c.light),
    rect(380, 600, 200, 70, c.dark, 14),
    rect(410, 616, 140, 36, hsl(200, 40, 60), 8),
    circle(480, 700, 22, c.metal),
    shape('M380 300 L600 300 L580 560 L400 560 Z', c.metal),
    stroke('M600 340 Q680 360 660 460 Q650 520 590 520', c.dark, 18),
    rect(370, 280, 240, 30, c.dark, 12),
    rect(450, 250, 60, 36, c.dark, 10),
    shine('M410 330 L420 530', 10),
  ].join('');
  return { svg, shadow: 240, base: 742 };
};

export const standMixer: Draw = (c) => {
  const svg = [
    rect(250, 700, 420, 50, c.main, 20),
    rect(270, 420, 110, 290, c.main, 40),
    shape('M270 440 Q280 300 400 300 L660 300 Q720 300 720 360 Q720 420 660 420 L380 430 Z', c.main),
    rect(640, 320, 40, 80, c.metal, 8),
    line(560, 420, 560, 560, c.metal, 12),
    shape('M440 540 L680 540 L660 680 Q560 720 460 680 Z', c.metal),
    ellipse(560, 540, 120, 18, c.metalDark),
    rect(300, 460, 20, 60, c.metal, 8),
    shine('M310 330 Q380 310 460 312', 12),
  ].join('');
  return { svg, shadow: 260, base: 750 };
};

export const airFryer: Draw = (c) => {
  const svg = [
    rect(240, 330, 480, 410, c.dark, 50),
    rect(270, 360, 420, 90, '#3a3f48', 20),
    rect(300, 384, 160, 40, hsl(200, 50, 60), 8),
    circle(560, 404, 22, c.main),
    circle(630, 404, 22, c.main),
    rect(270, 480, 200, 230, '#3a3f48', 20),
    rect(490, 480, 200, 230, '#3a3f48', 20),
    rect(320, 570, 100, 24, c.metal, 12),
    rect(540, 570, 100, 24, c.metal, 12),
    shine('M262 370 L262 690', 10),
  ].join('');
  return { svg, shadow: 260, base: 742 };
};

export const kettle: Draw = (c) => {
  const svg = [
    stroke('M300 400 Q300 300 380 300 L460 300 Q520 300 530 360', c.dark, 26),
    shape('M270 420 L540 420 L580 700 L230 700 Z', c.main),
    shape('M540 470 L640 400 L650 420 L570 520 Z', c.main),
    rect(220, 700, 370, 40, c.dark, 12),
    rect(300, 420, 220, 20, c.mainDark),
    shine('M290 460 L270 660', 12),
    rect(610, 560, 220, 180, c.main, 30),
    rect(640, 540, 60, 30, c.dark, 6),
    rect(740, 540, 60, 30, c.dark, 6),
    rect(820, 620, 20, 50, c.dark, 6),
  ].join('');
  return { svg, shadow: 320, base: 742 };
};

export const breadMaker: Draw = (c) => {
  const svg = [
    rect(260, 360, 440, 380, c.light, 60),
    shape('M300 380 L660 380 Q680 380 680 410 L680 500 L280 500 L280 410 Q280 380 300 380 Z', c.metal),
    rect(360, 400, 240, 80, hsl(200, 20, 30), 20, 'opacity="0.8"'),
    shape('M400 470 Q480 420 560 470 Z', hsl(35, 60, 55)),
    rect(320, 560, 320, 120, c.metalDark, 16),
    rect(350, 580, 130, 40, hsl(200, 50, 60), 6),
    ...[0, 1, 2].map((i) => circle(530 + i * 36, 600, 12, c.main)),
    shine('M280 530 L280 690', 10),
  ].join('');
  return { svg, shadow: 260, base: 742 };
};

export const knifeBlock: Draw = (c) => {
  const svg = [
    ...[0, 1, 2, 3, 4].map((i) => rect(360 + i * 46, 240 + (i % 2) * 30, 30, 130, c.dark, 10)),
    ...[0, 1, 2, 3, 4].flatMap((i) => [0, 1, 2].map((k) => circle(375 + i * 46, 270 + (i % 2) * 30 + k * 30, 5, c.metal))),
    shape('M320 360 L620 360 L680 740 L280 740 Z', c.wood),
    shape('M320 360 L620 360 L610 400 L330 400 Z', c.woodDark),
    stroke('M340 420 L310 720', c.woodDark, 4, 'opacity="0.6"'),
    shine('M600 420 L640 700', 8),
  ].join('');
  return { svg, shadow: 240, base: 742 };
};

export const mugs: Draw = (c) => {
  const mug = (x: number, colour: string, glaze: string) =>
    stroke(`M${x + 180} ${520} Q${x + 250} 520 ${x + 250} 590 Q${x + 250} 660 ${x + 180} 660`, colour, 26) +
    shape(
      `M${x} 480 L${x + 190} 480 L${x + 180} 730 Q${x + 176} 750 ${x + 150} 750 L${x + 40} 750 Q${x + 14} 750 ${x + 10} 730 Z`,
      colour,
    ) +
    shape(`M${x} 480 L${x + 190} 480 L${x + 186} 560 Q${x + 140} 590 ${x + 100} 560 Q${x + 50} 530 ${x + 4} 570 Z`, glaze) +
    ellipse(x + 95, 480, 95, 16, glaze);
  return { svg: mug(200, c.main, c.mainLight) + mug(500, c.accent, hsl(c.hue + 180, 40, 80)), shadow: 320, base: 752 };
};

export const servingBoard: Draw = (c) => {
  const board =
    'M180 500 Q180 430 260 430 L640 430 Q680 430 700 460 L790 470 Q830 476 830 520 L830 600 Q830 640 790 646 L700 656 Q680 690 640 690 L260 690 Q180 690 180 620 Z';
  const svg = [
    rect(190, 660, 560, 40, c.woodDark, 16),
    shape(board, c.wood),
    `<clipPath id="board-river"><path d="${board}"/></clipPath>`,
    `<g clip-path="url(#board-river)">${shape('M380 420 Q450 520 400 700 L500 700 Q560 540 480 420 Z', hsl(190, 70, 50), 'opacity="0.85"')}</g>`,
    ...[250, 300, 570, 630].map((x) => stroke(`M${x} 450 Q${x + 24} 560 ${x} 670`, c.woodDark, 4, 'opacity="0.5"')),
    circle(780, 558, 22, c.backdrop),
    shine('M220 470 Q300 450 360 452', 10),
  ].join('');
  return { svg, shadow: 330, base: 700 };
};

export const candles: Draw = (c) => {
  const candle = (x: number, h: number, colour: string) =>
    rect(x, 740 - h, 140, h, colour, 16) +
    ellipse(x + 70, 740 - h, 70, 16, '#fff8e8') +
    line(x + 70, 740 - h, x + 70, 720 - h, c.dark, 4) +
    shape(`M${x + 70} ${660 - h} Q${x + 92} ${700 - h} ${x + 70} ${720 - h} Q${x + 48} ${700 - h} ${x + 70} ${660 - h} Z`, '#ffb93a') +
    rect(x + 20, 740 - h * 0.6, 100, 50, c.light, 6, 'opacity="0.85"');
  return { svg: candle(220, 200, c.mainLight) + candle(410, 280, '#f4ead8') + candle(600, 170, c.accent), shadow: 300, base: 742 };
};

export const soap: Draw = (c) => {
  const bar = (x: number, y: number, colour: string) =>
    rect(x, y, 200, 90, colour, 24) + rect(x + 20, y + 14, 160, 16, '#ffffff', 8, 'opacity="0.35"');
  const svg = [
    bar(200, 650, c.mainLight),
    bar(420, 650, hsl(c.hue + 60, 40, 78)),
    bar(310, 560, hsl(40, 50, 82)),
    bar(530, 560, c.accent),
    bar(420, 470, hsl(300, 25, 78)),
    ellipse(280, 740, 30, 10, '#ffffff', 'opacity="0.6"'),
    stroke('M620 480 Q650 440 700 460', c.green, 10),
  ].join('');
  return { svg, shadow: 280, base: 742 };
};

export const macrame: Draw = (c) => {
  const cord = hsl(40, 40, 86);
  const knots = Array.from({ length: 6 }, (_, i) =>
    Array.from({ length: 5 - Math.floor(i / 2) }, (_, j) =>
      circle(360 + j * 60 + (i % 2) * 30 + Math.floor(i / 2) * 30, 300 + i * 50, 14, hsl(40, 35, 76)),
    ).join(''),
  ).join('');
  const svg = [
    line(280, 240, 680, 240, c.woodDark, 20),
    stroke('M280 240 L480 120 L680 240', c.dark, 4),
    ...Array.from({ length: 11 }, (_, i) => line(330 + i * 30, 244, 330 + i * 30 + (i - 5) * 6, 640 - Math.abs(i - 5) * 30, cord, 8)),
    knots,
    shape('M340 420 L620 420 L480 560 Z', hsl(40, 40, 80), 'opacity="0.6"'),
  ].join('');
  return { svg, shadow: 170, base: 640 };
};

export const quilt: Draw = (c, r) => {
  const cols = [c.main, c.accent, c.mainLight, hsl(c.hue + 60, 50, 70), c.light];
  const squares: string[] = [];
  for (let i = 0; i < 6; i++)
    for (let j = 0; j < 3; j++) squares.push(rect(230 + i * 83, 520 + j * 62, 83, 62, cols[Math.floor(r() * cols.length)]!));
  const svg = [
    `<clipPath id="quilt"><rect x="230" y="520" width="500" height="186" rx="20"/></clipPath>`,
    `<g clip-path="url(#quilt)">${squares.join('')}</g>`,
    rect(230, 520, 500, 186, 'none', 20, `stroke="${c.mainDark}" stroke-width="8"`),
    shape('M230 600 Q200 660 240 740 L720 740 Q760 660 730 600 Z', c.mainDark, 'opacity="0.3"'),
    rect(250, 440, 460, 80, c.light, 30),
    rect(250, 440, 460, 80, 'none', 30, `stroke="${c.metal}" stroke-width="4" stroke-dasharray="10 8"`),
  ].join('');
  return { svg, shadow: 280, base: 742 };
};

export const knittedBlanket: Draw = (c) => {
  const wool = c.light;
  const rows = Array.from({ length: 6 }, (_, i) =>
    Array.from({ length: 10 }, (_, j) => stroke(`M${250 + j * 46} ${460 + i * 44} l20 24 l20 -24`, hsl(40, 20, 80), 6)).join(''),
  ).join('');
  const svg = [
    rect(230, 440, 500, 290, wool, 30),
    rows,
    rect(230, 700, 500, 40, c.mainLight, 16),
    ...Array.from({ length: 12 }, (_, i) => line(250 + i * 42, 740, 250 + i * 42, 760, c.mainLight, 6)),
    circle(660, 400, 50, c.mainLight),
    line(620, 360, 720, 440, c.woodDark, 8),
  ].join('');
  return { svg, shadow: 280, base: 764 };
};

export const fairyLights: Draw = (c) => {
  const bulbs = Array.from({ length: 9 }, (_, i) => {
    const x = 280 + i * 52;
    const y = 420 + Math.sin(i * 1.1) * 60;
    return circle(x, Math.round(y), 14, '#ffe27a') + circle(x, Math.round(y), 26, '#ffe27a', 'opacity="0.25"');
  }).join('');
  const svg = [
    rect(330, 420, 300, 320, c.glass, 60, 'opacity="0.55"'),
    rect(360, 380, 240, 50, c.metal, 14),
    stroke('M200 300 Q300 500 400 430 Q480 360 560 460 Q640 560 760 400', c.green, 4),
    bulbs,
    rect(380, 560, 200, 120, '#f4ead8', 10),
    stroke('M410 600 L550 600 M410 630 L520 630', c.woodDark, 8),
  ].join('');
  return { svg, shadow: 220, base: 744 };
};

export const wineRack: Draw = (c) => {
  const bottle = (x: number, y: number) => circle(x, y, 30, hsl(140, 30, 20)) + circle(x, y, 12, hsl(140, 20, 40));
  const svg = [
    rect(250, 330, 460, 420, c.wood, 6),
    ...[330, 470, 610].map((y) => rect(250, y, 460, 24, c.woodDark)),
    ...[0, 1, 2, 3, 4].map((i) => rect(250 + i * 108, 330, 20, 420, c.woodDark)),
    ...[0, 1, 2, 3].flatMap((i) => [bottle(324 + i * 108, 420), bottle(324 + i * 108, 560), i % 2 ? '' : bottle(324 + i * 108, 690)]),
  ].join('');
  return { svg, shadow: 260, base: 752 };
};

export const lawnMower: Draw = (c) => {
  const svg = [
    stroke('M560 520 L700 260 L760 270', c.dark, 18),
    line(700, 300, 640, 290, c.dark, 10),
    shape('M230 560 Q240 500 320 490 L600 490 Q660 500 670 560 L680 660 L220 660 Z', c.main),
    rect(330, 420, 200, 90, c.dark, 20),
    rect(360, 380, 60, 50, c.metalDark, 10),
    shape('M130 520 L240 540 L250 660 L150 660 Q110 600 130 520 Z', c.mainDark),
    rect(430, 400, 80, 20, c.accent, 8),
    wheel(290, 680, 60, c, 5),
    wheel(610, 680, 60, c, 5),
  ].join('');
  return { svg, shadow: 320, base: 740, flip: true };
};

export const lineTrimmer: Draw = (c) => {
  const svg = [
    line(250, 700, 700, 250, c.metalDark, 14),
    rect(620, 250, 140, 80, c.main, 24, 'transform="rotate(-45 690 290)"'),
    rect(650, 330, 90, 56, c.dark, 16, 'transform="rotate(-45 695 358)"'),
    line(450, 520, 500, 560, c.dark, 14),
    line(470, 500, 530, 520, c.dark, 10),
    ellipse(230, 720, 90, 30, c.main),
    ellipse(230, 712, 70, 20, c.dark),
    line(150, 740, 310, 740, c.green, 4),
  ].join('');
  return { svg, shadow: 250, base: 752 };
};

export const hedgeTrimmer: Draw = (c) => {
  const teeth = Array.from({ length: 14 }, (_, i) =>
    shape(`M${190 + i * 22} 520 l11 -20 l11 20 Z M${190 + i * 22} 546 l11 20 l11 -20 Z`, c.metalDark),
  ).join('');
  const svg = [
    shape('M500 480 L780 460 Q820 460 820 500 L820 560 Q820 600 780 600 L500 586 Z', c.main),
    stroke('M640 470 Q680 380 760 420', c.dark, 22),
    rect(180, 510, 340, 46, c.metal, 6),
    teeth,
    rect(760, 520, 80, 30, c.dark, 10),
    shape('M300 640 Q380 600 420 660 L440 740 L280 740 Z', c.green),
    shape('M420 640 Q500 580 560 650 L580 740 L400 740 Z', c.greenDark),
  ].join('');
  return { svg, shadow: 300, base: 742, flip: true };
};

export const stickVacuum: Draw = (c) => {
  const svg = [
    line(560, 260, 420, 680, c.metal, 20),
    shape('M520 220 L640 220 Q680 220 680 260 L680 380 Q680 420 640 420 L560 420 Z', c.main),
    ellipse(600, 320, 60, 70, c.glass, 'opacity="0.85"'),
    circle(600, 320, 30, c.main),
    stroke('M520 240 Q460 200 470 300 Q480 360 540 360', c.dark, 20),
    rect(300, 670, 260, 60, c.dark, 24),
    rect(320, 720, 220, 20, c.main, 8),
  ].join('');
  return { svg, shadow: 220, base: 742, flip: true };
};

export const gardenBed: Draw = (c) => {
  const steel = hsl(150, 20, 40);
  const svg = [
    ...[0, 1, 2, 3, 4].map((i) =>
      shape(
        `M${280 + i * 100} 520 Q${260 + i * 100} 420 ${300 + i * 100} 380 Q${330 + i * 100} 440 ${300 + i * 100} 520 Z`,
        i % 2 ? c.green : c.greenDark,
      ),
    ),
    circle(340, 470, 22, '#d94b3b'),
    circle(560, 450, 22, '#d94b3b'),
    rect(200, 510, 560, 230, steel, 8),
    ...[0, 1, 2, 3, 4, 5, 6].map((i) => line(220 + i * 80, 520, 220 + i * 80, 730, hsl(150, 20, 34), 10)),
    rect(196, 500, 568, 24, hsl(150, 20, 52), 6),
  ].join('');
  return { svg, shadow: 320, base: 742 };
};

export const kettleBbq: Draw = (c) => {
  const svg = [
    line(380, 620, 300, 760, c.dark, 14),
    line(580, 620, 660, 760, c.dark, 14),
    line(480, 640, 480, 760, c.dark, 14),
    wheel(300, 742, 22, c),
    shape('M270 460 L690 460 Q690 640 480 640 Q270 640 270 460 Z', c.dark),
    shape('M270 450 Q270 260 480 260 Q690 260 690 450 Z', c.dark),
    rect(256, 444, 448, 20, c.metal, 10),
    rect(440, 220, 80, 30, c.metalDark, 10),
    circle(380, 330, 14, c.metal),
    shine('M320 400 Q330 320 400 290', 14),
    line(700, 500, 760, 500, c.metalDark, 12),
  ].join('');
  return { svg, shadow: 240, base: 764 };
};

export const pressureWasher: Draw = (c) => {
  const svg = [
    stroke('M560 520 Q700 560 720 420 L760 260', c.dark, 10),
    line(760, 260, 840, 170, c.metalDark, 12),
    rect(740, 240, 50, 80, c.dark, 10, 'transform="rotate(20 765 280)"'),
    rect(330, 300, 240, 400, '#e6c23a', 40),
    rect(360, 340, 180, 120, c.dark, 20),
    circle(450, 520, 40, c.dark),
    circle(450, 520, 24, c.metal),
    stroke('M360 300 Q450 200 540 300', c.dark, 18),
    wheel(380, 710, 44, c, 5),
    wheel(540, 710, 44, c, 5),
  ].join('');
  return { svg, shadow: 260, base: 756, flip: true };
};

export const flatPack: Draw = (c, r) => {
  const b = box(c, r).svg;
  const svg = [
    b,
    stroke('M640 700 L760 700 L760 640', c.dark, 18, 'transform="rotate(-10 700 680)"'),
    rect(180, 700, 160, 30, c.wood, 6, 'transform="rotate(-8 260 715)"'),
    ...[0, 1, 2].map((i) => circle(560 + i * 30, 748, 8, c.metal)),
  ].join('');
  return { svg, shadow: 300 };
};

export const ladder: Draw = (c) => {
  const alu = c.metal;
  const svg = [
    line(360, 760, 450, 180, alu, 22),
    line(600, 760, 510, 180, alu, 22),
    line(600, 760, 700, 300, c.metalDark, 18),
    ...[0, 1, 2, 3, 4, 5].map((i) => line(372 + i * 14, 680 - i * 94, 588 - i * 14, 680 - i * 94, alu, 16)),
    rect(440, 170, 80, 30, c.main, 8),
    line(520, 260, 690, 330, c.metalDark, 8),
  ].join('');
  return { svg, shadow: 200, base: 770, tall: true };
};

export const squeegee: Draw = (c) => {
  const svg = [
    rect(300, 260, 360, 380, c.glass, 12, 'opacity="0.6"'),
    rect(300, 260, 360, 380, 'none', 12, `stroke="${c.light}" stroke-width="18"`),
    shine('M340 300 L420 380 M360 420 L470 530', 12),
    rect(420, 420, 280, 30, c.dark, 10, 'transform="rotate(-20 560 435)"'),
    line(560, 440, 640, 640, c.main, 22),
    shape('M560 680 L720 680 L700 750 L580 750 Z', c.accent),
    ellipse(640, 680, 80, 14, c.accentDark),
  ].join('');
  return { svg, shadow: 240, base: 752 };
};

export const costume: Draw = (c) => {
  const svg = [
    shape('M300 520 L480 160 Q500 140 520 170 L640 520 Z', c.dark),
    ellipse(470, 530, 260, 50, c.dark),
    rect(330, 470, 300, 40, c.main, 10),
    rect(460, 466, 40, 48, '#d7b15c', 6),
    shape('M240 640 Q480 560 720 640 Q700 720 600 700 Q540 690 480 720 Q420 690 360 700 Q260 720 240 640 Z', c.accent),
    ellipse(390, 650, 40, 24, c.dark),
    ellipse(570, 650, 40, 24, c.dark),
  ].join('');
  return { svg, shadow: 280, base: 722 };
};

export const beachShade: Draw = (c) => {
  const chair = (x: number) =>
    line(x, 760, x + 90, 600, c.metalDark, 10) +
    line(x + 90, 760, x, 600, c.metalDark, 10) +
    shape(`M${x - 10} 560 L${x + 100} 560 L${x + 90} 680 L${x} 680 Z`, c.accent);
  const svg = [
    shape('M180 740 Q200 420 480 380 Q760 420 780 740 Z', c.main),
    shape('M260 740 Q300 520 480 500 Q660 520 700 740 Z', c.mainDark, 'opacity="0.45"'),
    stroke('M180 740 Q200 420 480 380 Q760 420 780 740', c.light, 10),
    chair(240),
    chair(620),
  ].join('');
  return { svg, shadow: 320, base: 762 };
};

export const movingBoxes: Draw = (c, r) => {
  const back = `<g transform="translate(-170 -60) scale(0.8) translate(120 192)">${box(c, r).svg}</g>`;
  return { svg: back + box(c, r).svg, shadow: 320 };
};
