import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { productDetailHref, searchResultsHref } from '@/lib/catalogue-links.ts';
import { nextActiveOption } from '../active-option.ts';
import { useSearchSuggestions, type SearchSuggestion } from '../api/get-search-suggestions.ts';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH, SUGGESTIONS_HIDE_DELAY_MS } from '../search-constants.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import './search.css';

export const SEARCH_MAX_LENGTH = 100;

/**
 * The header's product search: an ARIA 1.2 combobox (list autocomplete) over the suggestions.
 * Down/Up move through them, Enter opens the highlighted one or, with none highlighted, the full
 * results; Escape closes the list, a second Escape clears the box.
 */
export function SearchBox() {
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const inputId = useId();
  const listboxId = useId();

  const searched = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const ready = searched.length >= SEARCH_MIN_LENGTH && text.trim().length >= SEARCH_MIN_LENGTH;
  const { data } = useSearchSuggestions(ready ? searched : '');
  const suggestions = ready ? (data ?? []) : [];
  const open = focused && !dismissed && suggestions.length > 0;
  const activeSuggestion = open && active !== null ? suggestions[active] : undefined;

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  // A new answer is a new list: nothing in it is highlighted yet. Reset while rendering, not in an effect: an
  // effect runs after the list is shown, and could undo a key pressed in between.
  const [answer, setAnswer] = useState(data);
  if (answer !== data) {
    setAnswer(data);
    setActive(null);
  }

  // Leaving the page the box sits on (e.g. following a suggestion) closes the list.
  useEffect(() => {
    setDismissed(true);
    setActive(null);
  }, [location.key]);

  const openSuggestion = (suggestion: SearchSuggestion) => {
    setText('');
    setActive(null);
    void navigate(productDetailHref(suggestion.detailId, suggestion.title));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (dismissed) setDismissed(false);
      setActive((current) =>
        nextActiveOption(open ? current : null, event.key as 'ArrowDown' | 'ArrowUp', suggestions.length),
      );
    } else if (event.key === 'Enter' && activeSuggestion !== undefined) {
      event.preventDefault();
      openSuggestion(activeSuggestion);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open) {
        setDismissed(true);
        setActive(null);
      } else {
        setText('');
      }
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (query === '') return;
    setDismissed(true);
    setActive(null);
    void navigate(searchResultsHref(query));
  };

  return (
    <form role="search" className="search-box" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <div className="search-box__field">
        <input
          ref={inputRef}
          id={inputId}
          className="field__input search-box__input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={
            activeSuggestion === undefined ? undefined : `${listboxId}-${activeSuggestion.detailId}`
          }
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Search products"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setDismissed(false);
            setActive(null);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            window.clearTimeout(hideTimer.current);
            setFocused(true);
          }}
          onBlur={() => {
            hideTimer.current = window.setTimeout(() => {
              setFocused(false);
              setActive(null);
            }, SUGGESTIONS_HIDE_DELAY_MS);
          }}
        />
        <ul
          id={listboxId}
          role="listbox"
          aria-label="Product suggestions"
          className="search-box__listbox"
          hidden={!open}
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.detailId}
              id={`${listboxId}-${suggestion.detailId}`}
              role="option"
              aria-selected={index === active}
              className="search-box__option"
              // Keeps focus in the box, so the list does not start hiding before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => openSuggestion(suggestion)}
            >
              {suggestion.catalogNumber !== null && (
                <span className="search-box__number">{suggestion.catalogNumber}</span>
              )}
              {suggestion.catalogNumber !== null && ' '}
              {suggestion.title}
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className="button button--primary search-box__submit">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        >
          <circle cx="10.5" cy="10.5" r="6.5" />
          <path d="m15.5 15.5 5 5" />
        </svg>
        <span className="visually-hidden">Search</span>
      </button>
      <p className="visually-hidden" role="status">
        {open ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'} available` : ''}
      </p>
    </form>
  );
}
