/** Spec §5 and §9: suggestions from 3 characters, asked 300 ms after the last keystroke, hidden 200 ms after leaving the box. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 300;
export const SUGGESTIONS_HIDE_DELAY_MS = 200;
