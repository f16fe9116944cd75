import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Core#2026strong';
export const uniqueEmail = (prefix = 'member') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** Opens the newest e-mail to `to` in the dev mailbox and follows its call-to-action link. */
export async function followMailLink(page: Page, to: string, subject: string, action: string) {
  await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
  await page.getByRole('link', { name: subject }).first().click();
  await page.getByRole('link', { name: action }).click();
}

export async function expectToast(page: Page, text: string) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

export async function signUpAndConfirm(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth?action=signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await followMailLink(page, email, 'Confirm your Core28 account', 'Confirm my e-mail');
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expectToast(page, 'Signed out');
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
