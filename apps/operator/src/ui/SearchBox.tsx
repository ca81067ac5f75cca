import { useState, type SubmitEvent } from 'react';
import { Spinner } from './Spinner';

interface SearchBoxProps {
  /** The applied value; the box starts from it (give the component `key={value}` to reset it). */
  value: string;
  /** The field's accessible name, e.g. "Search users". */
  label: string;
  placeholder: string;
  onSearch: (value: string) => void;
  testId: string;
  busy?: boolean;
}

/** A search input with Search and Clear buttons; the value applies on submit, not on each key. */
export function SearchBox({ value, label, placeholder, onSearch, testId, busy = false }: SearchBoxProps) {
  const [draft, setDraft] = useState(value);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(draft.trim());
  }

  return (
    <form className="toolbar" onSubmit={onSubmit} role="search">
      <input
        type="search"
        className="toolbar-search"
        placeholder={placeholder}
        aria-label={label}
        value={draft}
        maxLength={100}
        onChange={(event) => setDraft(event.target.value)}
        data-testid={testId}
      />
      <button type="submit" className="btn" data-testid={`${testId}-submit`}>
        Search
      </button>
      {value && (
        <button type="button" className="btn btn-ghost" onClick={() => onSearch('')}>
          Clear
        </button>
      )}
      {busy && <Spinner label="Refreshing" />}
    </form>
  );
}
