/** The fields of `GET /api/users/me` the studio shows. */
export interface CurrentUser {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  role?: string | null;
  /** Whether a TOTP factor is enrolled. */
  has_tfa?: boolean;
}

export interface LoginInput {
  email: string;
  password: string;
  otp?: string;
}

export interface SessionLogin {
  access_token: string;
  expires: number;
}
