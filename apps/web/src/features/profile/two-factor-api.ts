import { postJson } from '@/lib/api';

// better-auth's two-factor endpoints (platform/auth/two-factor.ts); each asks for the password.

/** Starts enrolment: the secret as an otpauth:// URI, and the backup codes (shown once). */
export const startTwoFactor = (password: string) =>
  postJson<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { password });

export const turnOffTwoFactor = (password: string) => postJson('/api/auth/two-factor/disable', { password });

/** New backup codes; the old ones stop working. */
export const newBackupCodes = (password: string) =>
  postJson<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', { password });

/** The secret of an otpauth:// URI, in groups of four for typing into an app by hand. */
export function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}
