import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyTheme,
  parseThemeChoice,
  readThemeChoice,
  resolveTheme,
  saveThemeChoice,
  THEME_COLORS,
} from './theme';

/** Just enough of a document: <html>'s classes and the two theme-color metas of index.html. */
function fakeDocument() {
  const classes = new Set<string>();
  const metas = [
    { media: '(prefers-color-scheme: light)', content: THEME_COLORS.light },
    { media: '(prefers-color-scheme: dark)', content: THEME_COLORS.dark },
  ];
  const doc = {
    documentElement: {
      classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    },
    querySelectorAll: () => metas,
  } as unknown as Document;
  return { doc, classes, metas };
}

function fakeStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('the theme choice on this device', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the phone with System and overrides it with Light or Dark', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(parseThemeChoice('dark')).toBe('dark');
    expect(parseThemeChoice('purple')).toBe('system');
    expect(parseThemeChoice(null)).toBe('system');
  });

  it('marks <html> dark and gives the status bar the chosen colour whatever the phone says', () => {
    const { doc, classes, metas } = fakeDocument();
    expect(applyTheme('dark', doc, false)).toBe('dark');
    expect(classes.has('dark')).toBe(true);
    expect(metas.map((m) => m.content)).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);

    expect(applyTheme('light', doc, true)).toBe('light');
    expect(classes.has('dark')).toBe(false);
    expect(metas.map((m) => m.content)).toEqual([THEME_COLORS.light, THEME_COLORS.light]);

    // System: each meta keeps its own media query's colour, the browser picks
    expect(applyTheme('system', doc, true)).toBe('dark');
    expect(classes.has('dark')).toBe(true);
    expect(metas.map((m) => m.content)).toEqual([THEME_COLORS.light, THEME_COLORS.dark]);
  });

  it('keeps the choice in localStorage under the key index.html reads, System as no entry', () => {
    const storage = fakeStorage();
    const { doc } = fakeDocument();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('document', doc);
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    saveThemeChoice('dark');
    expect(storage.items.get('core28-theme')).toBe('dark');
    expect(readThemeChoice()).toBe('dark');
    saveThemeChoice('system');
    expect(storage.items.has('core28-theme')).toBe(false);
    expect(readThemeChoice()).toBe('system');
  });

  it('falls back to System when storage is blocked', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(readThemeChoice()).toBe('system');
  });
});
