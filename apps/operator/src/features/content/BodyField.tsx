import { useRef } from 'react';
import { FieldError } from '../../ui/FieldError';
import { applyMarkup, type MarkupAction } from './markup';

/** `name` is the button's accessible name: it starts with what the button shows, as speech control users say it. */
const TOOLS: { action: MarkupAction; label: string; name: string; title: string; className?: string }[] = [
  { action: 'bold', label: 'B', name: 'Bold', title: 'Bold', className: 'tool-bold' },
  { action: 'italic', label: 'I', name: 'Italic', title: 'Italic', className: 'tool-italic' },
  { action: 'heading', label: 'H2', name: 'H2 heading', title: 'Heading' },
  { action: 'list', label: '• List', name: 'List', title: 'Bulleted list (one item per selected line)' },
  { action: 'link', label: 'Link', name: 'Link', title: 'Link' },
];

interface BodyFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The body as HTML in a textarea, with buttons that insert the usual tags around the selection. */
export function BodyField({ value, onChange, error }: BodyFieldProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);

  function apply(action: MarkupAction) {
    const el = textarea.current;
    if (!el) return;
    const edit = applyMarkup(el.value, el.selectionStart, el.selectionEnd, action);
    onChange(edit.value);
    // After React has written the new value: put the selection where the operator goes on typing.
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(edit.start, edit.end);
    });
  }

  return (
    <div className="field">
      <span className="field-label" id="article-body-label">
        Body (HTML: scripts, styles and event handlers are removed when saved)
      </span>
      <div className="html-editor">
        <div className="html-toolbar" role="toolbar" aria-label="Formatting">
          {TOOLS.map((tool) => (
            <button
              key={tool.action}
              type="button"
              className={`tool${tool.className ? ` ${tool.className}` : ''}`}
              title={tool.title}
              aria-label={tool.name}
              // Keep the textarea's selection: a click would otherwise move the focus first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => apply(tool.action)}
              data-testid={`bo-article-tool-${tool.action}`}
            >
              {tool.label}
            </button>
          ))}
        </div>
        <textarea
          ref={textarea}
          className="html-source"
          rows={16}
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-labelledby="article-body-label"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'article-body-error' : undefined}
          data-testid="bo-article-body"
        />
      </div>
      <FieldError id="article-body-error" message={error} />
    </div>
  );
}
