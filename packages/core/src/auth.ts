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
