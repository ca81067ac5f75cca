import { useEffect, useRef, useState } from 'react';
import { getToken } from '../api';
import { Spinner } from './Spinner';
import { useDialogFocus } from './useDialogFocus';
import { useEscape } from './useEscape';

/** Uploads are served at `/web/file/<id>` only to a signed-in caller, so an <img src> cannot load them. */
function isProtectedFile(url: string): boolean {
  return url.startsWith('/web/file/');
}

export type ImageState = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'error'; message: string };

/** Fetches a protected upload with the operator's token and holds it as an object URL while mounted. */
export function useAuthorizedImage(url: string): ImageState {
  const [state, setState] = useState<{ url: string; value: ImageState }>({ url, value: { status: 'loading' } });

  useEffect(() => {
    if (!isProtectedFile(url)) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = getToken();
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(response.status === 404 ? 'File not found' : `HTTP ${response.status}`);
        const blob = await response.blob();
        objectUrl = URL.createObjectURL(blob);
        setState({ url, value: { status: 'ready', src: objectUrl } });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ url, value: { status: 'error', message: error instanceof Error ? error.message : 'Cannot load' } });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  if (!isProtectedFile(url)) return { status: 'ready', src: url };
  return state.url === url ? state.value : { status: 'loading' };
}

interface AuthImageProps {
  url: string;
  /** What the image shows, e.g. "ID front". */
  label: string;
}

/** An image shown large over the page; a click, Escape or its Close button closes it and the focus goes back. */
export function Lightbox({ src, label, onClose }: { src: string; label: string; onClose: () => void }) {
  useEscape(onClose);
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref);

  return (
    <div ref={ref} className="lightbox" role="dialog" aria-modal="true" aria-label={label} tabIndex={-1} onClick={onClose} data-testid="bo-doc-lightbox">
      <button
        type="button"
        className="icon-btn lightbox-close"
        aria-label="Close"
        onClick={(event) => {
          event.stopPropagation();
          onClose();
        }}
      >
        ×
      </button>
      <img src={src} alt={label} />
      <span className="lightbox-caption">{label} · click or press Escape to close</span>
    </div>
  );
}

/** A document image as a thumbnail; a click shows it large. */
export function AuthImage({ url, label }: AuthImageProps) {
  const image = useAuthorizedImage(url);
  const [enlarged, setEnlarged] = useState(false);

  return (
    <figure className="doc">
      <div className="doc-frame">
        {image.status === 'loading' && <Spinner className="spinner" label={`Loading ${label}`} />}
        {image.status === 'error' && (
          <span className="doc-error" role="alert">
            Cannot load the image: {image.message}
          </span>
        )}
        {image.status === 'ready' && (
          <button type="button" className="doc-open" onClick={() => setEnlarged(true)} title="Click to enlarge">
            <img src={image.src} alt={label} data-testid="bo-doc-image" />
          </button>
        )}
      </div>
      <figcaption className="doc-caption">{label}</figcaption>
      {enlarged && image.status === 'ready' && <Lightbox src={image.src} label={label} onClose={() => setEnlarged(false)} />}
    </figure>
  );
}
