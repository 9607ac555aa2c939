// The load side of `npm run bench:overload`, in a worker thread so it does not share the server's
// event loop: autocannon with N connections, each answer's status and time kept, so accepted
// answers (2xx) and refused ones (503) get their own latency figures.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, path, connections, seconds } = workerData;

const accepted = [];
const refused = [];
let other = 0;
const instance = autocannon({ url: `${url}${path}`, connections, duration: seconds, timeout: 30 });
instance.on('response', (_client, statusCode, _bytes, ms) => {
  if (statusCode >= 200 && statusCode < 300) accepted.push(ms);
  else if (statusCode === 503) refused.push(ms);
  else other++;
});
const result = await instance;

const pct = (xs, p) => {
  if (xs.length === 0) return NaN;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
parentPort.postMessage({
  seconds: result.duration,
  accepted: accepted.length,
  refused: refused.length,
  other,
  errors: result.errors,
  timeouts: result.timeouts,
  acceptedP50: pct(accepted, 50),
  acceptedP99: pct(accepted, 99),
  refusedP99: pct(refused, 99),
});
