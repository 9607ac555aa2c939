import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (TOTP secrets, links waiting in the mail outbox) sealed with AES-256-GCM under
 * the server's data key (ENCRYPTION_KEY, or DATA_DIR/data-key). A sealed value reads
 * `v1.<iv>.<ciphertext>.<tag>` (base64url); the purpose is bound as additional data, so a value
 * sealed for one column cannot be replayed into another.
 */
export interface SecretBox {
  seal(plain: string, purpose: string): string;
  /** The plain text, or null for a value that was not sealed with this key and purpose. */
  open(sealed: string, purpose: string): string | null;
}

const PREFIX = 'v1';

export function isSealed(value: string): boolean {
  return value.startsWith(`${PREFIX}.`) && value.split('.').length === 4;
}

export function secretBox(keyMaterial: string): SecretBox {
  // The configured key may be any string of 32+ characters: derive a 256-bit key from it.
  const key = createHash('sha256').update(`swapu-secret-box:${keyMaterial}`).digest();
  return {
    seal(plain, purpose) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [PREFIX, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed, purpose) {
      if (!isSealed(sealed)) return null;
      const [, iv, body, tag] = sealed.split('.') as [string, string, string, string];
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(purpose));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
