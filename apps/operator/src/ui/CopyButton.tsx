import { useState } from 'react';

interface CopyButtonProps {
  value: string;
  /** What is copied, for the button's name: "Copy seed", "Copy IBAN". */
  label: string;
  title?: string;
}

/** Copies a value to the clipboard and says so for a moment; where the clipboard is refused, nothing happens. */
export function CopyButton({ value, label, title }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="copy-btn"
      title={title}
      aria-label={copied ? `Copied ${label}` : `Copy ${label}`}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(
          () => {
            setCopied(true);
            window.setTimeout(() => setCopied(false), 1500);
          },
          () => undefined,
        );
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
