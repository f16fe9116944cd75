/**
 * Light or dark: the member's choice on this device (System, Light, Dark), kept in localStorage; System
 * follows the phone's `prefers-color-scheme`. index.html's inline script applies the same rule before the
 * first paint (keep the two in step); this module keeps the page in step afterwards.
 */
export const THEME_STORAGE_KEY = 'core28-theme';
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

/** The status bar's colour for each theme: the brand red over the light app, the dark surface over the dark one. */
export const THEME_COLORS: Record<Theme, string> = { light: '#dc2626', dark: '#18181b' };

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice) ? (value as ThemeChoice) : 'system';
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

export function readThemeChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system'; // Storage blocked: follow the phone
  }
}

function systemPrefersDark() {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

/**
 * Puts the theme on <html> and the status bar. With System both theme-color metas keep their media
 * queries' colours; with an explicit choice both carry the chosen colour, whatever the phone's setting.
 */
export function applyTheme(choice: ThemeChoice, doc: Document = document, prefersDark = systemPrefersDark()) {
  const theme = resolveTheme(choice, prefersDark);
  doc.documentElement.classList.toggle('dark', theme === 'dark');
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const own: Theme = meta.media.includes('dark') ? 'dark' : 'light';
    meta.content = THEME_COLORS[choice === 'system' ? own : theme];
  }
  return theme;
}

type Listener = (choice: ThemeChoice) => void;
const listeners = new Set<Listener>();

/** Saves the choice on this device and applies it now. */
export function saveThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage blocked: the choice holds for this visit
  }
  current = choice;
  applyTheme(choice);
  for (const listener of listeners) listener(choice);
}

let current: ThemeChoice = 'system';

export function currentThemeChoice() {
  return current;
}

export function subscribeThemeChoice(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Once at start: applies the saved choice and follows the phone's setting and other tabs' choices. */
export function startTheme() {
  current = readThemeChoice();
  applyTheme(current);
  if (typeof matchMedia === 'function') {
    matchMedia(DARK_QUERY).addEventListener('change', () => {
      applyTheme(current);
      for (const listener of listeners) listener(current);
    });
  }
  addEventListener('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    current = readThemeChoice();
    applyTheme(current);
    for (const listener of listeners) listener(current);
  });
}
