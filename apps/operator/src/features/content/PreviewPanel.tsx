import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../api';
import { previewQueryOptions } from './api';
import { previewDocument } from './markup';
import { Spinner } from '../../ui/Spinner';
import { useDebounced } from '../../ui/useDebounced';

const DEBOUNCE_MS = 400;

interface PreviewPanelProps {
  language: string;
  /** The text's language tag, for the frame's `lang`. */
  lang: string;
  text: { title: string; summary: string; body: string };
  /** The language is not written: the preview shows the English readers would get. */
  fallback: boolean;
}

/**
 * The article as the server would store it: the body goes through the server's sanitiser and is
 * shown in a sandboxed frame with no permissions at all, so nothing in it can run even if the
 * sanitiser missed something.
 */
export function PreviewPanel({ language, lang, text, fallback }: PreviewPanelProps) {
  const body = useDebounced(text.body, DEBOUNCE_MS);
  const preview = useQuery({ ...previewQueryOptions(body), enabled: body.trim() !== '' });
  const html = body.trim() === '' ? '' : (preview.data?.html ?? '');
  const updating = text.body !== body || preview.isFetching;

  return (
    <aside className="card preview-panel">
      <header className="preview-header">
        <h2>Preview</h2>
        <span className="muted small">
          {fallback ? `${language} not written: English shown` : language}
          {updating && <Spinner label="Updating the preview" />}
        </span>
      </header>
      {preview.isError && (
        <div className="alert alert-error preview-error" role="alert">
          The preview failed: {messageOf(preview.error)}
        </div>
      )}
      <iframe
        title="Article preview"
        className="preview-frame"
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={previewDocument(text.title, text.summary, html, lang)}
        data-testid="bo-article-preview"
        data-ready={!updating && (body.trim() === '' || preview.isSuccess)}
      />
    </aside>
  );
}
