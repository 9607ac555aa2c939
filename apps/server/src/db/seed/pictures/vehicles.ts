/** Vehicles and their parts: bicycles, cars, utes, boats, caravans, motorbikes, wheels. */
import { bikeWheel, circle, ellipse, hsl, line, rect, shape, shine, stroke, wheel, type Colours, type Draw } from './kit';

export const bicycle: Draw = (c) => {
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

export const car: Draw = (c, r) => {
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

export const ute: Draw = (c, r) => {
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

export const boat: Draw = (c) => {
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

export const caravan: Draw = (c) => {
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

export const motorbike: Draw = (c) => {
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

export const carWheel: Draw = (c) => {
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

export const suv: Draw = (c, r) => {
  const rack = r() < 0.6;
  const svg = [
    shape('M226 560 L246 420 Q252 398 280 398 L604 398 Q628 398 644 420 L722 536 L770 556 L770 562 Z', c.main),
    rect(268, 418, 150, 110, c.glass, 10),
    rect(434, 418, 150, 110, c.glass, 10),
    shape('M600 418 L632 422 L700 528 L600 528 Z', c.glass),
    rect(180, 520, 612, 150, c.main, 34),
    rect(180, 600, 612, 14, c.mainDark, 0, 'opacity="0.5"'),
    line(426, 540, 426, 656, c.mainDark, 4),
    line(592, 540, 592, 656, c.mainDark, 4),
    rect(762, 556, 36, 40, '#fff6cf', 10),
    rect(172, 546, 20, 40, '#d94b4b', 8),
    rack ? rect(262, 378, 330, 14, c.dark, 6) + line(296, 390, 296, 400, c.dark, 8) + line(560, 390, 560, 400, c.dark, 8) : '',
    circle(300, 668, 82, c.mainDark),
    circle(664, 668, 82, c.mainDark),
    wheel(300, 690, 72, c, 6, true),
    wheel(664, 690, 72, c, 6, true),
    wheel(160, 566, 56, c, 5, true),
  ].join('');
  return { svg, shadow: 340, flip: true };
};

/** A boat trailer under a hull: drawbar to the right, one wheel. */
const trailer = (c: Colours) => rect(240, 700, 470, 14, c.dark, 7) + line(700, 707, 830, 707, c.dark, 12) + wheel(440, 722, 42, c, 5);

function outboard(c: Colours, x: number, top: number) {
  return [
    rect(x + 18, top + 70, 24, 130, c.dark),
    shape(`M${x + 8} ${top + 196} L${x + 52} ${top + 196} L${x + 44} ${top + 226} L${x + 16} ${top + 226} Z`, c.metalDark),
    rect(x, top, 60, 90, c.dark, 16),
    rect(x, top, 60, 26, c.accent, 12),
  ].join('');
}

export const tinnie: Draw = (c) => {
  const svg = [
    trailer(c),
    shape('M190 560 L790 560 L748 660 Q728 692 684 692 L262 692 Q222 692 212 660 Z', c.metal),
    shape('M204 600 L774 600 L764 624 L210 626 Z', c.main),
    ...[300, 400, 500, 600, 700].map((x) => circle(x, 646, 6, c.metalDark)),
    rect(184, 548, 612, 18, c.metalDark, 8),
    rect(390, 548, 110, 16, c.wood, 4),
    rect(580, 548, 90, 16, c.wood, 4),
    outboard(c, 140, 470),
  ].join('');
  return { svg, shadow: 340, flip: true };
};

export const inflatableBoat: Draw = (c) => {
  const tube = hsl(210, 8, 42);
  const svg = [
    trailer(c),
    rect(230, 596, 470, 80, c.dark, 20),
    rect(200, 560, 560, 116, tube, 58),
    rect(236, 578, 470, 34, hsl(210, 8, 30), 17),
    ellipse(742, 618, 48, 58, tube),
    stroke('M250 600 L700 600', '#ffffff', 8, 'opacity="0.25"'),
    rect(300, 644, 360, 12, c.main, 6),
    ...[330, 470, 610].map((x) => stroke(`M${x} 628 q20 16 40 0`, c.dark, 6)),
    outboard(c, 150, 470),
  ].join('');
  return { svg, shadow: 330, flip: true };
};

function hull(c: Colours, x: number, w: number, y: number, colour: string) {
  return (
    shape(
      `M${x} ${y} L${x + w} ${y - 14} Q${x + w - 30} ${y + 70} ${x + w - 110} ${y + 78} L${x + 70} ${y + 78} Q${x + 14} ${y + 70} ${x} ${y} Z`,
      colour,
    ) + line(x + 10, y + 26, x + w - 20, y + 14, c.mainDark, 6, 'opacity="0.5"')
  );
}

export const sailboat: Draw = (c) => {
  const svg = [
    line(470, 650, 470, 130, c.metalDark, 9),
    shape('M482 140 L482 618 L730 618 Z', c.light),
    ...[260, 380, 500].map((y) => line(482, y, 482 + (y - 140) * 0.52, y, c.metal, 3)),
    circle(560, 470, 34, c.main),
    line(470, 626, 740, 626, c.dark, 9),
    hull(c, 200, 580, 652, c.light),
    shape('M206 668 L770 650 L760 680 L214 694 Z', c.main),
  ].join('');
  return { svg, shadow: 320, flip: true, tall: true };
};

export const catamaran: Draw = (c) => {
  const stripes = [c.main, c.accent, '#e6c23a', c.mainDark];
  const sail = 'M482 130 L482 600 L740 600 Q700 360 482 130 Z';
  const svg = [
    line(470, 640, 470, 120, c.metalDark, 9),
    `<clipPath id="cat-sail"><path d="${sail}"/></clipPath>`,
    `<g clip-path="url(#cat-sail)">${stripes.map((col, i) => rect(470, 130 + i * 118, 300, 118, col)).join('')}</g>`,
    shape('M460 180 L460 590 L300 590 Z', c.light),
    line(470, 610, 740, 610, c.dark, 9),
    rect(240, 628, 480, 26, c.dark, 8, 'opacity="0.75"'),
    hull(c, 190, 600, 668, c.light),
    hull(c, 240, 540, 640, c.mainLight),
  ].join('');
  return { svg, shadow: 330, flip: true, tall: true };
};

export const jetSki: Draw = (c) => {
  const svg = [
    trailer(c),
    shape('M170 626 Q186 566 300 556 L560 544 Q706 534 790 604 Q800 646 744 662 L232 676 Q172 668 170 626 Z', c.light),
    shape('M300 556 L560 544 Q668 538 732 576 L300 596 Z', c.main),
    line(210, 646, 750, 634, c.accent, 12),
    shape('M600 546 L646 482 L712 544 Z', c.glass, 'opacity="0.85"'),
    shape('M318 546 Q328 500 384 498 L520 498 Q566 500 566 532 L318 556 Z', c.dark),
    line(606, 520, 640, 470, c.dark, 14),
    line(606, 466, 690, 466, c.dark, 14),
    shine('M330 566 Q460 556 560 552', 8),
  ].join('');
  return { svg, shadow: 330, flip: true };
};

export const camperTrailer: Draw = (c) => {
  const canvas = hsl(40, 28, 72);
  const svg = [
    line(710, 650, 860, 690, c.dark, 14),
    line(830, 680, 830, 740, c.dark, 10),
    circle(830, 752, 16, c.dark),
    shape('M224 520 L306 350 L612 350 L696 520 Z', canvas),
    shape('M306 350 L612 350 L600 376 L318 376 Z', hsl(40, 22, 58)),
    rect(360, 400, 200, 80, hsl(200, 20, 40), 10, 'opacity="0.7"'),
    line(460, 400, 460, 480, canvas, 6),
    rect(200, 520, 520, 150, c.light, 18),
    rect(200, 596, 520, 24, c.main),
    rect(230, 540, 90, 40, c.metalDark, 6),
    shape('M370 670 Q370 600 460 600 Q550 600 550 670 Z', c.mainDark),
    wheel(460, 690, 62, c, 5, true),
  ].join('');
  return { svg, shadow: 330, flip: true };
};

export const dirtBike: Draw = (c) => {
  const knobbly = (x: number) =>
    `<circle cx="${x}" cy="660" r="96" fill="none" stroke="${c.dark}" stroke-width="24" stroke-dasharray="14 9"/>`;
  const svg = [
    bikeWheel(290, 660, 96, c),
    bikeWheel(680, 660, 96, c),
    knobbly(290),
    knobbly(680),
    line(680, 660, 612, 400, c.metal, 16),
    line(290, 660, 430, 560, c.metalDark, 14),
    rect(420, 520, 120, 110, c.dark, 20),
    shape('M600 420 Q660 400 720 420 L700 452 Q660 440 610 452 Z', c.main),
    shape('M340 470 L560 456 Q600 454 600 480 L580 520 L360 520 Q320 510 340 470 Z', c.main),
    shape('M250 470 L470 462 L468 486 L262 492 Z', c.dark),
    shape('M560 420 L640 400 L650 470 L580 480 Z', c.light),
    line(590, 396, 650, 380, c.dark, 12),
    stroke('M420 640 L560 640 Q600 636 610 600', c.metal, 14),
    shape('M200 450 L290 470 L280 500 L190 480 Z', c.main),
  ].join('');
  return { svg, shadow: 320, flip: true, base: 768 };
};

export const scooter: Draw = (c) => {
  const svg = [
    wheel(300, 694, 60, c, 5),
    wheel(664, 694, 60, c, 5),
    shape('M196 664 Q186 520 320 500 L430 500 Q450 560 446 644 L446 664 Z', c.main),
    shape('M230 502 Q236 458 296 458 L424 458 Q446 462 436 502 Z', c.dark),
    rect(430, 630, 170, 30, c.dark, 10),
    shape('M584 664 L604 420 Q612 392 640 392 L664 392 L648 664 Z', c.main),
    shape('M594 640 Q664 600 734 656 L724 672 Q664 640 604 664 Z', c.mainDark),
    line(600, 378, 704, 378, c.dark, 14),
    circle(654, 400, 24, '#fff6cf', `stroke="${c.metal}" stroke-width="6"`),
    shine('M240 540 Q260 512 320 508'),
    line(250, 596, 420, 596, c.light, 6, 'opacity="0.6"'),
  ].join('');
  return { svg, shadow: 300, flip: true, base: 754 };
};

export const balanceBike: Draw = (c) => {
  const svg = [
    bikeWheel(320, 650, 100, c),
    bikeWheel(640, 650, 100, c),
    line(320, 650, 440, 500, c.main, 18),
    line(440, 500, 600, 500, c.main, 20),
    line(600, 500, 640, 650, c.metalDark, 14),
    line(600, 500, 580, 410, c.metalDark, 12),
    line(548, 404, 620, 404, c.dark, 16),
    line(440, 500, 430, 450, c.metalDark, 12),
    shape('M380 436 Q430 420 480 440 Q440 456 384 452 Z', c.dark),
  ].join('');
  return { svg, shadow: 280, flip: true, base: 760 };
};

export const rideOnCar: Draw = (c) => {
  const svg = [
    rect(210, 540, 540, 130, c.main, 60),
    shape('M560 540 L720 560 Q760 570 760 610 L560 610 Z', c.mainLight, 'opacity="0.4"'),
    rect(360, 470, 130, 100, c.dark, 26),
    shape('M540 546 L580 462 L598 462 L570 546 Z', c.glass),
    circle(530, 500, 26, 'none', `stroke="${c.dark}" stroke-width="10"`),
    line(530, 500, 560, 546, c.dark, 10),
    rect(732, 580, 22, 30, '#fff6cf', 8),
    rect(206, 580, 20, 30, '#d94b4b', 8),
    rect(600, 600, 100, 14, c.mainDark, 7),
    shine('M250 560 Q300 546 360 548'),
    wheel(310, 690, 58, c, 6),
    wheel(650, 690, 58, c, 6),
  ].join('');
  return { svg, shadow: 290, flip: true, base: 748 };
};

export const bullbar: Draw = (c, r) => {
  const steel = r() < 0.5 ? c.dark : c.metalDark;
  const svg = [
    shape('M196 640 L764 640 L724 724 L236 724 Z', steel),
    stroke('M200 650 L200 480 Q200 436 244 436 L716 436 Q760 436 760 480 L760 650', steel, 32),
    stroke('M400 436 L400 372 Q400 342 430 342 L530 342 Q560 342 560 372 L560 436', steel, 28),
    line(334, 436, 334, 650, steel, 24),
    line(626, 436, 626, 650, steel, 24),
    line(200, 540, 760, 540, steel, 18),
    circle(267, 590, 34, '#fff6cf', `stroke="${c.metal}" stroke-width="8"`),
    circle(693, 590, 34, '#fff6cf', `stroke="${c.metal}" stroke-width="8"`),
    shine('M230 452 L700 452', 6),
  ].join('');
  return { svg, shadow: 300, base: 724 };
};

export const tailLights: Draw = (c) => {
  const lamp = (x: number, flip: number) =>
    `<g transform="translate(${x} 0) scale(${flip} 1)">` +
    shape('M0 420 L230 400 Q270 400 270 444 L250 640 Q246 680 206 680 L24 680 Q0 680 0 650 Z', c.dark) +
    shape('M20 436 L226 420 Q250 420 248 448 L232 604 L20 604 Z', '#c8323d') +
    shape('M20 604 L232 604 L228 640 Q226 660 204 660 L36 660 Q20 660 20 644 Z', '#e8892a') +
    rect(70, 470, 110, 70, '#ffffff', 10, 'opacity="0.7"') +
    stroke('M40 452 L200 440', '#ffffff', 8, 'opacity="0.35"') +
    '</g>';
  return { svg: lamp(190, 1) + lamp(770, -1), shadow: 300, base: 680 };
};

export const headlight: Draw = (c) => {
  const svg = [
    shape('M180 470 Q200 400 300 390 L700 370 Q780 370 780 440 L760 600 Q750 660 680 660 L260 660 Q170 660 180 580 Z', c.dark),
    shape(
      'M210 480 Q222 420 300 414 L690 396 Q752 396 752 446 L736 590 Q730 636 676 636 L270 636 Q206 636 210 580 Z',
      c.glass,
      'opacity="0.9"',
    ),
    circle(340, 520, 70, c.metal),
    circle(340, 520, 44, '#fff6cf'),
    circle(560, 510, 80, c.metal),
    circle(560, 510, 52, '#fff6cf'),
    rect(260, 600, 420, 16, '#e8892a', 8),
    shine('M240 460 Q280 430 380 424', 10),
  ].join('');
  return { svg, shadow: 300, base: 660, flip: true };
};

export const roofRacks: Draw = (c) => {
  const bar = (y: number, x1: number, x2: number) =>
    rect(x1, y, x2 - x1, 34, c.dark, 14) +
    shine(`M${x1 + 20} ${y + 10} L${x2 - 20} ${y + 10}`, 6) +
    shape(`M${x1 + 30} ${y + 30} L${x1 + 90} ${y + 30} L${x1 + 100} ${y + 110} L${x1 + 10} ${y + 110} Z`, c.metalDark) +
    shape(`M${x2 - 90} ${y + 30} L${x2 - 30} ${y + 30} L${x2 - 10} ${y + 110} L${x2 - 100} ${y + 110} Z`, c.metalDark);
  const svg = [bar(430, 260, 720), bar(580, 180, 800), rect(400, 600, 160, 14, c.main, 7)].join('');
  return { svg, shadow: 320, base: 690 };
};

export const extractors: Draw = (c) => {
  const pipes = [0, 1, 2, 3]
    .map((i) => stroke(`M${240 + i * 80} 400 Q${250 + i * 80} ${560 - i * 10} ${520} ${600 + i * 12}`, i % 2 ? c.metal : c.metalDark, 34))
    .join('');
  const svg = [
    rect(200, 350, 380, 50, c.metalDark, 10),
    ...[0, 1, 2, 3, 4].map((i) => circle(220 + i * 85, 375, 10, c.dark)),
    pipes,
    shape('M500 570 L660 600 L660 680 L500 690 Z', c.metal),
    rect(650, 612, 160, 52, c.metalDark, 12),
    shine('M520 590 L640 612', 8),
  ].join('');
  return { svg, shadow: 300, base: 700, flip: true };
};

export const dcCharger: Draw = (c) => {
  const svg = [
    stroke('M300 600 Q220 640 200 720', '#c8323d', 14),
    stroke('M300 630 Q250 680 260 740', c.dark, 14),
    circle(200, 726, 16, 'none', `stroke="${c.metal}" stroke-width="8"`),
    circle(262, 744, 16, 'none', `stroke="${c.metal}" stroke-width="8"`),
    ...[0, 1, 2, 3, 4, 5, 6].map((i) => rect(330 + i * 44, 400, 24, 40, c.metalDark, 4)),
    rect(300, 430, 360, 260, c.dark, 22),
    rect(340, 480, 280, 100, c.main, 10),
    rect(360, 500, 160, 18, c.light, 9),
    rect(360, 534, 110, 14, c.light, 7, 'opacity="0.7"'),
    circle(580, 630, 14, '#3fa45b'),
    circle(620, 630, 14, '#e6c23a'),
    stroke('M660 600 Q740 620 760 720', '#c8323d', 14),
  ].join('');
  return { svg, shadow: 260, base: 752 };
};

export const carSeats: Draw = (c) => {
  const seat = (x: number, s: number) =>
    `<g transform="translate(${x} 770) scale(${s}) translate(-480 -770)">` +
    [
      rect(408, 190, 144, 96, c.dark, 36),
      line(440, 280, 440, 310, c.metal, 10),
      line(520, 280, 520, 310, c.metal, 10),
      shape('M360 300 L600 300 Q620 302 618 330 L628 600 L332 600 L342 330 Q340 302 360 300 Z', c.dark),
      shape('M420 320 L540 320 L548 590 L412 590 Z', c.main),
      ...[380, 440, 500].map((y) => line(420, y, 540, y, c.mainDark, 4)),
      shape('M320 580 L640 580 Q680 590 670 640 L652 690 L318 690 Q290 680 300 622 Z', c.dark),
      rect(400, 594, 160, 70, c.main, 16),
      rect(330, 700, 320, 18, c.metalDark, 6),
      line(360, 718, 360, 760, c.metalDark, 12),
      line(620, 718, 620, 760, c.metalDark, 12),
    ].join('') +
    '</g>';
  return { svg: seat(330, 0.82) + seat(620, 0.92), shadow: 330, base: 770 };
};

export const spoiler: Draw = (c) => {
  const svg = [
    rect(240, 650, 480, 30, c.dark, 10),
    shape('M310 470 L360 470 L390 650 L300 650 Z', c.mainDark),
    shape('M600 470 L650 470 L660 650 L570 650 Z', c.mainDark),
    shape('M150 440 Q480 396 810 440 L800 492 Q480 466 160 492 Z', c.main),
    shape('M140 400 L190 410 L186 510 L146 506 Z', c.mainDark),
    shape('M770 410 L820 400 L814 506 L774 510 Z', c.mainDark),
    shine('M200 444 Q480 410 760 444', 8),
  ].join('');
  return { svg, shadow: 330, base: 680 };
};

export const snorkel: Draw = (c) => {
  const svg = [
    stroke('M520 740 L520 380 Q520 300 440 300 L400 300', c.dark, 64),
    rect(290, 240, 130, 120, c.dark, 34),
    ...[270, 295, 320].map((y) => line(310, y, 400, y, '#454a54', 8)),
    rect(478, 540, 84, 44, c.metalDark, 8),
    rect(478, 650, 84, 44, c.metalDark, 8),
    shine('M540 700 L540 400', 10),
  ].join('');
  return { svg, shadow: 160, base: 772, tall: true };
};
