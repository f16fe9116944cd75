import { z } from 'zod';

// spec §5, §9: minimum password length 6; DESIGN.md: every new password also needs a letter,
// a digit and a special character (the stricter sign-up rule), everywhere.
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordRule = { id: 'length' | 'letter' | 'number' | 'special'; label: string; reason: string };

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: 'At least 6 characters', reason: 'at least 6 characters' },
  { id: 'letter', label: 'At least one letter', reason: 'one letter' },
  { id: 'number', label: 'At least one number', reason: 'one number' },
  { id: 'special', label: 'At least one special character', reason: 'one special character' },
];

const RULE_TESTS: Record<PasswordRule['id'], (password: string) => boolean> = {
  length: (p) => [...p].length >= PASSWORD_MIN_LENGTH,
  letter: (p) => /\p{L}/u.test(p),
  number: (p) => /\p{Nd}/u.test(p),
  special: (p) => /[^\p{L}\p{Nd}\s]/u.test(p),
};

export function unmetPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !RULE_TESTS[rule.id](password));
}

/** The server's message for a password that breaks the policy, naming every unmet rule. */
export function weakPasswordMessage(unmet: readonly PasswordRule[]): string {
  const reasons = unmet.map((rule) => rule.reason);
  const list =
    reasons.length <= 1 ? (reasons[0] ?? '') : `${reasons.slice(0, -1).join(', ')} and ${reasons.at(-1)}`;
  return `Password is too weak: it needs ${list}.`;
}

export const EmailSchema = z
  .string({ error: 'Please enter your email address' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your email address')
  .max(254, 'Email address is too long')
  .pipe(z.email('Please enter a valid email address'));

export const NewPasswordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`)
  .superRefine((password, ctx) => {
    const unmet = unmetPasswordRules(password);
    if (unmet.length > 0) ctx.addIssue({ code: 'custom', message: weakPasswordMessage(unmet) });
  });

export const PasswordRecoverySchema = z.object({
  token: z.string().min(1, 'The reset link is invalid or has expired').max(512),
  newPassword: NewPasswordSchema,
});
export type PasswordRecoveryInput = z.infer<typeof PasswordRecoverySchema>;

// The forms' schemas. Each screen keeps the spec's own wording for a mismatch (spec §5 has three).
export const PASSWORD_REQUIRED_MESSAGE = 'Please enter your password';
const PasswordTypedSchema = z
  .string(PASSWORD_REQUIRED_MESSAGE)
  .min(1, PASSWORD_REQUIRED_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

/** A new password checked for its minimum length first, in the screen's words, then for the policy. */
const newPasswordAtLeast = (tooShort: string) =>
  z.string().min(PASSWORD_MIN_LENGTH, tooShort).pipe(NewPasswordSchema);

/** A new password typed differently twice: the message shows under the confirmation. */
const mismatch = (message: string) => ({ message, path: ['confirmPassword'] });

export const SignInSchema = z.object({ email: EmailSchema, password: PasswordTypedSchema });
export type SignInInput = z.input<typeof SignInSchema>;

/** The auth page's sign-up (spec §5: mismatch "Passwords don't match"). */
export const SignUpSchema = z
  .object({
    name: z.string().trim().max(50, 'Name must be at most 50 characters'),
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, mismatch("Passwords don't match"));
export type SignUpInput = z.input<typeof SignUpSchema>;

/** The subscription flow's sign-up (spec §5: mismatch 'Passwords do not match'). */
export const FlowSignUpSchema = z
  .object({ email: EmailSchema, password: NewPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, mismatch('Passwords do not match'));
export type FlowSignUpInput = z.input<typeof FlowSignUpSchema>;

export const PasswordResetRequestSchema = z.object({ email: EmailSchema });

/** The recovery form (spec §5: "Passwords don't match", 'Password must be at least 6 characters long'). */
export const RecoveryFormSchema = z
  .object({
    newPassword: newPasswordAtLeast('Password must be at least 6 characters long'),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, mismatch("Passwords don't match"));

/** The profile page's password change (spec §5: 'Passwords do not match.', '… 6 characters long.'). */
export const PasswordChangeSchema = z
  .object({
    currentPassword: z
      .string('Please enter your current password')
      .min(1, 'Please enter your current password')
      .max(PASSWORD_MAX_LENGTH),
    newPassword: newPasswordAtLeast('Password must be at least 6 characters long.'),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, mismatch('Passwords do not match.'));
export type PasswordChangeInput = z.input<typeof PasswordChangeSchema>;

// ---- Two-factor sign-in: an authenticator app's 6-digit code, or a single-use backup code ----

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

/** The authenticator app's code; spaces the app shows inside it are dropped. */
export const TotpCodeSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE)),
});

/** A backup code as shown (`abcde-12345`); typed without its dash, it gets it back. */
export const BackupCodeSchema = z.object({
  code: z
    .string()
    .transform((code) => code.trim().replace(/^([A-Za-z0-9]{5})([A-Za-z0-9]{5})$/, '$1-$2'))
    .pipe(
      z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, 'Enter one of your backup codes, like abcde-12345'),
    ),
});

/** Turning the second factor on or off, or new backup codes: the password again. */
export const PasswordConfirmSchema = z.object({ password: z.string().min(1, PASSWORD_REQUIRED_MESSAGE) });
