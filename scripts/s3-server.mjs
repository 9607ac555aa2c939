// An S3-compatible server for tests, benchmarks and the cluster test: s3rver (a devDependency)
// storing objects under --dir, with the buckets named by --bucket already created.
//   node --openssl-legacy-provider scripts/s3-server.mjs --dir DIR [--address 127.0.0.1] [--port 0] [--bucket NAME]... [--stdin-lifeline]
// Prints one line of JSON when it listens ({"address","port"}), and stops on SIGTERM or SIGINT, and
// when its standard input closes if that is a pipe (a test's child never outlives the test) or
// with --stdin-lifeline; started from a shell in the background (stdin /dev/null) it keeps running.
// --openssl-legacy-provider: s3rver signs ListObjectsV2's continuation tokens with DES, which
// OpenSSL 3 only has in its legacy provider; without it a listing of over 1,000 keys fails.
import fs from 'node:fs';
import S3rver from 's3rver';

const args = process.argv.slice(2);
const value = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const buckets = args.flatMap((a, i) => (a === '--bucket' && args[i + 1] ? [args[i + 1]] : []));
const directory = value('dir');
if (!directory) {
  console.error(
    'usage: node --openssl-legacy-provider scripts/s3-server.mjs --dir DIR [--address A] [--port P] [--bucket NAME]... [--stdin-lifeline]',
  );
  process.exit(2);
}

const server = new S3rver({
  address: value('address', '127.0.0.1'),
  port: Number(value('port', '0')),
  directory,
  silent: true,
  configureBuckets: buckets.map((name) => ({ name, configs: [] })),
});
const info = await server.run();
process.stdout.write(`${JSON.stringify({ address: info.address, port: info.port })}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
const stdin = fs.fstatSync(0);
if (args.includes('--stdin-lifeline') || stdin.isFIFO() || stdin.isSocket()) {
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
}
