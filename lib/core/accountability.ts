/** Who is calling, as resolved once per request by lib/http. */
export interface Accountability {
  user: string | null;
  /** Primary role (daas_users.role). */
  role: string | null;
  /** Every role the user holds at the resolved scope, primary and extra, with their ancestors. */
  roles: string[];
  policies: string[];
  admin: boolean;
  app: boolean;
  ip: string | null;
  userAgent: string | null;
  /** Session behind a token or cookie; null for static tokens and anonymous callers. */
  session: string | null;
  /** Authentication assurance level: 2 after a verified second factor. */
  assurance: 1 | 2;
  /** A second factor is expected of this caller (enrolled, enforced by policy, or forced). */
  mfaRequired: boolean;
  via: 'jwt' | 'cookie' | 'static' | null;
  /** A static-token service account acting for this user (X-On-Behalf-Of); see actorOf. */
  onBehalfOf?: string | null;
}

export function anonymous(ip: string | null, userAgent: string | null): Accountability {
  return {
    user: null,
    role: null,
    roles: [],
    policies: [],
    admin: false,
    app: false,
    ip,
    userAgent,
    session: null,
    assurance: 1,
    mfaRequired: false,
    via: null,
  };
}

/** Who the activity log names for what this caller does: the delegated user, if any. */
export function actorOf(accountability: Accountability): string | null {
  return accountability.onBehalfOf ?? accountability.user;
}
