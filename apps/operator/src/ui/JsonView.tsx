/** Before/after values of an audit entry, pretty-printed. */
export function JsonView({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="muted">—</span>;
  // Focusable: a long value scrolls inside the box, which the keyboard must be able to scroll too.
  return (
    <pre className="json" tabIndex={0}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
