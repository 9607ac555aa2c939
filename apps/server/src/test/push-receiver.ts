import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

/**
 * A local push service for tests (decision 0053): devices are made here (a P-256 key pair and an
 * auth secret, as a browser makes them), the server's pushes are posted here, and each is checked
 * as a push service and a browser would: the VAPID signature (RFC 8292) against the key in the
 * request, then the payload decrypted (aes128gcm, RFC 8291) with the device's own private key.
 * Written from the RFCs, not with the library the server encrypts with. A device can be told to
 * answer 410 (gone) or 500 (try again).
 */
export interface ReceivedPush {
  device: string;
  headers: http.IncomingHttpHeaders;
  /** The decrypted payload, parsed. */
  payload: Record<string, string>;
  /** The VAPID token's claims (aud, exp, sub), verified with the key the request names. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
}

export interface PushDevice {
  id: string;
  /** What a browser's PushSubscription.toJSON() gives. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The status this device's service answers with (201 unless a test changes it). */
  status: number;
}

/** Decrypts an aes128gcm body (one record) for the device with this private key and auth secret. */
export function decryptPush(body: Buffer, device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const serverKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any padding zeros.
  let end = plain.length;
  while (end > 0 && plain[end - 1] === 0) end--;
  if (plain[end - 1] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end - 1).toString('utf8');
}

/** Verifies `Authorization: vapid t=…, k=…` as a push service does; returns the claims and key. */
async function verifyVapid(header: string | undefined): Promise<ReceivedPush['vapid']> {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, k] = m as unknown as [string, string, string];
  if (decodeProtectedHeader(token).alg !== 'ES256') throw new Error('VAPID token is not ES256');
  const pub = Buffer.from(k, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: pub.subarray(1, 33).toString('base64url'), y: pub.subarray(33, 65).toString('base64url') };
  await jwtVerify(token, await importJWK(jwk, 'ES256'));
  const claims = decodeJwt(token) as { aud: string; sub: string; exp: number };
  return { ...claims, publicKey: k };
}

export async function startPushReceiver() {
  const devices = new Map<string, PushDevice & { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const device = devices.get(id);
      if (!device) {
        res.writeHead(404).end();
        return;
      }
      void (async () => {
        try {
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
          const vapid = await verifyVapid(req.headers.authorization);
          if (device.status === 201) {
            const payload = JSON.parse(decryptPush(Buffer.concat(chunks), device)) as Record<string, string>;
            received.push({ device: id, headers: req.headers, payload, vapid });
          }
          res.writeHead(device.status).end();
        } catch (err) {
          rejected.push(err instanceof Error ? err.message : String(err));
          res.writeHead(400).end();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    rejected,
    /** A new device, as a browser subscribing would make one. */
    device(): PushDevice {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const device = {
        id,
        ecdh,
        auth,
        status: 201,
        subscription: {
          endpoint: `${base}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
      devices.set(id, device);
      return device;
    },
    /** Pushes this device received. */
    pushesTo: (device: PushDevice) => received.filter((r) => r.device === device.id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;
