interface SegmentedProps<T extends string | number> {
  /** The group's accessible name, e.g. "Status". */
  label: string;
  options: { value: T; label: string }[];
  /** Undefined is "All". */
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  testId: string;
  /**
   * Where "All" stands: before the options (filters that narrow a list) or after them (queues);
   * `none` for a choice between the options only.
   */
  all?: 'first' | 'last' | 'none';
}

/** A filter as a segmented control: one button per option and one for "All". */
export function Segmented<T extends string | number>({ label, options, value, onChange, testId, all = 'first' }: SegmentedProps<T>) {
  const everything = { value: undefined, label: 'All' };
  const buttons: { value: T | undefined; label: string }[] = all === 'none' ? options : all === 'first' ? [everything, ...options] : [...options, everything];
  return (
    <div className="segmented" role="group" aria-label={label} data-testid={testId}>
      {buttons.map((option) => (
        <button
          key={option.label}
          type="button"
          className={`segment${option.value === value ? ' segment-active' : ''}`}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
