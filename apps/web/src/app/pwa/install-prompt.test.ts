import { describe, expect, it } from 'vitest';
import { needsAddToHomeScreenHelp } from './install-prompt';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('the account menu explains Add to Home Screen', () => {
  it('on an iPhone, and on an iPad (which reads as a Mac with a touch screen)', () => {
    expect(needsAddToHomeScreenHelp({ userAgent: IPHONE, maxTouchPoints: 5, isStandalone: false })).toBe(
      true,
    );
    expect(needsAddToHomeScreenHelp({ userAgent: MAC, maxTouchPoints: 5, isStandalone: false })).toBe(true);
  });

  it('not once opened from the home screen, nor on a Mac or Android (which offer Install app)', () => {
    expect(needsAddToHomeScreenHelp({ userAgent: IPHONE, maxTouchPoints: 5, isStandalone: true })).toBe(
      false,
    );
    expect(needsAddToHomeScreenHelp({ userAgent: MAC, maxTouchPoints: 0, isStandalone: false })).toBe(false);
    expect(needsAddToHomeScreenHelp({ userAgent: ANDROID, maxTouchPoints: 5, isStandalone: false })).toBe(
      false,
    );
  });
});
