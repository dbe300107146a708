export interface TfaSecret {
  secret: string;
  otpauth_url: string;
}
