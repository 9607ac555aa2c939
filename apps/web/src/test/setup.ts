import { afterEach } from 'vitest';

// A test fails on an unexpected console.error (STYLE.md).
const seen: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  seen.push(args);
  original(...args);
};
afterEach(() => {
  if (seen.length) {
    const text = seen.map((a) => a.map(String).join(' ')).join('\n');
    seen.length = 0;
    throw new Error(`unexpected console.error:\n${text}`);
  }
});
