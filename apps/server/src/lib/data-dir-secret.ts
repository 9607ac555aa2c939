import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads a secret file in DATA_DIR (jwt-secret, data-key, vapid-keys), creating it (owner-only) on
 * first use with `make()`: random bytes unless the caller makes something else. Two processes
 * starting at once agree: the file is created exclusively and whoever loses reads the winner's.
 */
export function dataDirSecret(dataDir: string, name: string, make: () => string = () => randomBytes(48).toString('base64url')): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, make(), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process created it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return fs.readFileSync(file, 'utf8').trim();
  }
}
