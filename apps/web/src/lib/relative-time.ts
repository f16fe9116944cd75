/** Kept for its importers: the relative time lives with the other formats. */
export { formatRelative } from './format';
