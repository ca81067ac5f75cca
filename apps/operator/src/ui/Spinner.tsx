/** A small spinner beside what is refreshing; `label` says what to a screen reader (role img, since a bare span cannot be named). */
export function Spinner({ label, className = 'spinner spinner-inline' }: { label: string; className?: string }) {
  return <span className={className} role="img" aria-label={label} />;
}
