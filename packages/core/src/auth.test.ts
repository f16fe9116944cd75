import { describe, expect, it } from 'vitest';
import {
  BackupCodeSchema,
  EmailSchema,
  FlowSignUpSchema,
  NewPasswordSchema,
  PasswordChangeSchema,
  RecoveryFormSchema,
  SignInSchema,
  SignUpSchema,
  TOTP_CODE_MESSAGE,
  TotpCodeSchema,
  unmetPasswordRules,
  weakPasswordMessage,
} from './auth.ts';

const ids = (password: string) => unmetPasswordRules(password).map((rule) => rule.id);

describe('password rules', () => {
  it('accepts a password meeting every rule', () => {
    expect(ids('abc12!')).toEqual([]);
    expect(NewPasswordSchema.safeParse('Strong#Pass9').success).toBe(true);
  });

  it('names each unmet rule', () => {
    expect(ids('')).toEqual(['length', 'letter', 'number', 'special']);
    expect(ids('abcdef')).toEqual(['number', 'special']);
    expect(ids('123456')).toEqual(['letter', 'special']);
    expect(ids('ab1!')).toEqual(['length']);
    expect(ids('abc 123')).toEqual(['special']);
  });

  it('counts characters, not UTF-16 units, and accepts non-Latin letters', () => {
    expect(ids('ü1!ü1')).toEqual(['length']);
    expect(ids('пароль1!')).toEqual([]);
  });

  it('writes the reasons as one sentence', () => {
    expect(weakPasswordMessage(unmetPasswordRules('abcdef'))).toBe(
      'Password is too weak: it needs one number and one special character.',
    );
    expect(weakPasswordMessage(unmetPasswordRules('abcdef1'))).toBe(
      'Password is too weak: it needs one special character.',
    );
    const result = NewPasswordSchema.safeParse('a');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Password is too weak: it needs at least 6 characters, one number and one special character.',
    );
  });

  it('refuses passwords over 128 characters', () => {
    expect(NewPasswordSchema.safeParse(`a1!${'x'.repeat(200)}`).success).toBe(false);
  });
});

describe('EmailSchema', () => {
  it('trims and lowercases', () => {
    expect(EmailSchema.parse('  Ann@Example.COM ')).toBe('ann@example.com');
  });
  it('asks for an address when empty and refuses a malformed one', () => {
    expect(EmailSchema.safeParse('  ').error?.issues[0]?.message).toBe('Please enter your email address');
    expect(EmailSchema.safeParse('not-an-email').error?.issues[0]?.message).toBe(
      'Please enter a valid email address',
    );
  });
});

describe('form schemas (spec §5, each screen in its own words)', () => {
  const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

  it('sign-in asks for both fields', () => {
    expect(issues(SignInSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Please enter your email address',
      password: 'Please enter your password',
    });
  });

  it('puts each mismatch under the confirmation, beside the other fields’ errors', () => {
    expect(
      issues(
        SignUpSchema.safeParse({ name: '', email: 'x@', password: 'abcdef', confirmPassword: 'abcdeg' }),
      ),
    ).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is too weak: it needs one number and one special character.',
      confirmPassword: "Passwords don't match",
    });
    const strong = 'Strong#Pass9';
    expect(
      issues(FlowSignUpSchema.safeParse({ email: 'a@b.co', password: strong, confirmPassword: 'x' })),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(issues(RecoveryFormSchema.safeParse({ newPassword: strong, confirmPassword: 'x' }))).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(
      issues(
        PasswordChangeSchema.safeParse({ currentPassword: 'a', newPassword: strong, confirmPassword: 'x' }),
      ),
    ).toEqual({ confirmPassword: 'Passwords do not match.' });
  });

  it('says a short new password is too short first, then names the unmet rules', () => {
    expect(issues(RecoveryFormSchema.safeParse({ newPassword: 'a1!', confirmPassword: 'a1!' }))).toEqual({
      newPassword: 'Password must be at least 6 characters long',
    });
    expect(
      issues(
        PasswordChangeSchema.safeParse({ currentPassword: '', newPassword: 'abc', confirmPassword: 'abc' }),
      ),
    ).toEqual({
      currentPassword: 'Please enter your current password',
      newPassword: 'Password must be at least 6 characters long.',
    });
    expect(
      issues(
        PasswordChangeSchema.safeParse({
          currentPassword: 'a',
          newPassword: 'abcdefg',
          confirmPassword: 'abcdefg',
        }),
      ),
    ).toEqual({ newPassword: 'Password is too weak: it needs one number and one special character.' });
  });
});

describe("the second factor's codes", () => {
  it("takes the app's six digits, with the space some apps show, and nothing else", () => {
    expect(TotpCodeSchema.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
    for (const code of ['12345', '1234567', '12a456', ''])
      expect(TotpCodeSchema.safeParse({ code }).error?.issues[0]?.message).toBe(TOTP_CODE_MESSAGE);
  });

  it('takes a backup code as shown, or typed without its dash', () => {
    expect(BackupCodeSchema.parse({ code: ' fa7AQ-MnvnX ' })).toEqual({ code: 'fa7AQ-MnvnX' });
    expect(BackupCodeSchema.parse({ code: 'fa7AQMnvnX' })).toEqual({ code: 'fa7AQ-MnvnX' });
    expect(BackupCodeSchema.safeParse({ code: 'fa7AQ-Mnvn' }).success).toBe(false);
  });
});
