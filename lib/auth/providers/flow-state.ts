import 'server-only';
import { jwtVerify, SignJWT } from 'jose';
import { InvalidPayloadError } from '@/lib/core/errors';
import { signingKey } from '../secret';

/**
 * What the callback must know about the sign-in it finishes: kept in a signed cookie rather
 * than in memory, so whichever worker or instance receives the callback can finish it.
 */
export interface FlowState {
  provider: string;
  state: string;
  /** openid only. */
  nonce: string | null;
  verifier: string;
  redirect: string | null;
  mode: 'json' | 'session';
}

/** Long enough to sign in at the provider, short enough that a stolen cookie soon expires. */
export const FLOW_TTL_S = 600;
/** Its own audience: neither an access token nor a reset token can pass for one. */
const AUDIENCE = 'daas:auth-flow';

export async function signFlowState(flow: FlowState): Promise<string> {
  return new SignJWT({ ...flow })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + FLOW_TTL_S)
    .sign(signingKey());
}

const expired = () =>
  new InvalidPayloadError('No sign-in in progress for this provider (expired or not started here)');

export async function readFlowState(value: string | null, provider: string): Promise<FlowState> {
  if (!value) throw expired();
  let payload;
  try {
    ({ payload } = await jwtVerify(value, signingKey(), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      requiredClaims: ['exp'],
    }));
  } catch {
    throw expired();
  }
  const { state, nonce, verifier, redirect, mode } = payload;
  if (payload.provider !== provider) throw expired();
  if (typeof state !== 'string' || typeof verifier !== 'string') throw expired();
  return {
    provider,
    state,
    verifier,
    nonce: typeof nonce === 'string' ? nonce : null,
    redirect: typeof redirect === 'string' ? redirect : null,
    mode: mode === 'session' ? 'session' : 'json',
  };
}
