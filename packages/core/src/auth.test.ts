import { describe, expect, it } from 'vitest';
import { EmailSchema, NewPasswordSchema, unmetPasswordRules, weakPasswordMessage } from './auth.ts';

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
