import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 5 s (not 1 s): npm test runs the web tests beside both database
// runs on two cores, and a file's first render also loads its lazy modules.
configure({ asyncUtilTimeout: 5000 });

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
