/** The problem with one form field, under it; nothing when there is none. */
export function FieldError({ message }: { message: string | undefined }) {
  return message ? <span className="field-error">{message}</span> : null;
}
