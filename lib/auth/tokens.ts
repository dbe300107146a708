import 'server-only';
import crypto from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { InvalidTokenError, TokenExpiredError } from '@/lib/core/errors';
import { signingKey } from './secret';

const ISSUER = 'daas';

export interface AccessClaims {
  /** user id */
  id: string;
  session: string;
  /** assurance level */
  aal: 1 | 2;
}

export async function signAccessToken(claims: AccessClaims, ttlMs: number): Promise<string> {
  return new SignJWT({ session: claims.session, aal: claims.aal })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.id)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor((Date.now() + ttlMs) / 1000))
    .sign(signingKey());
}

/**
 * Tokens whose signature and claims have checked out, until they expire. Verifying HS256
 * through WebCrypto costs an asynchronous round trip per request (about a tenth of a worker's
 * time on a list read); the same bytes under the same key always verify the same way, so a
 * token seen before needs only its expiry checked again.
 */
const VERIFIED_MAX = 10_000;
const verified = new Map<string, { claims: AccessClaims; expires: number }>();

function remember(token: string, claims: AccessClaims, exp: number): void {
  if (verified.size >= VERIFIED_MAX) {
    // The oldest entry first: Map order is insertion order.
    const oldest = verified.keys().next().value;
    if (oldest !== undefined) verified.delete(oldest);
  }
  verified.set(token, { claims, expires: exp * 1000 });
}

/**
 * Checks an access token: HS256 with our key, our issuer, and every claim we issue present
 * (`sub`, `session`, `aal`, `iat`, `exp`). A token missing one, or carrying an audience (the
 * password-reset tokens do), is refused: no claim falls back to a default.
 */
export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  const known = verified.get(token);
  if (known) {
    // jose refuses a token at or after its `exp` second; so does this.
    if (Date.now() < known.expires) return known.claims;
    verified.delete(token);
    throw new TokenExpiredError();
  }
  try {
    // algorithms pinned: a token with `alg: none` or any other algorithm is refused.
    const { payload } = await jwtVerify(token, signingKey(), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['iss', 'sub', 'iat', 'exp', 'session', 'aal'],
    });
    const { sub, session, aal, exp } = payload;
    if (typeof sub !== 'string' || typeof session !== 'string' || (aal !== 1 && aal !== 2)) {
      throw new InvalidTokenError();
    }
    if (payload.aud !== undefined) throw new InvalidTokenError();
    const claims: AccessClaims = { id: sub, session, aal };
    if (typeof exp === 'number') remember(token, claims, exp);
    return claims;
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw new TokenExpiredError();
    throw new InvalidTokenError();
  }
}

export function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);
}

/** Opaque random token (refresh tokens, session cookies, reset links). */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Stored instead of the token itself, so a database leak yields no usable tokens. */
export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
