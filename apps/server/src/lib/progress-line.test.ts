import { describe, expect, it } from 'vitest';
import { progressLine } from './progress-line';

function sink(isTTY: boolean) {
  const parts: string[] = [];
  return { out: { isTTY, write: (s: string) => parts.push(s) }, text: () => parts.join('') };
}

describe('progress line', () => {
  it('on a terminal, redraws one line per step with a bar and the count, and ends it with a new line', () => {
    const { out, text } = sink(true);
    const line = progressLine(out, 'demo marketplace', 3);
    line.update(1, 'members and listings');
    for (let done = 0; done <= 4; done++) line.update(2, 'photos', done, 4);
    line.end();
    const shown = text();
    expect(shown).toContain('\r\x1b[2K[swapu] demo marketplace 1/3 members and listings\n');
    expect(shown).toContain(`[swapu] demo marketplace 2/3 photos ${'█'.repeat(12)}${'░'.repeat(12)} 2/4`);
    expect(shown).toMatch(/2\/3 photos █{24} 4\/4\n$/);
  });

  it('anywhere else, prints plain lines: each step once, and a counted step at each quarter', () => {
    const { out, text } = sink(false);
    const line = progressLine(out, 'demo marketplace', 3);
    line.update(1, 'members and listings');
    for (let done = 0; done <= 538; done++) line.update(2, 'photos', done, 538);
    line.update(3, 'search words');
    line.end();
    expect(text()).toBe(
      [
        '[swapu] demo marketplace 1/3 members and listings',
        '[swapu] demo marketplace 2/3 photos',
        '[swapu] demo marketplace 2/3 photos 135/538',
        '[swapu] demo marketplace 2/3 photos 269/538',
        '[swapu] demo marketplace 2/3 photos 404/538',
        '[swapu] demo marketplace 2/3 photos 538/538',
        '[swapu] demo marketplace 3/3 search words',
        '',
      ].join('\n'),
    );
    expect(text().includes('\r') || text().includes('\x1b')).toBe(false);
  });
});
