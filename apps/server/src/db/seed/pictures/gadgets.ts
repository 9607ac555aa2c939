/** Screens, consoles and tools. */
import { circle, ellipse, hsl, line, rect, shape, shine, stroke, type Colours, type Draw } from './kit';

export const controller: Draw = (c) => {
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

export const laptop: Draw = (c) => {
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

export const drill: Draw = (c) => {
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

export function spannerShape(c: Colours, id: string): string {
  return `<mask id="${id}"><rect x="-400" y="-200" width="800" height="400" fill="#fff"/><rect x="230" y="-24" width="120" height="48" fill="#000"/><circle cx="-250" cy="0" r="26" fill="#000"/></mask>
    <g mask="url(#${id})" fill="${c.metal}">
      <rect x="-240" y="-30" width="480" height="60" rx="30"/>
      <circle cx="250" cy="0" r="78"/>
      <circle cx="-250" cy="0" r="58"/>
    </g>
    <rect x="-170" y="-10" width="340" height="20" rx="10" fill="${c.metalDark}" opacity="0.5"/>`;
}

export const spanner: Draw = (c) => {
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

export const hammer: Draw = (c) => {
  const svg = `<g transform="translate(480 520) rotate(-30)">
    <rect x="-28" y="-60" width="56" height="360" rx="24" fill="${c.wood}"/>
    <rect x="-28" y="170" width="56" height="130" rx="24" fill="${c.main}"/>
    <path d="M-150 -140 L110 -140 Q150 -140 150 -100 L150 -40 L-110 -40 Q-150 -40 -150 -80 Z" fill="${c.metal}"/>
    <path d="M-150 -140 L-190 -170 L-200 -130 L-150 -100 Z" fill="${c.metalDark}"/>
    <rect x="110" y="-150" width="60" height="120" rx="10" fill="${c.metalDark}"/>
  </g>`;
  return { svg, shadow: 220, base: 780 };
};

/** A lit screen: a soft landscape in the main colour (wallpaper-like, no text). */
const screen = (c: Colours, x: number, y: number, w: number, h: number, rx = 8) =>
  rect(x, y, w, h, c.mainLight, rx) +
  shape(
    `M${x} ${y + h * 0.7} Q${x + w * 0.3} ${y + h * 0.45} ${x + w * 0.55} ${y + h * 0.62} Q${x + w * 0.8} ${y + h * 0.76} ${x + w} ${y + h * 0.5} L${x + w} ${y + h - rx} Q${x + w} ${y + h} ${x + w - rx} ${y + h} L${x + rx} ${y + h} Q${x} ${y + h} ${x} ${y + h - rx} Z`,
    c.main,
  ) +
  circle(x + w * 0.7, y + h * 0.3, Math.min(w, h) * 0.1, c.light, 'opacity="0.8"');

export const phone: Draw = (c) => {
  const svg = [
    rect(360, 190, 240, 500, c.dark, 40),
    screen(c, 376, 210, 208, 460, 28),
    rect(450, 220, 60, 16, c.dark, 8),
    rect(600, 300, 8, 60, c.dark, 4),
    `<g transform="rotate(-12 640 640)">${rect(560, 430, 200, 330, c.metalDark, 34)}${rect(590, 450, 70, 70, c.dark, 16)}${circle(610, 470, 12, '#3a3f48')}${circle(640, 500, 12, '#3a3f48')}</g>`,
    shine('M380 240 L380 420', 8),
  ].join('');
  return { svg, shadow: 220, base: 760 };
};

export const tablet: Draw = (c) => {
  const svg = [
    shape('M560 300 L700 740 L640 740 L520 320 Z', c.mainDark),
    `<g transform="rotate(-8 480 740)">${rect(230, 300, 500, 440, c.dark, 34)}${screen(c, 254, 324, 452, 392, 14)}${circle(480, 312, 5, '#3a3f48')}</g>`,
    `<g transform="rotate(20 260 700)">${rect(240, 560, 24, 200, c.light, 12)}${shape('M240 760 L264 760 L252 790 Z', c.metalDark)}</g>`,
  ].join('');
  return { svg, shadow: 300, base: 760 };
};

export const website: Draw = (c) => {
  const svg = [
    rect(230, 250, 500, 380, c.dark, 18),
    rect(250, 270, 460, 320, c.light, 6),
    rect(250, 270, 460, 40, c.main, 6),
    ...[0, 1, 2].map((i) => circle(270 + i * 24, 290, 7, '#ffffff')),
    rect(280, 340, 200, 120, c.mainLight, 8),
    rect(510, 340, 170, 20, c.metal, 8),
    rect(510, 376, 140, 14, c.metal, 7),
    rect(510, 404, 150, 14, c.metal, 7),
    rect(510, 436, 90, 28, c.accent, 14),
    ...[0, 1, 2].map((i) => rect(280 + i * 140, 490, 120, 80, c.main, 8, 'opacity="0.4"')),
    shape('M180 630 L780 630 L810 680 Q810 692 796 692 L164 692 Q150 692 150 680 Z', c.metal),
  ].join('');
  return { svg, shadow: 320, base: 692 };
};

export const tv: Draw = (c) => {
  const svg = [
    rect(140, 230, 680, 400, c.dark, 14),
    screen(c, 156, 246, 648, 368, 4),
    shape('M400 630 L560 630 L600 730 L360 730 Z', c.dark),
    rect(320, 726, 320, 20, c.dark, 8),
  ].join('');
  return { svg, shadow: 340, base: 746 };
};

export const headphones: Draw = (c) => {
  const svg = [
    stroke('M300 560 L300 420 Q300 240 480 240 Q660 240 660 420 L660 560', c.dark, 34),
    stroke('M320 420 Q320 280 480 280 Q640 280 640 420', c.metalDark, 10, 'opacity="0.6"'),
    rect(250, 470, 110, 220, c.main, 50),
    rect(600, 470, 110, 220, c.main, 50),
    rect(330, 490, 50, 180, c.dark, 20),
    rect(580, 490, 50, 180, c.dark, 20),
    shine('M270 520 L270 640', 10),
  ].join('');
  return { svg, shadow: 240, base: 700 };
};

export const speaker: Draw = (c, r) => {
  const tall = r() < 0.5;
  const [w, h] = tall ? [240, 420] : [420, 260];
  const x = 480 - w / 2;
  const y = 750 - h;
  const grille = Array.from({ length: Math.floor(h / 24) - 2 }, (_, i) =>
    Array.from({ length: Math.floor(w / 24) - 1 }, (_, j) => circle(x + 24 + j * 24, y + 30 + i * 24, 5, c.mainDark)).join(''),
  ).join('');
  const svg = [
    rect(x, y, w, h, c.main, tall ? 40 : 80),
    grille,
    rect(x + w / 2 - 40, y + 14, 80, 12, c.dark, 6),
    shine(`M${x + 24} ${y + 40} L${x + 24} ${y + h - 40}`, 10),
  ].join('');
  return { svg, shadow: w * 0.7, base: 750 };
};

export const camera: Draw = (c) => {
  const svg = [
    rect(220, 360, 520, 320, c.dark, 40),
    shape('M380 360 L420 280 L560 280 L600 360 Z', c.dark),
    rect(230, 420, 110, 250, '#3a3f48', 30),
    circle(520, 530, 150, '#3a3f48'),
    circle(520, 530, 120, c.metalDark),
    circle(520, 530, 86, c.dark),
    circle(520, 530, 50, hsl(220, 50, 30)),
    circle(500, 506, 16, '#ffffff', 'opacity="0.6"'),
    rect(620, 320, 70, 40, c.dark, 10),
    circle(300, 350, 20, c.main),
  ].join('');
  return { svg, shadow: 280, base: 682 };
};

export const gameConsole: Draw = (c, r) => {
  const pad = controller(c, r);
  const svg = [
    shape('M500 330 Q520 300 560 300 L700 300 Q740 300 750 330 L770 740 L480 740 Z', c.light),
    rect(580, 300, 90, 440, c.dark),
    rect(596, 680, 60, 8, c.main, 4),
    `<g transform="translate(-150 70) scale(0.8) translate(120 190)">${pad.svg}</g>`,
  ].join('');
  return { svg, shadow: 300, base: 770 };
};

export const handheldConsole: Draw = (c) => {
  const svg = [
    rect(170, 400, 620, 280, c.dark, 60),
    rect(170, 400, 130, 280, c.main, 60),
    rect(660, 400, 130, 280, c.accent, 60),
    rect(310, 420, 340, 240, '#1d2026', 12),
    screen(c, 324, 434, 312, 212, 6),
    circle(236, 480, 26, c.dark),
    ...[0, 1, 2, 3].map((i) => circle(724 + [0, 24, 0, -24][i]!, 520 + [-24, 0, 24, 0][i]!, 11, c.dark)),
    rect(216, 580, 44, 16, c.dark, 4),
    rect(230, 566, 16, 44, c.dark, 4),
    circle(724, 620, 26, c.dark),
  ].join('');
  return { svg, shadow: 320, base: 690 };
};

export const gameCases: Draw = (c) => {
  const caseAt = (x: number, y: number, rot: number, colour: string) =>
    `<g transform="rotate(${rot} ${x + 120} ${y + 170})">${rect(x, y, 240, 340, colour, 10)}${rect(x + 14, y + 40, 212, 286, c.mainLight, 4)}${shape(`M${x + 14} ${y + 240} Q${x + 120} ${y + 160} ${x + 226} ${y + 260} L${x + 226} ${y + 326} L${x + 14} ${y + 326} Z`, c.main)}${rect(x + 20, y + 8, 80, 22, '#ffffff', 6, 'opacity="0.7"')}</g>`;
  return {
    svg: caseAt(200, 380, -8, '#d94b3b') + caseAt(360, 360, 4, '#d94b3b') + caseAt(520, 390, 12, '#d94b3b'),
    shadow: 320,
    base: 750,
  };
};

export const dvds: Draw = (c) => {
  const spines = Array.from({ length: 12 }, (_, i) =>
    rect(230 + i * 42, 400, 36, 300, [c.main, c.dark, c.accent, c.mainDark][i % 4]!, 4),
  ).join('');
  const svg = [
    spines,
    circle(700, 640, 110, c.metal),
    circle(700, 640, 100, 'url(#disc)'),
    '<radialGradient id="disc"><stop offset="0.2" stop-color="#dfe7ef"/><stop offset="0.6" stop-color="#c9b5e8"/><stop offset="1" stop-color="#a6d8e6"/></radialGradient>',
    circle(700, 640, 24, c.backdrop),
    rect(210, 700, 560, 40, c.wood, 6),
  ].join('');
  return { svg, shadow: 320, base: 750 };
};

export const racingWheel: Draw = (c) => {
  const svg = [
    rect(360, 560, 240, 120, c.dark, 20),
    circle(480, 440, 190, 'none', `stroke="${c.dark}" stroke-width="44"`),
    shape('M320 450 L640 450 L600 560 L360 560 Z', c.dark),
    circle(480, 470, 60, '#3a3f48'),
    circle(410, 440, 14, c.main),
    circle(550, 440, 14, c.accent),
    rect(200, 690, 240, 60, c.dark, 10),
    rect(520, 690, 240, 60, c.dark, 10),
    ...[260, 330, 580, 660].map((x) => rect(x, 640, 50, 80, c.metalDark, 8)),
  ].join('');
  return { svg, shadow: 300, base: 752 };
};

export const gamingPc: Draw = (c) => {
  const svg = [
    rect(320, 200, 320, 550, c.dark, 20),
    rect(350, 240, 260, 470, '#1d2026', 10),
    circle(480, 330, 70, 'none', `stroke="${c.main}" stroke-width="10"`),
    circle(480, 470, 70, 'none', `stroke="${c.accent}" stroke-width="10"`),
    circle(480, 610, 70, 'none', `stroke="${c.main}" stroke-width="10"`),
    ...[330, 470, 610].map((y) => circle(480, y, 20, '#3a3f48')),
    rect(330, 210, 120, 14, c.metal, 7),
    rect(350, 748, 40, 14, c.dark),
    rect(570, 748, 40, 14, c.dark),
  ].join('');
  return { svg, shadow: 220, base: 762, tall: true };
};

export const vrHeadset: Draw = (c) => {
  const svg = [
    stroke('M260 470 Q240 300 480 290 Q720 300 700 470', c.dark, 26),
    rect(240, 420, 480, 220, c.light, 80),
    rect(270, 450, 420, 160, c.metal, 60),
    ...[350, 610].map((x) => circle(x, 530, 30, c.dark)),
    shape('M430 610 Q480 560 530 610 Z', c.backdrop),
    ellipse(260, 700, 60, 40, c.light),
    ellipse(700, 700, 60, 40, c.light),
  ].join('');
  return { svg, shadow: 280, base: 740 };
};

export const labelMaker: Draw = (c) => {
  const svg = [
    rect(340, 250, 280, 480, c.light, 50),
    rect(370, 290, 220, 90, '#3a3f48', 12),
    rect(390, 315, 160, 40, hsl(90, 30, 70), 4),
    ...Array.from({ length: 20 }, (_, i) => rect(378 + (i % 5) * 42, 410 + Math.floor(i / 5) * 50, 34, 34, c.metal, 6)),
    rect(620, 300, 160, 50, '#e6c23a', 4),
    ...[0, 1, 2].map((i) => rect(640 + i * 42, 314, 30, 20, c.dark, 2)),
  ].join('');
  return { svg, shadow: 200, base: 730 };
};

export const calculator: Draw = (c) => {
  const svg = [
    rect(330, 230, 300, 500, c.dark, 30),
    rect(360, 260, 240, 90, hsl(90, 30, 70), 8),
    ...Array.from({ length: 16 }, (_, i) =>
      rect(362 + (i % 4) * 60, 380 + Math.floor(i / 4) * 80, 48, 60, i % 4 === 3 ? c.main : '#454a54', 10),
    ),
    `<g transform="rotate(18 700 600)">${rect(600, 360, 220, 300, c.light, 6)}${[0, 1, 2, 3, 4].map((i) => line(620, 400 + i * 44, 800, 400 + i * 44, c.metal, 4)).join('')}</g>`,
  ].join('');
  return { svg, shadow: 280, base: 732 };
};

export const circularSaw: Draw = (c) => {
  const svg = [
    circle(420, 560, 170, c.metal),
    ...Array.from({ length: 24 }, (_, i) => {
      const a = (i / 24) * Math.PI * 2;
      return circle(Math.round(420 + Math.cos(a) * 170), Math.round(560 + Math.sin(a) * 170), 10, c.metalDark);
    }),
    shape('M250 560 Q250 380 420 380 Q590 380 590 560 Z', c.main),
    rect(200, 600, 460, 30, c.metalDark, 6),
    stroke('M480 400 Q600 300 680 380 L640 440', c.dark, 40),
    rect(540, 440, 180, 100, c.main, 30),
    circle(420, 560, 30, c.dark),
  ].join('');
  return { svg, shadow: 280, base: 740, flip: true };
};

export const mitreSaw: Draw = (c) => {
  const svg = [
    rect(160, 680, 640, 60, c.dark, 10),
    ellipse(480, 680, 220, 30, c.metal),
    rect(420, 560, 60, 130, c.dark, 8),
    `<g transform="rotate(-20 450 560)">`,
    circle(520, 440, 130, c.metal),
    shape('M390 440 Q390 300 520 300 Q650 300 650 440 Z', '#e6c23a'),
    rect(430, 420, 320, 60, '#e6c23a', 24),
    rect(700, 380, 90, 60, c.dark, 20),
    '</g>',
    rect(180, 600, 160, 80, c.metalDark, 6),
    rect(620, 600, 160, 80, c.metalDark, 6),
  ].join('');
  return { svg, shadow: 330, base: 742, flip: true };
};

export const angleGrinder: Draw = (c) => {
  const svg = [
    rect(330, 440, 400, 110, c.main, 50),
    rect(660, 450, 110, 90, c.dark, 30),
    rect(240, 420, 120, 150, c.dark, 24),
    ellipse(240, 600, 40, 130, c.metal),
    shape('M200 480 Q200 420 260 420 L270 600 L200 600 Z', c.metalDark),
    stroke('M400 440 L380 360 L430 350', c.dark, 24),
    rect(480, 440, 120, 16, c.mainDark, 8),
  ].join('');
  return { svg, shadow: 300, base: 740, flip: true };
};

export const toolChest: Draw = (c) => {
  const svg = [
    rect(260, 260, 440, 200, c.main, 16),
    shape('M240 260 L720 260 L700 220 L260 220 Z', c.mainDark),
    ...[0, 1].map((i) => rect(280, 300 + i * 80, 400, 60, c.mainDark, 8) + rect(430, 320 + i * 80, 100, 14, c.metal, 7)),
    rect(250, 470, 460, 260, c.main, 16),
    ...[0, 1, 2].map((i) => rect(270, 490 + i * 78, 420, 64, c.mainDark, 8) + rect(420, 514 + i * 78, 120, 14, c.metal, 7)),
    circle(290, 748, 20, c.dark),
    circle(670, 748, 20, c.dark),
  ].join('');
  return { svg, shadow: 260, base: 768 };
};

export const socketSet: Draw = (c) => {
  const sockets = Array.from(
    { length: 10 },
    (_, i) => rect(250 + i * 48, 560 - (i % 2) * 6, 34, 70 + i * 4, c.metal, 6) + circle(267 + i * 48, 570 - (i % 2) * 6, 10, c.metalDark),
  ).join('');
  const svg = [
    shape('M200 520 L760 520 L740 440 L220 440 Z', c.dark),
    rect(200, 520, 560, 220, c.dark, 14),
    rect(220, 540, 520, 180, '#3a3f48', 8),
    sockets,
    line(260, 690, 600, 690, c.metal, 18),
    circle(620, 690, 30, c.metal),
    rect(440, 720, 80, 20, c.metal, 6),
  ].join('');
  return { svg, shadow: 300, base: 742 };
};

export const laserLevel: Draw = (c) => {
  const svg = [
    line(100, 430, 860, 430, '#3fe05a', 6, 'opacity="0.8"'),
    line(480, 120, 480, 420, '#3fe05a', 6, 'opacity="0.8"'),
    rect(360, 360, 240, 260, '#3fa45b', 30),
    rect(390, 390, 180, 120, c.dark, 16),
    circle(480, 430, 30, '#9ff0aa'),
    rect(420, 540, 120, 50, c.dark, 10),
    line(480, 620, 380, 760, c.dark, 12),
    line(480, 620, 580, 760, c.dark, 12),
    line(480, 620, 480, 760, c.dark, 12),
  ].join('');
  return { svg, shadow: 220, base: 770 };
};

export const welder: Draw = (c) => {
  const svg = [
    rect(240, 360, 380, 380, c.main, 20),
    rect(270, 390, 150, 100, c.dark, 10),
    rect(290, 410, 110, 40, hsl(20, 80, 55), 6),
    ...[0, 1].map((i) => circle(300 + i * 80, 560, 26, c.dark)),
    rect(460, 400, 130, 300, c.mainDark, 10),
    stroke('M620 600 Q760 640 740 500 L700 420', c.dark, 18),
    line(700, 420, 760, 340, c.metalDark, 14),
    rect(270, 320, 320, 40, c.dark, 12),
  ].join('');
  return { svg, shadow: 280, base: 742 };
};
