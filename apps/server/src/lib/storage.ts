import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded and generated files live; the local default writes under DATA_DIR/uploads. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Removes an object, or every object under a key prefix ending in '/'; missing ones are fine. */
  remove(key: string): Promise<void>;
  /** Public URL path of a stored object. */
  url(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename so a crash never leaves a half-written file under the final name.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async exists(key) {
      try {
        await fs.access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key.replace(/\/$/, '')), { recursive: true, force: true });
    },
    url: (key) => `/media/${key}`,
  };
}

/** The web-sized variants every post image is stored as. */
export const imageVariantKeys = (base: string) => ({ lg: `${base}/lg.webp`, sm: `${base}/sm.webp` });
