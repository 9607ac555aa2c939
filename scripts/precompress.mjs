// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the
// web build, so the server sends assets compressed without compressing them on each request
// (@fastify/static's preCompressed). Files under 1 KB are left as they are (not worth a copy).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const MIN_BYTES = 1024;

export function precompress(dir) {
  let files = 0;
  let raw = 0;
  let br = 0;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (TEXT.test(entry.name)) {
        const body = fs.readFileSync(file);
        if (body.length < MIN_BYTES) continue;
        const brotli = zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        fs.writeFileSync(`${file}.br`, brotli);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
        files += 1;
        raw += body.length;
        br += brotli.length;
      }
    }
  };
  walk(dir);
  return { files, raw, br };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
  const { files, raw, br } = precompress(dir);
  console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);
}
