/** What people wear and carry: clothes, shoes, bags, watches and jewellery. */
import {
  circle,
  ellipse,
  FLOOR,
  hanger,
  hsl,
  line,
  pick,
  rect,
  scaled,
  shape,
  shine,
  stroke,
  type Colours,
  type Drawing,
  type Draw,
} from './kit';

export const handbag: Draw = (c) => {
  const svg = [
    `<path d="M380 490 Q380 320 480 320 Q580 320 580 490" fill="none" stroke="${c.mainDark}" stroke-width="26" stroke-linecap="round"/>`,
    `<path d="M300 480 L660 480 Q690 480 694 510 L716 720 Q718 750 688 750 L272 750 Q242 750 244 720 L266 510 Q270 480 300 480 Z" fill="${c.main}"/>`,
    `<path d="M280 480 L680 480 Q700 480 698 500 L690 590 Q480 640 270 590 L262 500 Q260 480 280 480 Z" fill="${c.mainDark}"/>`,
    `<rect x="456" y="590" width="48" height="40" rx="10" fill="#d8b25a" stroke="#a9843a" stroke-width="4"/>`,
    `<path d="M268 700 L692 700" stroke="${c.mainLight}" stroke-width="4" stroke-dasharray="12 10" opacity="0.7"/>`,
  ].join('');
  return { svg, shadow: 250, base: 750 };
};

export const watch: Draw = (c, r) => {
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

export const sneaker: Draw = (c) => {
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

export function tee(c: Colours, stripes: boolean, scale = 1): Drawing {
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

export const dress: Draw = (c, r) => {
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

export const necklace: Draw = (c, r) => {
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

export const kidsDress: Draw = (c, r) => scaled(dress(c, r), 0.82);

/** A long-sleeved top, flat, from the shoulders (y = 290) to `hem`. */
function longSleeves(colour: string, hem: number) {
  return shape(
    `M330 290 L405 262 Q480 300 555 262 L630 290 L742 566 L682 590 L622 430 L622 ${hem} Q480 ${hem + 12} 338 ${hem} L338 430 L278 590 L218 566 Z`,
    colour,
  );
}
const cuffs = (colour: string) =>
  shape('M742 566 L682 590 L674 570 L734 546 Z', colour) + shape('M218 566 L278 590 L286 570 L226 546 Z', colour);

export const pufferJacket: Draw = (c) => {
  const svg = [
    longSleeves(c.main, 720),
    ...[360, 430, 500, 570, 640].map((y) => stroke(`M338 ${y} Q480 ${y + 14} 622 ${y}`, c.mainDark, 6)),
    ...[360, 420, 480, 540].map((y) => stroke(`M${630 + (y - 290) * 0.41} ${y} l-50 20`, c.mainDark, 6)),
    ...[360, 420, 480, 540].map((y) => stroke(`M${330 - (y - 290) * 0.41} ${y} l50 20`, c.mainDark, 6)),
    shape('M410 262 Q480 296 550 262 L556 230 Q480 250 404 230 Z', c.mainDark),
    line(480, 296, 480, 726, c.dark, 6),
    cuffs(c.dark),
    shine('M360 320 Q360 400 370 480'),
  ].join('');
  return { svg, shadow: 280, base: 736 };
};

export const denimJacket: Draw = (c) => {
  const denim = hsl(214, 42, 48);
  const seam = '#e0a04a';
  const svg = [
    longSleeves(denim, 660),
    shape('M405 262 L480 360 L555 262 L530 256 L480 320 L430 256 Z', hsl(214, 40, 38)),
    line(480, 360, 480, 666, hsl(214, 40, 36), 5),
    rect(360, 400, 90, 70, hsl(214, 40, 42), 6),
    rect(510, 400, 90, 70, hsl(214, 40, 42), 6),
    rect(338, 620, 284, 40, hsl(214, 40, 40)),
    ...[400, 450, 500, 550, 600].map((y) => circle(492, y, 7, c.metal)),
    stroke('M350 520 Q480 530 610 520', seam, 4, 'stroke-dasharray="10 8"'),
    cuffs(hsl(214, 40, 40)),
  ].join('');
  return { svg, shadow: 270, base: 676 };
};

/** A colour at 80% opacity: the coat's collar and belt, a shade apart. */
const mixColour = (hex: string) => `${hex}cc`;

export const longCoat: Draw = (c, r) => {
  const coat = pick(r, [hsl(38, 30, 66), hsl(25, 35, 26), hsl(32, 28, 48), c.mainDark]);
  const svg = [
    hanger(c),
    longSleeves(coat, 760),
    shape('M405 262 L470 420 L480 760 L490 420 L555 262 L540 250 L480 380 L420 250 Z', c.dark, 'opacity="0.25"'),
    shape('M405 262 L450 380 L480 330 L510 380 L555 262 L530 256 L480 312 L430 256 Z', mixColour(coat)),
    rect(338, 480, 284, 30, mixColour(coat)),
    rect(462, 474, 36, 42, c.metal, 6),
    ...[540, 610, 680].flatMap((y) => [circle(446, y, 9, c.dark), circle(514, y, 9, c.dark)]),
    cuffs(mixColour(coat)),
  ].join('');
  return { svg, shadow: 250, base: 772, tall: true };
};

export const suit: Draw = (c) => {
  const navy = hsl(222, 40, 24);
  const svg = [
    hanger(c),
    longSleeves(navy, 700),
    shape('M420 262 L480 460 L540 262 Z', c.light),
    shape('M470 300 L490 300 L500 420 L480 450 L460 420 Z', c.main),
    shape('M405 262 L460 430 L480 470 L430 330 L438 290 Z', hsl(222, 36, 18)),
    shape('M555 262 L500 430 L480 470 L530 330 L522 290 Z', hsl(222, 36, 18)),
    circle(480, 560, 9, c.dark),
    circle(480, 620, 9, c.dark),
    rect(540, 400, 60, 10, c.light, 4),
    line(360, 600, 430, 600, hsl(222, 36, 18), 6),
    line(530, 600, 600, 600, hsl(222, 36, 18), 6),
    cuffs(hsl(222, 36, 18)),
  ].join('');
  return { svg, shadow: 250, base: 712, tall: true };
};

export const jumper: Draw = (c) => {
  const svg = [
    longSleeves(c.main, 690),
    ...[400, 480, 560].map((x) =>
      stroke(`M${x} 320 q18 30 0 60 q-18 30 0 60 q18 30 0 60 q-18 30 0 60 q18 30 0 60 q-18 30 0 54`, c.mainDark, 8),
    ),
    rect(338, 660, 284, 40, c.mainDark, 8),
    shape('M405 262 Q480 320 555 262 L548 250 Q480 296 412 250 Z', c.mainDark),
    cuffs(c.mainDark),
  ].join('');
  return { svg, shadow: 270, base: 700 };
};

export const kidsJumper: Draw = (c, r) => scaled(jumper(c, r), 0.8);

export const shirt: Draw = (c) => {
  const svg = [
    hanger(c),
    longSleeves(c.mainLight, 720),
    shape('M405 262 L470 318 L450 344 L398 280 Z', c.light),
    shape('M555 262 L490 318 L510 344 L562 280 Z', c.light),
    line(480, 318, 480, 726, c.main, 5),
    ...[360, 430, 500, 570, 640].map((y) => circle(492, y, 7, c.light)),
    rect(520, 380, 70, 70, c.main, 6, 'opacity="0.35"'),
    cuffs(c.main),
  ].join('');
  return { svg, shadow: 260, base: 732, tall: true };
};

/** Trousers from the waist (y = 250) to the ankles (y = 750); `w` narrows or widens the legs. */
function trousers(colour: string, w = 0) {
  return shape(`M370 250 L590 250 L${612 + w} 750 L${500 - w / 3} 750 L480 430 L${460 + w / 3} 750 L${348 - w} 750 Z`, colour);
}

export const jeans: Draw = (c) => {
  const denim = hsl(214, 45, 42);
  const seam = '#e0a04a';
  const svg = [
    trousers(denim),
    rect(368, 250, 224, 36, hsl(214, 45, 34)),
    stroke('M384 290 Q420 340 470 320', seam, 4, 'stroke-dasharray="8 6"'),
    stroke('M576 290 Q540 340 490 320', seam, 4, 'stroke-dasharray="8 6"'),
    line(480, 286, 480, 400, seam, 4, 'stroke-dasharray="8 6"'),
    circle(480, 266, 8, c.metal),
    ...[380, 430, 530, 580].map((x) => rect(x - 6, 246, 12, 40, hsl(214, 45, 30))),
    stroke('M360 480 L372 740 M600 480 L588 740', hsl(214, 45, 52), 6),
  ].join('');
  return { svg, shadow: 200, base: 752 };
};

export const tailoredTrousers: Draw = (c, r) => {
  const colour = pick(r, [c.dark, c.mainDark, hsl(30, 20, 70)]);
  const svg = [
    trousers(colour, 24),
    rect(368, 250, 224, 34, c.dark, 0, 'opacity="0.3"'),
    line(420, 300, 400, 740, '#ffffff', 4, 'opacity="0.25"'),
    line(540, 300, 560, 740, '#ffffff', 4, 'opacity="0.25"'),
    rect(470, 256, 20, 22, c.metal, 4),
  ].join('');
  return { svg, shadow: 220, base: 752 };
};

export const activewear: Draw = (c) => {
  const legs =
    trousers(c.dark, -30) +
    rect(370, 250, 220, 40, c.main) +
    stroke('M392 320 L372 730', c.main, 8) +
    stroke('M568 320 L588 730', c.main, 8);
  const leggings = `<g transform="translate(130 0)">${scaled({ svg: legs, shadow: 180 }, 0.9).svg}</g>`;
  const tank = [
    shape(
      'M250 250 L300 250 Q320 330 380 332 Q440 330 460 250 L510 250 L516 330 Q534 370 520 410 L530 560 Q380 584 230 560 L240 410 Q226 370 244 330 Z',
      c.main,
    ),
    stroke('M300 250 Q320 330 380 332 Q440 330 460 250', c.mainDark, 8),
    shape('M240 430 Q380 470 522 430 L524 460 Q380 500 238 460 Z', c.mainDark, 'opacity="0.5"'),
  ].join('');
  return { svg: leggings + `<g transform="translate(-40 190)">${tank}</g>`, shadow: 260, base: 752 };
};

export const boardshorts: Draw = (c) => {
  const outline = 'M350 330 L610 330 L660 620 L500 640 L480 500 L460 640 L300 620 Z';
  const svg = [
    `<clipPath id="shorts"><path d="${outline}"/></clipPath>`,
    shape(outline, c.main),
    `<g clip-path="url(#shorts)">${[0, 1, 2, 3].map((i) => rect(280, 400 + i * 60, 400, 24, i % 2 ? c.accent : c.light, 0, 'opacity="0.85"')).join('')}</g>`,
    rect(348, 320, 264, 36, c.mainDark),
    stroke('M470 356 q-10 40 -20 60 M490 356 q10 40 20 60', c.light, 6),
  ].join('');
  return { svg, shadow: 220, base: 650 };
};

export const hat: Draw = (c, r) => {
  const felt = pick(r, [hsl(36, 32, 64), hsl(25, 35, 30), hsl(30, 10, 24)]);
  const svg = [
    ellipse(480, 600, 320, 86, felt),
    ellipse(480, 592, 300, 72, '#00000022'),
    shape('M320 600 Q316 430 400 400 Q480 430 560 400 Q644 430 640 600 Q480 630 320 600 Z', felt),
    shape('M400 400 Q480 440 560 400 Q520 470 480 470 Q440 470 400 400 Z', '#00000026'),
    shape('M322 560 Q480 590 638 560 L640 600 Q480 630 320 600 Z', c.dark),
    shine('M350 540 Q356 470 400 440'),
  ].join('');
  return { svg, shadow: 300, base: 690 };
};

function boot(colour: string, sole: string, x: number, s: number, elastic: string) {
  return (
    `<g transform="translate(${x} 770) scale(${s}) translate(-480 -770)">` +
    shape('M300 300 L450 300 L462 560 Q480 600 560 620 L680 650 Q742 670 742 722 L742 740 L290 740 L290 600 Z', colour) +
    shape('M330 330 L420 330 L430 520 L320 520 Z', elastic) +
    stroke('M440 300 q30 -40 0 -60', colour, 12) +
    rect(284, 736, 464, 24, sole, 8) +
    shine('M320 320 L318 560', 10) +
    '</g>'
  );
}

export const boots: Draw = (c, r) => {
  const leather = pick(r, [hsl(25, 40, 30), hsl(20, 35, 22), hsl(30, 45, 40), c.dark]);
  return { svg: boot(leather, c.dark, 420, 0.82, c.dark) + boot(leather, c.dark, 560, 0.9, c.dark), shadow: 290, base: 770 };
};

export const uggBoots: Draw = () => {
  const suede = hsl(30, 42, 52);
  const ugg = (x: number, s: number) =>
    `<g transform="translate(${x} 770) scale(${s}) translate(-480 -770)">` +
    shape('M330 380 L470 380 L480 600 Q560 606 640 636 Q704 660 704 716 L704 746 L300 746 Q288 640 330 380 Z', suede) +
    ellipse(400, 380, 86, 30, hsl(40, 40, 88)) +
    rect(296, 738, 412, 22, hsl(35, 30, 80), 10) +
    stroke('M320 700 L690 700', hsl(30, 40, 40), 4, 'stroke-dasharray="8 8"') +
    '</g>';
  return { svg: ugg(400, 0.8) + ugg(580, 0.9), shadow: 280, base: 770 };
};

export const heels: Draw = (c) => {
  const shoe = (x: number, s: number) =>
    `<g transform="translate(${x} 770) scale(${s}) translate(-480 -770)">` +
    shape(
      'M250 560 Q320 520 430 600 L600 660 Q700 680 724 716 Q730 740 700 740 L560 740 Q480 700 400 690 L330 690 L330 750 L264 750 L262 610 Q240 590 250 560 Z',
      c.main,
    ) +
    shape('M264 620 L330 660 L330 750 L264 750 Z', c.mainDark) +
    shape('M300 600 Q360 600 420 640 Q380 650 320 640 Z', c.dark, 'opacity="0.5"') +
    shine('M300 570 Q340 560 400 600', 8) +
    '</g>';
  return { svg: shoe(400, 0.85) + shoe(560, 0.92), shadow: 280, base: 770 };
};

export const sandals: Draw = (c) => {
  const holes = [0, 1, 2, 3, 4, 5].map((i) => circle(560 + (i % 3) * 44, 536 + Math.floor(i / 3) * 34, 10, c.mainDark)).join('');
  const clog =
    shape(
      'M236 640 Q232 556 300 540 L420 530 Q444 480 524 480 L604 490 Q724 510 734 600 Q738 650 694 660 L258 668 Q236 664 236 640 Z',
      c.main,
    ) +
    ellipse(350, 534, 84, 20, c.mainDark) +
    holes +
    stroke('M300 560 Q250 600 300 640', c.accent, 16) +
    circle(304, 600, 14, c.accent) +
    rect(232, 654, 506, 22, c.mainDark, 10) +
    shine('M440 510 Q480 496 540 498', 8);
  const flip = ellipse(480, 740, 250, 26, c.accent) + stroke('M640 736 L580 700 L400 712 M580 700 L560 740', c.dark, 12);
  return { svg: flip + clog, shadow: 290, base: 770 };
};

export const pyjamas: Draw = (c, r) => {
  const stars = Array.from({ length: 14 }, () =>
    circle(Math.round(340 + r() * 280), Math.round(300 + r() * 420), 8, c.light, 'opacity="0.8"'),
  ).join('');
  const top = tee(c, false, 0.62).svg;
  const bottoms = `<g transform="translate(240 0)">${scaled({ svg: trousers(c.mainDark), shadow: 100 }, 0.62).svg}</g>`;
  return { svg: `<g transform="translate(-150 0)">${top}</g>` + bottoms + `<g opacity="0.7">${stars}</g>`, shadow: 300, base: 770 };
};

export const tutu: Draw = (c) => {
  const svg = [
    hanger(c),
    line(420, 250, 430, 330, c.main, 14),
    line(540, 250, 530, 330, c.main, 14),
    shape('M410 320 Q480 360 550 320 L560 470 Q480 490 400 470 Z', c.main),
    ...[0, 1, 2].map((i) =>
      shape(
        `M${380 - i * 30} ${470 + i * 14} Q480 ${440 + i * 14} ${580 + i * 30} ${470 + i * 14} L${640 + i * 30} ${600 + i * 20} Q480 ${650 + i * 20} ${320 - i * 30} ${600 + i * 20} Z`,
        c.mainLight,
        'opacity="0.6"',
      ),
    ),
    rect(396, 462, 168, 18, c.mainDark, 8),
  ].join('');
  return { svg, shadow: 230, base: 690 };
};

export const gown: Draw = (c) => {
  const outline = 'M420 296 Q480 330 540 296 L560 470 Q520 600 620 760 L700 780 Q480 800 260 780 L340 760 Q440 600 400 470 Z';
  const svg = [
    hanger(c),
    line(430, 250, 436, 300, c.mainDark, 10),
    line(530, 250, 524, 300, c.mainDark, 10),
    shape(outline, c.main),
    shape('M400 470 Q480 500 560 470 L556 500 Q480 520 404 500 Z', c.mainDark),
    stroke('M470 520 Q440 650 380 770 M500 520 Q540 650 600 770', c.mainDark, 5, 'opacity="0.4"'),
    shine('M430 330 Q420 400 430 460', 10),
  ].join('');
  return { svg, shadow: 240, base: 790, tall: true };
};

export const kidsClothes: Draw = (c) => {
  const folded = (y: number, colour: string, dark: string, w: number) =>
    rect(480 - w / 2, y, w, 70, colour, 14) +
    rect(480 - w / 2, y + 54, w, 16, dark, 6) +
    shape(`M${480 - 50} ${y} Q480 ${y + 30} ${480 + 50} ${y} Z`, dark);
  const svg = [
    folded(680, c.main, c.mainDark, 400),
    folded(606, c.accent, c.accentDark, 380),
    folded(532, hsl(c.hue + 60, 60, 60), hsl(c.hue + 60, 55, 45), 390),
    folded(458, c.light, c.metal, 370),
    rect(350, 480, 80, 26, c.accent, 6, 'opacity="0.8"'),
  ].join('');
  return { svg, shadow: 240, base: 750 };
};

export const onesie: Draw = (c) => {
  const svg = [
    hanger(c),
    shape(
      'M400 262 Q480 300 560 262 L640 290 L720 500 L670 520 L612 400 L612 560 Q620 640 640 700 L660 740 L560 750 L500 600 L480 580 L460 600 L400 750 L300 740 L320 700 Q340 640 348 560 L348 400 L290 520 L240 500 L320 290 Z',
      c.mainLight,
    ),
    ...[0, 1, 2, 3, 4, 5].map((i) => circle(380 + (i % 3) * 100, 360 + Math.floor(i / 3) * 110, 16, c.main)),
    line(480, 300, 480, 580, c.metalDark, 5),
    shape('M300 740 L400 750 L404 770 L296 762 Z', c.main),
    shape('M560 750 L660 740 L664 762 L556 770 Z', c.main),
  ].join('');
  return { svg, shadow: 240, base: 772, tall: true };
};

export const wetsuit: Draw = (c) => {
  const svg = [
    hanger(c),
    shape(
      'M400 262 Q480 296 560 262 L640 290 L700 560 L650 576 L610 400 L610 480 L612 760 L510 760 L490 500 L470 500 L450 760 L348 760 L350 480 L350 400 L310 576 L260 560 L320 290 Z',
      c.dark,
    ),
    shape('M320 290 L400 262 Q480 296 560 262 L640 290 L630 330 Q480 360 330 330 Z', c.main),
    shape('M350 480 L610 480 L612 520 L348 520 Z', c.mainDark, 'opacity="0.6"'),
    stroke('M470 300 L470 460', '#5a606a', 6),
    stroke('M480 300 q40 60 -10 120 q-50 40 30 100', c.accent, 6),
    shine('M370 320 Q360 420 366 520', 10),
  ].join('');
  return { svg, shadow: 220, base: 772, tall: true };
};

export const backpack: Draw = (c) => {
  const svg = [
    stroke('M420 330 Q420 280 480 280 Q540 280 540 330', c.mainDark, 20),
    rect(320, 320, 320, 420, c.main, 70),
    rect(360, 520, 240, 190, c.mainDark, 36),
    line(370, 560, 590, 560, c.mainLight, 6),
    rect(456, 540, 48, 14, c.metal, 6),
    rect(330, 380, 300, 20, c.mainDark, 10, 'opacity="0.6"'),
    shape('M300 420 Q270 560 300 700 L320 700 L320 420 Z', c.mainDark),
    shine('M350 400 Q346 460 352 500'),
  ].join('');
  return { svg, shadow: 200, base: 740 };
};

export const wallet: Draw = (c) => {
  const svg = [
    rect(280, 470, 400, 260, c.mainDark, 28),
    rect(330, 420, 150, 110, c.accent, 10, 'transform="rotate(-8 405 475)"'),
    rect(420, 410, 150, 110, c.light, 10, 'transform="rotate(6 495 465)"'),
    rect(280, 500, 400, 230, c.main, 28),
    shape('M280 520 L680 520 L680 600 Q480 640 280 600 Z', c.mainDark),
    circle(480, 604, 16, '#d8b25a'),
    stroke('M300 700 L660 700', c.mainLight, 4, 'stroke-dasharray="10 8" opacity="0.7"'),
  ].join('');
  return { svg, shadow: 230, base: 730 };
};

export const belt: Draw = (c) => {
  const leather = hsl(25, 40, 32);
  const coil = [200, 160, 120]
    .map((rad, i) => ellipse(480, 620, rad, rad * 0.55, 'none', `stroke="${i % 2 ? hsl(25, 38, 26) : leather}" stroke-width="38"`))
    .join('');
  const svg = [
    coil,
    rect(610, 430, 110, 150, 'none', 20, `stroke="${c.metal}" stroke-width="18"`),
    rect(560, 470, 100, 70, leather, 10),
    line(660, 505, 720, 505, c.metal, 12),
    ...[0, 1, 2].map((i) => circle(580 - i * 26, 505, 6, hsl(25, 40, 18))),
  ].join('');
  return { svg, shadow: 240, base: 740 };
};

export const sunglasses: Draw = (c) => {
  const lens = (x: number) =>
    shape(
      `M${x} 520 L${x + 200} 510 Q${x + 210} 510 ${x + 204} 540 L${x + 186} 640 Q${x + 180} 660 ${x + 160} 660 L${x + 44} 660 Q${x + 20} 660 ${x + 16} 640 L${x} 540 Z`,
      c.dark,
    );
  const svg = [
    stroke('M200 520 L140 500 L120 620', c.dark, 16),
    stroke('M760 520 L820 500 L840 620', c.dark, 16),
    lens(190),
    lens(570),
    stroke('M396 540 Q480 500 564 540', c.dark, 18),
    shape('M214 540 L370 532 L360 600 Q290 560 214 600 Z', '#ffffff', 'opacity="0.18"'),
    shape('M594 540 L750 532 L740 600 Q670 560 594 600 Z', '#ffffff', 'opacity="0.18"'),
  ].join('');
  return { svg, shadow: 280, base: 680 };
};

export const smartwatch: Draw = (c) => {
  const svg = [
    rect(416, 170, 128, 210, c.main, 30),
    rect(416, 560, 128, 210, c.main, 30),
    ...[200, 250, 620, 670, 720].map((y) => circle(480, y, 8, c.mainDark)),
    rect(600, 420, 26, 60, c.metalDark, 10),
    rect(340, 330, 280, 300, c.metal, 70),
    rect(358, 348, 244, 264, c.dark, 56),
    circle(480, 480, 80, 'none', `stroke="${c.accent}" stroke-width="16" stroke-dasharray="330 200"`),
    circle(480, 480, 56, 'none', `stroke="#3fa45b" stroke-width="14" stroke-dasharray="200 200"`),
    rect(440, 470, 80, 20, c.light, 10),
  ].join('');
  return { svg, shadow: 150 };
};

export const charmBracelet: Draw = (c, r) => {
  const gold = r() < 0.5;
  const metal = gold ? '#d7b15c' : c.metal;
  const beads = Array.from({ length: 24 }, (_, i) => {
    const t = (i / 24) * Math.PI * 2;
    return circle(Math.round(480 + Math.cos(t) * 230), Math.round(560 + Math.sin(t) * 110), 14, metal);
  }).join('');
  const charms = [0.6, 1.1, 1.6, 2.1, 2.6]
    .map((t, i) => {
      const x = Math.round(480 + Math.cos(t) * 230);
      const y = Math.round(560 + Math.sin(t) * 110);
      const col = [c.main, c.accent, '#e6c23a', '#ffffff', c.mainDark][i]!;
      return (
        line(x, y, x, y + 40, metal, 4) +
        (i % 2 ? circle(x, y + 56, 22, col) : shape(`M${x} ${y + 84} l-24 -26 a14 14 0 0 1 24 -14 a14 14 0 0 1 24 14 Z`, col))
      );
    })
    .join('');
  return { svg: beads + charms, shadow: 250, base: 760 };
};

export const pendant: Draw = (c, r) => {
  const chain = r() < 0.5 ? '#d7b15c' : c.metal;
  const stone = r() < 0.5 ? '#f3eee4' : 'url(#opal)';
  const svg = [
    '<linearGradient id="opal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5fc8d6"/><stop offset="0.5" stop-color="#9b7fe0"/><stop offset="1" stop-color="#6fd39b"/></linearGradient>',
    stroke('M260 200 Q300 520 480 560 Q660 520 700 200', chain, 6),
    circle(480, 572, 16, 'none', `stroke="${chain}" stroke-width="8"`),
    ellipse(480, 660, 62, 80, chain),
    ellipse(480, 660, 50, 68, stone),
    shine('M458 620 Q462 600 478 596', 8),
  ].join('');
  return { svg, shadow: 160, base: 744 };
};

export const earrings: Draw = (c) => {
  const pair = (x: number) =>
    stroke(`M${x} 300 q30 -30 40 10 L${x + 40} 360`, c.metal, 6) +
    circle(x + 40, 380, 26, '#d7b15c') +
    shape(`M${x + 40} 404 L${x + 100} 520 Q${x + 40} 600 ${x - 20} 520 Z`, c.main) +
    circle(x + 40, 540, 28, c.accent);
  const studs =
    circle(400, 680, 26, '#e9f2f7', `stroke="${c.metal}" stroke-width="8"`) +
    circle(560, 680, 26, '#e9f2f7', `stroke="${c.metal}" stroke-width="8"`);
  return { svg: pair(300) + pair(540) + studs, shadow: 230, base: 710 };
};
