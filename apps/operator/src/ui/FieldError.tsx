/**
 * The problem with one form field, under it; nothing when there is none. The field names it with
 * `aria-describedby={id}` while it shows (`Field` does that).
 */
export function FieldError({ message, id }: { message: string | undefined; id?: string }) {
  return message ? (
    <span className="field-error" id={id}>
      {message}
    </span>
  ) : null;
}
