import { createECDH, generateKeyPairSync } from 'node:crypto';
import { dataDirSecret } from './data-dir-secret';

/**
 * Web Push's VAPID identity (RFC 8292, decision 0053): the key pair that signs every push request
 * (browsers subscribe with the public key; a push service refuses a request signed by another) and
 * the contact push services may write to about this server.
 */
export interface PushConfig {
  /** The public key, base64url: an uncompressed P-256 point (65 bytes). The web app subscribes with it. */
  publicKey: string;
  /** The private key, base64url (32 bytes). Never leaves the server. */
  privateKey: string;
  /** mailto: or https: (push services reject anything else). */
  subject: string;
  /** Where the pair came from: the environment, or DATA_DIR/vapid-keys (generated on first start). */
  source: 'env' | 'data-dir';
}

const b64 = (s: string) => Buffer.from(s, 'base64url');

/** A new P-256 key pair, as the JSON DATA_DIR/vapid-keys holds. */
function newKeyPair(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const publicKey = Buffer.concat([Buffer.from([4]), b64(jwk.x!), b64(jwk.y!)]).toString('base64url');
  return JSON.stringify({ publicKey, privateKey: jwk.d });
}

/** Problems with a key pair (as the README's settings table names them), or none. */
export function keyPairProblems(publicKey: string, privateKey: string): string[] {
  const pub = b64(publicKey);
  const priv = b64(privateKey);
  if (pub.length !== 65 || pub[0] !== 4) return ['  VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key in base64url (65 bytes)'];
  if (priv.length !== 32) return ['  VAPID_PRIVATE_KEY: must be a P-256 private key in base64url (32 bytes)'];
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(priv);
    if (!ecdh.getPublicKey().equals(pub)) return ['  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: are not one key pair'];
  } catch {
    return ['  VAPID_PRIVATE_KEY: is not a P-256 private key'];
  }
  return [];
}

/**
 * VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT: set both keys (the same on every
 * instance), or neither and a pair is generated once into DATA_DIR/vapid-keys, as JWT_SECRET is.
 * One key alone, a pair that does not match, or a subject that is not mailto: or https: is
 * refused by name. Without VAPID_SUBJECT the contact is MAIL_FROM's address.
 */
export function vapidConfig(
  e: { VAPID_PUBLIC_KEY?: string | undefined; VAPID_PRIVATE_KEY?: string | undefined; VAPID_SUBJECT?: string | undefined },
  dataDir: string,
  mailFrom: string,
): PushConfig | string[] {
  const problems: string[] = [];
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY)
    problems.push('  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither for a pair generated into DATA_DIR/vapid-keys');
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const subject = e.VAPID_SUBJECT ?? `mailto:${address}`;
  if (!/^(mailto:[^@\s]+@[^@\s]+|https:\/\/[^\s]+)$/.test(subject))
    problems.push(`  VAPID_SUBJECT: must be a mailto: address or an https: URL (was ${JSON.stringify(subject)})`);
  if (problems.length) return problems;
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    const bad = keyPairProblems(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY);
    return bad.length ? bad : { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject, source: 'env' };
  }
  let kept: { publicKey: string; privateKey: string };
  try {
    kept = JSON.parse(dataDirSecret(dataDir, 'vapid-keys', newKeyPair)) as typeof kept;
  } catch {
    kept = { publicKey: '', privateKey: '' };
  }
  if (keyPairProblems(String(kept.publicKey), String(kept.privateKey)).length)
    return [`  DATA_DIR/vapid-keys: holds no valid key pair (delete it to make a new one; subscribed devices then subscribe again)`];
  return { ...kept, subject, source: 'data-dir' };
}
