/**
 * The first program, the spec's 28 days (docs/decisions/0026). In a module of its own, without
 * the program's date arithmetic: the entitlements every page reads only need its name.
 */
export const CORE28_SLUG = 'core28';
