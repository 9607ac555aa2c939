/** Sport, camping, the water, music, toys, hobbies and collectables. */
import { FLOOR, hsl, type Draw } from './kit';

export const guitar: Draw = (c) => {
  const svg = `<g transform="rotate(-18 480 520)">
    <rect x="462" y="120" width="36" height="330" fill="${c.woodDark}"/>
    <rect x="448" y="60" width="64" height="88" rx="16" fill="${c.dark}"/>
    ${[80, 104, 128].map((y) => `<circle cx="440" cy="${y}" r="7" fill="${c.metal}"/><circle cx="520" cy="${y}" r="7" fill="${c.metal}"/>`).join('')}
    <circle cx="480" cy="420" r="112" fill="${c.main}"/>
    <circle cx="480" cy="610" r="150" fill="${c.main}"/>
    <rect x="400" y="430" width="160" height="120" fill="${c.main}"/>
    <circle cx="480" cy="480" r="48" fill="${c.dark}"/>
    <circle cx="480" cy="480" r="58" fill="none" stroke="${c.mainLight}" stroke-width="6"/>
    <rect x="430" y="640" width="100" height="22" rx="8" fill="${c.woodDark}"/>
    ${[468, 476, 484, 492].map((x) => `<line x1="${x}" y1="140" x2="${x}" y2="650" stroke="${c.light}" stroke-width="2"/>`).join('')}
    <path d="M400 560 Q420 700 520 740" fill="none" stroke="${c.mainDark}" stroke-width="10" opacity="0.35"/>
  </g>`;
  return { svg, shadow: 200, base: 752, tall: true };
};

export const tent: Draw = (c) => {
  const svg = [
    `<line x1="170" y1="740" x2="280" y2="520" stroke="${c.dark}" stroke-width="3"/>`,
    `<line x1="790" y1="740" x2="680" y2="520" stroke="${c.dark}" stroke-width="3"/>`,
    `<path d="M190 750 Q300 420 480 300 Q660 420 770 750 Z" fill="${c.main}"/>`,
    `<path d="M480 300 Q430 520 330 750 L630 750 Q530 520 480 300 Z" fill="${c.mainDark}"/>`,
    `<path d="M480 420 Q450 600 400 750 L560 750 Q510 600 480 420 Z" fill="${c.dark}" opacity="0.8"/>`,
    `<path d="M190 750 Q300 420 480 300" fill="none" stroke="${c.accent}" stroke-width="10"/>`,
    `<path d="M770 750 Q660 420 480 300" fill="none" stroke="${c.accent}" stroke-width="10"/>`,
    `<line x1="480" y1="300" x2="480" y2="230" stroke="${c.metalDark}" stroke-width="6"/>`,
    `<path d="M480 230 L540 246 L480 262 Z" fill="${c.accent}"/>`,
  ].join('');
  return { svg, shadow: 330, base: 752 };
};

export const fishingRod: Draw = (c) => {
  const svg = [
    `<line x1="250" y1="740" x2="780" y2="190" stroke="${c.dark}" stroke-width="10" stroke-linecap="round"/>`,
    `<line x1="250" y1="740" x2="360" y2="626" stroke="${c.woodDark}" stroke-width="22" stroke-linecap="round"/>`,
    `<path d="M780 190 Q800 420 760 560" fill="none" stroke="${c.metalDark}" stroke-width="2"/>`,
    `<circle cx="410" cy="612" r="40" fill="${c.metal}"/><circle cx="410" cy="612" r="26" fill="${c.main}"/>`,
    `<path d="M740 560 Q760 590 790 570 L780 620 Q755 640 735 600 Z" fill="${c.accent}"/>`,
    `<rect x="510" y="640" width="240" height="110" rx="16" fill="${c.main}"/>`,
    `<rect x="510" y="640" width="240" height="34" rx="12" fill="${c.mainDark}"/>`,
    `<rect x="600" y="620" width="60" height="24" rx="8" fill="none" stroke="${c.dark}" stroke-width="8"/>`,
  ].join('');
  return { svg, shadow: 300, base: 752 };
};

export const teddy: Draw = (c) => {
  const fur = c.wood;
  const furDark = c.woodDark;
  const svg = [
    `<circle cx="390" cy="280" r="50" fill="${fur}"/><circle cx="390" cy="280" r="26" fill="${c.skin}"/>`,
    `<circle cx="570" cy="280" r="50" fill="${fur}"/><circle cx="570" cy="280" r="26" fill="${c.skin}"/>`,
    `<ellipse cx="320" cy="560" rx="60" ry="100" fill="${furDark}" transform="rotate(25 320 560)"/>`,
    `<ellipse cx="640" cy="560" rx="60" ry="100" fill="${furDark}" transform="rotate(-25 640 560)"/>`,
    `<ellipse cx="480" cy="590" rx="160" ry="170" fill="${fur}"/>`,
    `<ellipse cx="480" cy="620" rx="92" ry="110" fill="${c.skin}"/>`,
    `<ellipse cx="370" cy="720" rx="80" ry="56" fill="${furDark}"/><ellipse cx="350" cy="724" rx="36" ry="32" fill="${c.skin}"/>`,
    `<ellipse cx="590" cy="720" rx="80" ry="56" fill="${furDark}"/><ellipse cx="610" cy="724" rx="36" ry="32" fill="${c.skin}"/>`,
    `<circle cx="480" cy="370" r="125" fill="${fur}"/>`,
    `<ellipse cx="480" cy="412" rx="58" ry="44" fill="${c.skin}"/>`,
    `<ellipse cx="480" cy="392" rx="20" ry="14" fill="${c.dark}"/>`,
    `<path d="M480 404 L480 428 M458 436 Q480 450 502 436" fill="none" stroke="${c.dark}" stroke-width="6" stroke-linecap="round"/>`,
    `<circle cx="432" cy="340" r="12" fill="${c.dark}"/><circle cx="528" cy="340" r="12" fill="${c.dark}"/>`,
    `<path d="M420 480 L480 510 L540 480 L540 530 L480 504 L420 530 Z" fill="${c.main}"/>`,
    `<circle cx="480" cy="505" r="14" fill="${c.mainDark}"/>`,
  ].join('');
  return { svg, shadow: 240, base: 776 };
};

export const blocks: Draw = (c) => {
  const cube = (x: number, y: number, s: number, col: string, dark: string, light: string) =>
    `<path d="M${x} ${y} l${s * 0.5} ${-s * 0.28} l${s * 0.5} ${s * 0.28} l${-s * 0.5} ${s * 0.28} Z" fill="${light}"/>` +
    `<path d="M${x} ${y} l${s * 0.5} ${s * 0.28} l0 ${s * 0.62} l${-s * 0.5} ${-s * 0.28} Z" fill="${col}"/>` +
    `<path d="M${x + s * 0.5} ${y + s * 0.28} l${s * 0.5} ${-s * 0.28} l0 ${s * 0.62} l${-s * 0.5} ${s * 0.28} Z" fill="${dark}"/>` +
    `<circle cx="${x + s * 0.25}" cy="${y + s * 0.45}" r="${s * 0.1}" fill="${light}" opacity="0.8"/>`;
  const svg = [
    cube(230, 550, 240, c.main, c.mainDark, c.mainLight),
    cube(490, 550, 240, c.accent, c.accentDark, hsl(c.hue + 200, 60, 80)),
    cube(360, 398, 240, hsl(c.hue + 60, 65, 55), hsl(c.hue + 60, 60, 40), hsl(c.hue + 60, 60, 78)),
  ].join('');
  return { svg, shadow: 280 };
};

export const footy: Draw = (c, r) => {
  const col = r() < 0.5 ? '#b8322a' : c.main;
  const svg = `<g transform="rotate(-28 480 560)">
    <ellipse cx="480" cy="560" rx="250" ry="160" fill="${col}"/>
    <path d="M240 540 Q480 500 720 540" fill="none" stroke="#00000033" stroke-width="6"/>
    <path d="M240 580 Q480 620 720 580" fill="none" stroke="#00000033" stroke-width="6"/>
    <line x1="380" y1="480" x2="580" y2="480" stroke="${c.light}" stroke-width="8" stroke-linecap="round"/>
    ${[400, 430, 460, 490, 520, 550].map((x) => `<line x1="${x}" y1="466" x2="${x}" y2="494" stroke="${c.light}" stroke-width="8" stroke-linecap="round"/>`).join('')}
    <path d="M300 490 Q360 430 460 420" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.3"/>
  </g>`;
  return { svg, shadow: 240, base: 744 };
};

export const roundBall: Draw = (c) => {
  const svg = [
    `<circle cx="480" cy="560" r="200" fill="${c.main}"/>`,
    `<path d="M280 560 L680 560 M480 360 L480 760" stroke="${c.dark}" stroke-width="8"/>`,
    `<path d="M340 420 Q420 560 340 700 M620 420 Q540 560 620 700" fill="none" stroke="${c.dark}" stroke-width="8"/>`,
    `<path d="M360 450 Q400 390 470 380" fill="none" stroke="#ffffff" stroke-width="16" stroke-linecap="round" opacity="0.3"/>`,
  ].join('');
  return { svg, shadow: 180, base: 760 };
};

export const racquet: Draw = (c) => {
  const strings: string[] = [];
  for (let i = -4; i <= 4; i++) {
    strings.push(`<line x1="${480 + i * 22}" y1="230" x2="${480 + i * 22}" y2="530" stroke="${c.light}" stroke-width="3"/>`);
    strings.push(`<line x1="360" y1="${380 + i * 30}" x2="600" y2="${380 + i * 30}" stroke="${c.light}" stroke-width="3"/>`);
  }
  const svg = `<g transform="rotate(25 480 500)">
    <clipPath id="rq"><ellipse cx="480" cy="380" rx="118" ry="150"/></clipPath>
    <g clip-path="url(#rq)">${strings.join('')}</g>
    <ellipse cx="480" cy="380" rx="128" ry="160" fill="none" stroke="${c.main}" stroke-width="22"/>
    <path d="M460 536 L480 600 L500 536" fill="none" stroke="${c.main}" stroke-width="18"/>
    <rect x="462" y="590" width="36" height="200" rx="14" fill="${c.dark}"/>
  </g>
  <circle cx="690" cy="714" r="54" fill="#d7e34a"/>
  <path d="M646 690 Q690 720 736 694" fill="none" stroke="#ffffff" stroke-width="6"/>`;
  return { svg, shadow: 220 };
};

export const surfboard: Draw = (c, r) => {
  const outline = 'M480 120 C560 180 600 330 598 480 C596 640 572 760 540 802 L420 802 C388 760 364 640 362 480 C360 330 400 180 480 120 Z';
  const board = r() < 0.5 ? c.light : c.mainLight;
  const svg = `<g transform="rotate(12 480 470)">
    <clipPath id="board"><path d="${outline}"/></clipPath>
    <path d="${outline}" fill="${board}"/>
    <g clip-path="url(#board)">
      <path d="M340 120 L480 120 L420 820 L340 820 Z" fill="${c.main}" opacity="0.9"/>
      <path d="M620 120 L480 120 L540 820 L620 820 Z" fill="${c.main}" opacity="0.9"/>
      <path d="M340 380 Q480 420 620 380 L620 420 Q480 460 340 420 Z" fill="${c.accent}"/>
      <rect x="416" y="690" width="128" height="100" rx="26" fill="${c.dark}"/>
      ${[712, 736, 760].map((y) => `<line x1="428" y1="${y}" x2="532" y2="${y}" stroke="#4a505a" stroke-width="6"/>`).join('')}
    </g>
    <path d="M480 126 L480 686" stroke="${c.woodDark}" stroke-width="4"/>
    <path d="${outline}" fill="none" stroke="${c.mainDark}" stroke-width="6"/>
    <path d="M420 220 Q396 320 390 440" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity="0.35"/>
  </g>`;
  return { svg, shadow: 150, base: 800, tall: true };
};

export const kayak: Draw = (c) => {
  const svg = [
    `<path d="M140 640 Q480 520 820 640 Q480 740 140 640 Z" fill="${c.main}"/>`,
    `<path d="M140 640 Q480 700 820 640 Q480 740 140 640 Z" fill="${c.mainDark}"/>`,
    `<ellipse cx="480" cy="612" rx="110" ry="30" fill="${c.dark}"/>`,
    `<line x1="260" y1="440" x2="700" y2="560" stroke="${c.metalDark}" stroke-width="12" stroke-linecap="round"/>`,
    `<ellipse cx="248" cy="436" rx="50" ry="22" fill="${c.accent}" transform="rotate(15 248 436)"/>`,
    `<ellipse cx="712" cy="564" rx="50" ry="22" fill="${c.accent}" transform="rotate(15 712 564)"/>`,
  ].join('');
  return { svg, shadow: 320, base: 700 };
};

export const cards: Draw = (c) => {
  const card = (rot: number, col: string, dark: string) => `<g transform="rotate(${rot} 480 740)">
      <rect x="330" y="230" width="300" height="420" rx="22" fill="${col}"/>
      <rect x="350" y="250" width="260" height="380" rx="12" fill="${c.light}"/>
      <rect x="366" y="280" width="228" height="180" rx="8" fill="${dark}"/>
      <path d="M480 304 L500 352 L552 356 L512 388 L526 438 L480 410 L434 438 L448 388 L408 356 L460 352 Z" fill="#ffd95a"/>
      <rect x="366" y="480" width="228" height="16" rx="8" fill="${c.metal}"/>
      <rect x="366" y="510" width="180" height="12" rx="6" fill="${c.metal}"/>
      <rect x="366" y="534" width="200" height="12" rx="6" fill="${c.metal}"/>
      <circle cx="570" cy="596" r="16" fill="${col}"/>
    </g>`;
  const svg = [card(-14, c.accent, c.accentDark), card(10, c.main, c.mainDark)].join('');
  return { svg, shadow: 220, base: 705 };
};

export const ooshie: Draw = (c) => {
  const fig = (x: number, s: number, col: string, dark: string) => {
    const y = FLOOR;
    return `<g transform="translate(${x} ${y}) scale(${s})">
      <ellipse cx="-70" cy="-250" rx="40" ry="54" fill="${dark}" transform="rotate(-20 -70 -250)"/>
      <ellipse cx="70" cy="-250" rx="40" ry="54" fill="${dark}" transform="rotate(20 70 -250)"/>
      <path d="M-130 -20 Q-150 -300 0 -300 Q150 -300 130 -20 Q0 10 -130 -20 Z" fill="${col}"/>
      <ellipse cx="-60" cy="-10" rx="44" ry="22" fill="${dark}"/><ellipse cx="60" cy="-10" rx="44" ry="22" fill="${dark}"/>
      <circle cx="-48" cy="-170" r="36" fill="#ffffff"/><circle cx="48" cy="-170" r="36" fill="#ffffff"/>
      <circle cx="-42" cy="-164" r="20" fill="${c.dark}"/><circle cx="54" cy="-164" r="20" fill="${c.dark}"/>
      <circle cx="-36" cy="-172" r="7" fill="#ffffff"/><circle cx="60" cy="-172" r="7" fill="#ffffff"/>
      <path d="M-24 -110 Q0 -90 24 -110" fill="none" stroke="${c.dark}" stroke-width="8" stroke-linecap="round"/>
      <ellipse cx="-86" cy="-124" rx="20" ry="12" fill="#ff8fa3" opacity="0.6"/><ellipse cx="86" cy="-124" rx="20" ry="12" fill="#ff8fa3" opacity="0.6"/>
      <path d="M-90 -230 Q-60 -280 0 -284" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.45"/>
    </g>`;
  };
  const svg = [fig(620, 0.85, c.accent, c.accentDark), fig(400, 1.25, c.main, c.mainDark)].join('');
  return { svg, shadow: 300, base: 780 };
};

export const books: Draw = (c) => {
  const book = (x: number, y: number, w: number, h: number, col: string, dark: string, rot: number) =>
    `<g transform="rotate(${rot} ${x + w / 2} ${y + h / 2})"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${col}"/><rect x="${x + 14}" y="${y + 12}" width="${w - 20}" height="${h - 24}" fill="${c.light}"/>` +
    `<line x1="${x + 20}" y1="${y + h / 2}" x2="${x + w - 12}" y2="${y + h / 2}" stroke="${c.metal}" stroke-width="3"/>` +
    `<rect x="${x}" y="${y}" width="26" height="${h}" rx="8" fill="${dark}"/></g>`;
  const svg = [
    book(250, 660, 470, 92, c.main, c.mainDark, 0),
    book(280, 572, 420, 88, c.accent, c.accentDark, -2),
    book(240, 486, 450, 86, hsl(c.hue + 40, 55, 50), hsl(c.hue + 40, 55, 36), 1.5),
    `<g transform="rotate(-8 500 400)"><path d="M330 440 L480 400 L480 280 L330 320 Z" fill="${c.light}" stroke="${c.mainDark}" stroke-width="6"/><path d="M630 440 L480 400 L480 280 L630 320 Z" fill="${c.light}" stroke="${c.mainDark}" stroke-width="6"/>` +
      `${[0, 1, 2].map((i) => `<line x1="350" y1="${350 + i * 24}" x2="460" y2="${320 + i * 24}" stroke="${c.metal}" stroke-width="4"/><line x1="500" y1="${320 + i * 24}" x2="610" y2="${350 + i * 24}" stroke="${c.metal}" stroke-width="4"/>`).join('')}</g>`,
  ].join('');
  return { svg, shadow: 260, base: 752 };
};
