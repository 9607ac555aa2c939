import { describe, expect, it } from 'vitest';
import { MicroCache } from './micro-cache';

describe('MicroCache', () => {
  it('serves an entry until its time is up', () => {
    const c = new MicroCache(1000);
    c.set('a', '1', 0);
    expect(c.get('a', 999)).toBe('1');
    expect(c.get('a', 1000)).toBeUndefined();
  });
  it('drops the oldest entry when full', () => {
    const c = new MicroCache(1000, 2);
    c.set('a', '1', 0);
    c.set('b', '2', 0);
    c.set('c', '3', 0);
    expect(c.get('a', 1)).toBeUndefined();
    expect(c.get('b', 1)).toBe('2');
    expect(c.get('c', 1)).toBe('3');
  });
});
