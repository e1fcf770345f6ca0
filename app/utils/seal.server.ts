/**
 * Sealed values for cookies: AES-256-GCM with a key derived from each secret (HKDF-SHA256).
 * The sealed string is `v1.<base64url(iv | ciphertext | tag)>`: nothing in it is decodable
 * without the key. The first secret seals; every secret in the list opens (key rotation).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const keyCache = new Map<string, Buffer>();

function keyFor(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = keyCache.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "medu-eval-seal", purpose, 32));
    keyCache.set(id, key);
  }
  return key;
}

export function seal(value: unknown, secrets: readonly string[], purpose: string): string {
  if (!secrets.length) throw new Error("seal: no secret");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secrets[0], purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

/** Opens a sealed value; any tampering, unknown key or malformed input gives `null`. */
export function unseal<T = unknown>(sealed: string | null | undefined, secrets: readonly string[], purpose: string): T | null {
  if (!sealed || !sealed.startsWith(`${VERSION}.`)) return null;
  const raw = Buffer.from(sealed.slice(VERSION.length + 1), "base64url");
  if (raw.length < 12 + 16 + 1) return null;
  const iv = raw.subarray(0, 12);
  const tag = raw.subarray(raw.length - 16);
  const body = raw.subarray(12, raw.length - 16);
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyFor(secret, purpose), iv);
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(tag);
      const text = Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
      return JSON.parse(text) as T;
    } catch {
      // wrong key or tampered: try the next secret
    }
  }
  return null;
}
