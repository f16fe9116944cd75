import { distance } from 'fastest-levenshtein';

// `DATABSE_URL=…` silently fell back to the embedded database. A variable the server
// does not read, a small edit away from one it does, is named at start with its likely meaning.

/** Known names shorter than this are left out: HOST, PORT are an edit away from HOME, SHLVL… */
const MIN_KNOWN_LENGTH = 7;

/** How many edits a misspelling may be from the name it means: 1, or 2 (a swap of two letters) for names of 8+ characters. */
const maxEdits = (known: string) => (known.length >= 8 ? 2 : 1);

/** Each of `names` that is not known but close to a known name, with that name. */
export function misspelledVariables(names: string[], knownNames: string[]) {
  const known = new Set(knownNames);
  const candidates = knownNames.filter((name) => name.length >= MIN_KNOWN_LENGTH);
  return names.flatMap((name) => {
    if (known.has(name)) return [];
    const upper = name.toUpperCase();
    const match = candidates.find((k) => upper === k || distance(upper, k) <= maxEdits(k));
    return match ? [{ name, known: match }] : [];
  });
}
