/** Toys, hobbies, collectables and music. */
import { circle, ellipse, hsl, line, rect, scaled, shape, shine, stroke, wheel, type Colours, type Draw } from './kit';
import { guitar } from './leisure';

export const comic: Draw = (c) => {
  const cover = (x: number, rot: number, colour: string) =>
    `<g transform="rotate(${rot} ${x + 150} 740)">` +
    rect(x, 260, 300, 440, colour, 6) +
    rect(x + 20, 280, 260, 70, '#ffffff') +
    rect(x + 40, 296, 180, 38, '#d94b3b', 4) +
    circle(x + 150, 500, 90, '#ffd95a') +
    shape(
      `M${x + 150} 420 L${x + 176} 480 L${x + 240} 486 L${x + 190} 526 L${x + 206} 590 L${x + 150} 556 L${x + 94} 590 L${x + 110} 526 L${x + 60} 486 L${x + 124} 480 Z`,
      c.accent,
    ) +
    rect(x + 20, 620, 120, 60, '#ffffff', 4) +
    '</g>';
  return { svg: cover(210, -6, c.main) + cover(420, 5, hsl(c.hue + 120, 55, 45)), shadow: 280, base: 740 };
};

function figure(x: number, s: number, body: string, head: string, c: Colours) {
  return (
    `<g transform="translate(${x} 770) scale(${s}) translate(-480 -770)">` +
    rect(420, 600, 50, 160, c.dark, 12) +
    rect(490, 600, 50, 160, c.dark, 12) +
    rect(400, 420, 160, 200, body, 30) +
    rect(360, 440, 44, 150, body, 20) +
    rect(556, 440, 44, 150, body, 20) +
    rect(390, 250, 180, 170, head, 50) +
    circle(445, 330, 14, c.dark) +
    circle(515, 330, 14, c.dark) +
    '</g>'
  );
}

export const toyFigures: Draw = (c) => ({
  svg: figure(330, 0.78, c.accent, c.skin, c) + figure(640, 0.78, c.mainDark, '#f4f1ea', c) + figure(480, 0.95, c.main, c.skin, c),
  shadow: 300,
  base: 770,
});

export const toyCar: Draw = (c) => {
  const car = (x: number, s: number, colour: string) =>
    `<g transform="translate(${x} 770) scale(${s}) translate(-480 -770)">` +
    shape('M300 600 L360 500 L600 500 L660 600 Z', colour) +
    shape('M380 590 L410 520 L470 520 L470 590 Z M490 590 L490 520 L560 520 L590 590 Z', c.glass) +
    rect(220, 580, 520, 110, colour, 40) +
    line(240, 640, 720, 640, '#ffffff', 10, 'opacity="0.5"') +
    wheel(320, 700, 56, c, 5) +
    wheel(640, 700, 56, c, 5) +
    '</g>';
  return { svg: car(340, 0.6, c.accent) + car(560, 0.75, c.main), shadow: 300, base: 760 };
};

export const rcCar: Draw = (c) => {
  const svg = [
    line(660, 420, 720, 220, c.dark, 6),
    shape('M240 600 Q250 480 360 470 L620 470 Q700 480 720 560 L730 620 L230 620 Z', c.main),
    rect(330, 490, 180, 70, c.glass, 20),
    rect(240, 600, 500, 30, c.dark, 10),
    ...[290, 670].map(
      (x) =>
        circle(x, 660, 80, c.dark) +
        circle(x, 660, 80, 'none', 'stroke="#1d2026" stroke-width="14" stroke-dasharray="12 8"') +
        circle(x, 660, 34, c.metal),
    ),
    line(560, 520, 700, 520, c.accent, 12),
  ].join('');
  return { svg, shadow: 320, base: 742, flip: true };
};

export const jigsaw: Draw = (c) => {
  const piece = (x: number, y: number, s: number, colour: string, rot: number) =>
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})">` +
    shape(
      'M-60 -60 L-16 -60 Q-24 -96 0 -96 Q24 -96 16 -60 L60 -60 L60 -16 Q96 -24 96 0 Q96 24 60 16 L60 60 L16 60 Q24 24 0 24 Q-24 24 -16 60 L-60 60 Z',
      colour,
    ) +
    '</g>';
  const svg = [
    rect(230, 360, 420, 300, c.main, 10),
    rect(250, 380, 380, 200, c.mainLight, 6),
    shape('M250 580 L380 460 L470 540 L540 470 L630 580 Z', c.green),
    circle(560, 430, 30, '#ffd95a'),
    rect(250, 600, 220, 30, c.light, 6),
    piece(600, 700, 0.8, c.accent, 12),
    piece(720, 640, 0.7, hsl(c.hue + 90, 55, 55), -20),
    piece(300, 712, 0.6, c.mainDark, 30),
  ].join('');
  return { svg, shadow: 300, base: 770 };
};

export const boardGame: Draw = (c) => {
  const svg = [
    rect(200, 560, 560, 180, c.mainDark, 12),
    rect(220, 576, 520, 148, c.main, 8),
    shape('M300 600 L380 600 L420 650 L380 700 L300 700 L260 650 Z', '#e6c23a'),
    shape('M440 600 L520 600 L560 650 L520 700 L440 700 L400 650 Z', c.green),
    shape('M580 600 L660 600 L700 650 L660 700 L580 700 L540 650 Z', '#d94b3b'),
    rect(260, 430, 440, 130, c.accent, 10),
    rect(280, 448, 400, 40, '#ffffff', 6, 'opacity="0.85"'),
    shape('M600 360 L630 300 L660 360 Z', '#d94b3b'),
    circle(630, 296, 16, '#d94b3b'),
    rect(300, 330, 70, 70, c.light, 12),
    circle(320, 350, 7, c.dark),
    circle(350, 380, 7, c.dark),
  ].join('');
  return { svg, shadow: 300, base: 742 };
};

export const modelTrain: Draw = (c) => {
  const svg = [
    rect(140, 700, 680, 14, c.woodDark),
    ...Array.from({ length: 12 }, (_, i) => rect(150 + i * 56, 712, 30, 20, c.woodDark, 2)),
    rect(460, 500, 300, 180, c.main, 14),
    rect(640, 400, 130, 140, c.main, 12),
    rect(662, 420, 86, 60, c.glass, 8),
    rect(470, 430, 50, 80, c.dark, 8),
    rect(180, 560, 260, 120, c.accent, 14),
    rect(200, 530, 220, 40, c.accentDark, 10),
    line(440, 640, 460, 640, c.dark, 10),
    ...[230, 390, 520, 620, 720].map((x) => circle(x, 690, 28, c.dark) + circle(x, 690, 10, c.metal)),
  ].join('');
  return { svg, shadow: 340, base: 732, flip: true };
};

export const drone: Draw = (c) => {
  const rotor = (x: number, y: number) => ellipse(x, y, 100, 12, c.metalDark, 'opacity="0.7"') + circle(x, y + 10, 16, c.dark);
  const svg = [
    stroke('M380 500 L250 420 M580 500 L710 420 M380 560 L250 620 M580 560 L710 620', c.dark, 22),
    rect(370, 470, 220, 120, c.light, 40),
    rect(400, 486, 160, 40, c.metal, 16),
    circle(480, 610, 34, c.dark),
    circle(480, 610, 18, hsl(220, 60, 40)),
    rotor(250, 408),
    rotor(710, 408),
    rotor(250, 608),
    rotor(710, 608),
  ].join('');
  return { svg, shadow: 280, base: 680 };
};

export const telescope: Draw = (c) => {
  const svg = [
    line(480, 560, 330, 760, c.metalDark, 12),
    line(480, 560, 630, 760, c.metalDark, 12),
    line(480, 560, 480, 760, c.metalDark, 12),
    rect(440, 500, 80, 80, c.dark, 16),
    `<g transform="rotate(-28 480 480)">`,
    rect(240, 420, 480, 110, c.light, 30),
    rect(680, 406, 60, 138, c.dark, 14),
    rect(250, 430, 40, 90, c.dark, 8),
    rect(420, 400, 120, 24, c.dark, 8),
    rect(200, 450, 50, 50, c.dark, 10),
    '</g>',
  ].join('');
  return { svg, shadow: 230, base: 770 };
};

export const beerKit: Draw = (c) => {
  const bottle = (x: number) =>
    rect(x, 560, 80, 190, hsl(25, 60, 28), 20) + rect(x + 26, 500, 28, 70, hsl(25, 60, 28), 8) + rect(x + 10, 620, 60, 60, c.light, 6);
  const svg = [
    rect(250, 330, 300, 420, c.light, 30),
    rect(240, 310, 320, 40, c.main, 14),
    rect(380, 250, 40, 70, c.main, 8),
    ellipse(400, 244, 30, 14, c.glass),
    rect(380, 640, 50, 40, c.metalDark, 8),
    rect(290, 430, 220, 110, hsl(40, 50, 60), 10, 'opacity="0.5"'),
    bottle(600),
    bottle(700),
  ].join('');
  return { svg, shadow: 280, base: 752 };
};

export const cuttingMachine: Draw = (c) => {
  const svg = [
    shape('M200 560 Q200 480 280 480 L680 480 Q760 480 760 560 L760 680 L200 680 Z', c.light),
    rect(240, 520, 480, 40, c.main, 12),
    rect(420, 500, 80, 70, c.dark, 14),
    rect(140, 640, 680, 24, c.mainLight, 6),
    ...Array.from({ length: 6 }, (_, i) => rect(170 + i * 110, 642, 40, 20, c.main, 4, 'opacity="0.4"')),
    rect(200, 680, 560, 40, c.metal, 12),
    circle(690, 600, 22, c.metalDark),
  ].join('');
  return { svg, shadow: 320, base: 720 };
};

export const buildingBricks: Draw = () => {
  const brick = (x: number, y: number, w: number, colour: string, dark: string) =>
    rect(x, y, w, 90, colour, 6) +
    Array.from(
      { length: Math.round(w / 70) },
      (_, i) => rect(x + 14 + i * 70, y - 22, 42, 24, colour, 6) + rect(x + 14 + i * 70, y - 22, 42, 8, dark, 4),
    ).join('') +
    rect(x, y + 70, w, 20, dark, 6);
  const svg = [
    brick(220, 650, 280, '#d94b3b', '#a8352b'),
    brick(500, 650, 210, '#3b7bd9', '#2a5ca8'),
    brick(320, 540, 280, '#e6c23a', '#b8962a'),
    brick(420, 430, 140, '#3fa45b', '#2c7a42'),
  ].join('');
  return { svg, shadow: 300, base: 742 };
};

export const playKitchen: Draw = (c) => {
  const svg = [
    rect(240, 260, 480, 120, c.wood, 10),
    rect(260, 280, 200, 80, c.light, 6),
    rect(230, 380, 500, 30, c.woodDark, 6),
    rect(240, 410, 480, 330, c.wood, 10),
    ...[320, 420].map((x) => circle(x, 395, 30, c.dark)),
    rect(270, 460, 200, 200, c.woodDark, 10),
    rect(290, 480, 160, 140, c.glass, 8, 'opacity="0.8"'),
    rect(500, 460, 190, 250, c.mainLight, 10),
    circle(520, 580, 8, c.dark),
    rect(560, 330, 120, 40, c.metal, 20),
    line(620, 330, 620, 300, c.metal, 10),
    rect(270, 680, 200, 20, c.dark, 8),
  ].join('');
  return { svg, shadow: 280, base: 742 };
};

export const dollsHouse: Draw = (c) => {
  const svg = [
    shape('M200 420 L480 200 L760 420 Z', c.accent),
    rect(240, 420, 480, 320, c.light, 6),
    rect(236, 580, 488, 16, c.mainLight),
    rect(270, 450, 180, 110, c.mainLight, 6),
    rect(510, 450, 180, 110, c.main, 6, 'opacity="0.6"'),
    rect(270, 610, 180, 120, c.main, 6, 'opacity="0.5"'),
    rect(520, 620, 90, 120, c.woodDark, 8),
    rect(290, 500, 60, 50, c.mainDark, 8),
    circle(400, 480, 20, '#ffd95a'),
    rect(620, 630, 60, 60, c.glass, 6),
    rect(440, 300, 80, 70, c.glass, 6),
  ].join('');
  return { svg, shadow: 300, base: 742 };
};

export const lookoutTower: Draw = (c) => {
  const svg = [
    rect(380, 300, 200, 420, c.light, 20),
    circle(480, 250, 110, '#e6c23a'),
    circle(480, 250, 80, c.glass),
    rect(360, 300, 240, 40, '#d94b3b', 10),
    rect(420, 560, 120, 160, '#d94b3b', 60),
    shape('M580 420 Q720 460 740 740 L690 740 Q670 500 580 470 Z', '#3b7bd9'),
    rect(200, 600, 180, 130, '#3b7bd9', 14),
    wheel(240, 740, 26, c),
    wheel(340, 740, 26, c),
    rect(420, 380, 120, 60, c.glass, 10),
  ].join('');
  return { svg, shadow: 300, base: 766 };
};

export const toyBlaster: Draw = (c) => {
  const blaster = (y: number, rot: number, body: string) =>
    `<g transform="rotate(${rot} 480 ${y})">` +
    rect(200, y - 60, 460, 110, body, 30) +
    rect(640, y - 40, 140, 50, c.accent, 14) +
    rect(260, y - 90, 180, 40, c.accent, 14) +
    shape(`M300 ${y + 40} L400 ${y + 40} L380 ${y + 180} L300 ${y + 180} Z`, body) +
    shape(`M420 ${y + 40} Q460 ${y + 100} 430 ${y + 110}`, 'none', `stroke="${c.dark}" stroke-width="12"`) +
    rect(480, y - 40, 100, 60, c.dark, 10) +
    '</g>';
  const dart = (x: number) => rect(x, 720, 70, 20, '#3b7bd9', 10) + rect(x + 56, 716, 28, 28, '#d94b3b', 14);
  return { svg: blaster(470, -6, '#e8892a') + dart(560) + dart(660) + dart(610), shadow: 320, base: 744, flip: true };
};

export const electricGuitar: Draw = (c) => {
  const svg = `<g transform="rotate(-24 480 520)">
    ${rect(464, 110, 32, 380, c.woodDark)}
    ${shape('M450 60 L510 60 L520 150 L440 150 Z', c.dark)}
    ${[80, 104, 128].map((y) => circle(440, y, 7, c.metal) + circle(520, y, 7, c.metal)).join('')}
    ${shape('M400 440 Q350 380 390 340 Q430 330 450 400 L510 400 Q530 330 570 340 Q610 380 560 460 Q660 540 620 680 Q580 780 480 780 Q380 780 340 680 Q300 560 400 440 Z', c.main)}
    ${shape('M420 500 L540 500 L560 650 L400 650 Z', c.light, 'opacity="0.85"')}
    ${rect(430, 540, 100, 16, c.dark, 4)}
    ${rect(430, 590, 100, 16, c.dark, 4)}
    ${rect(440, 680, 80, 22, c.dark, 6)}
    ${[466, 474, 482, 490].map((x) => line(x, 140, x, 690, '#eeeeee', 2)).join('')}
    ${circle(590, 700, 12, c.metal)}
  </g>`;
  return { svg, shadow: 200, base: 760, tall: true };
};

export const ukulele: Draw = (c, r) => scaled(guitar(c, r), 0.72);

export const drumKit: Draw = (c) => {
  const drum = (x: number, y: number, rx: number, h: number) =>
    rect(x - rx, y, rx * 2, h, c.main, 10) + ellipse(x, y, rx, rx * 0.22, '#f4f1ea') + rect(x - rx, y + h - 16, rx * 2, 16, c.metal, 6);
  const svg = [
    line(220, 300, 220, 760, c.metalDark, 8),
    ellipse(220, 300, 110, 18, '#d7b15c'),
    line(740, 340, 740, 760, c.metalDark, 8),
    ellipse(740, 340, 100, 16, '#d7b15c'),
    drum(600, 560, 90, 150),
    drum(360, 440, 80, 110),
    drum(560, 420, 80, 110),
    circle(480, 630, 140, c.mainDark),
    circle(480, 630, 120, '#f4f1ea'),
    circle(480, 630, 50, c.main),
    drum(300, 600, 80, 120),
  ].join('');
  return { svg, shadow: 320, base: 770 };
};

export const digitalPiano: Draw = (c) => {
  const keys = Array.from({ length: 28 }, (_, i) => rect(196 + i * 20.5, 470, 18, 70, '#fbfaf6', 2)).join('');
  const black = Array.from({ length: 27 }, (_, i) => ([2, 6].includes(i % 7) ? '' : rect(209 + i * 20.5, 470, 12, 42, c.dark))).join('');
  const svg = [
    rect(170, 420, 620, 140, c.dark, 16),
    rect(190, 436, 580, 26, '#3a3f48', 6),
    circle(220, 449, 7, c.main),
    keys,
    black,
    line(230, 560, 290, 760, c.dark, 16),
    line(290, 560, 230, 760, c.dark, 16),
    line(670, 560, 730, 760, c.dark, 16),
    line(730, 560, 670, 760, c.dark, 16),
    rect(400, 360, 160, 60, '#f3efe3', 4, 'transform="rotate(-8 480 390)"'),
  ].join('');
  return { svg, shadow: 320, base: 770 };
};

export const saxophone: Draw = (c) => {
  const brass = '#d7a93f';
  const svg = [
    stroke('M440 160 L480 200 L480 560 Q480 700 580 700 Q680 700 680 600 L680 520', brass, 56),
    shape('M630 520 Q640 420 730 400 L760 460 Q700 470 720 530 Z', brass),
    ellipse(740, 430, 40, 22, hsl(40, 60, 35), 'transform="rotate(-30 740 430)"'),
    line(420, 140, 450, 170, c.dark, 20),
    ...[260, 320, 380, 440, 500].map((y) => circle(450, y, 16, hsl(40, 30, 85), `stroke="${hsl(40, 60, 35)}" stroke-width="6"`)),
    ...[560, 620].map((x) => circle(x, 690, 14, hsl(40, 30, 85))),
    shine('M500 240 L500 540', 10),
  ].join('');
  return { svg, shadow: 200, base: 730, tall: true };
};

export const guitarAmp: Draw = (c) => {
  const grille = Array.from({ length: 9 }, (_, i) => line(290, 430 + i * 30, 670, 430 + i * 30, '#3a3f48', 4)).join('');
  const svg = [
    rect(250, 300, 460, 440, c.dark, 24),
    rect(270, 320, 420, 70, hsl(40, 20, 80), 8),
    ...[0, 1, 2, 3, 4].map((i) => circle(320 + i * 70, 355, 16, c.dark)),
    rect(280, 410, 400, 310, '#23262c', 10),
    grille,
    circle(480, 560, 110, '#2b2f36'),
    circle(480, 560, 40, '#3a3f48'),
    rect(400, 270, 160, 30, c.dark, 14),
    rect(560, 690, 100, 22, c.main, 4),
  ].join('');
  return { svg, shadow: 260, base: 742 };
};

export const ooshieStand: Draw = (c, r) => {
  const cols = [c.main, c.accent, '#e6c23a', '#3fa45b', '#d94b3b', c.mainLight];
  const blobs: string[] = [];
  for (let row = 0; row < 3; row++)
    for (let k = 0; k < 5; k++) {
      const x = 300 + k * 90;
      const y = 330 + row * 130;
      const col = cols[Math.floor(r() * cols.length)]!;
      blobs.push(
        line(x, y + 40, x, y + 80, c.dark, 6) +
          ellipse(x, y + 10, 30, 34, col) +
          circle(x - 10, y + 4, 6, '#ffffff') +
          circle(x + 10, y + 4, 6, '#ffffff'),
      );
    }
  const svg = [
    rect(240, 300, 480, 440, c.light, 20),
    ...[400, 530, 660].map((y) => rect(250, y, 460, 18, c.metal, 6)),
    ...blobs,
    rect(220, 730, 520, 30, c.metalDark, 8),
  ].join('');
  return { svg, shadow: 280, base: 762 };
};
