/** Our own RS256 key pair and Clerk-shaped session tokens, so Clerk verification runs offline. */
import { createSign, generateKeyPairSync } from 'node:crypto';

export function makeKeyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey,
  };
}

const b64url = (v: object | Buffer) => (Buffer.isBuffer(v) ? v : Buffer.from(JSON.stringify(v))).toString('base64url');

export function signSessionToken(
  privateKey: ReturnType<typeof makeKeyPair>['privateKey'],
  claims: Record<string, unknown> = {},
  header: Record<string, unknown> = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub: 'user_2abcTEST',
    sid: 'sess_2abcTEST',
    iss: 'https://clerk.example.test',
    azp: 'http://localhost:3002',
    iat: now - 5,
    nbf: now - 5,
    exp: now + 60,
    ...claims,
  };
  const head = { alg: 'RS256', typ: 'JWT', kid: 'ins_test', ...header };
  const input = `${b64url(head)}.${b64url(payload)}`;
  const signature = createSign('RSA-SHA256').update(input).sign(privateKey);
  return `${input}.${b64url(signature)}`;
}

/** pk_test_ + base64("<frontend api host>$"), the shape Clerk issues. */
export function publishableKeyFor(host: string): string {
  return `pk_test_${Buffer.from(`${host}$`).toString('base64')}`;
}
