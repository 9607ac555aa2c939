import { afterEach } from 'vitest';

// A test fails on an unexpected console.error (STYLE.md).
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  if (errors.length) {
    const first = errors.map((a) => a.map(String).join(' ')).join('\n');
    errors.length = 0;
    throw new Error(`unexpected console.error:\n${first}`);
  }
});
