import { useEffect, useState, type ImgHTMLAttributes, type ReactNode } from 'react';
import { getToken } from '../lib/session';

const FILE_PREFIX = '/web/file/';

/** Uploads are served at `/web/file/<id>` only with a bearer token, so a bare <img src> cannot load them. */
export function isProtectedFile(url: string): boolean {
  return url.startsWith(FILE_PREFIX);
}

export type FileSrc = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'error' };

/** Loads `url` into a blob with the bearer token (another URL as it is); an object URL while mounted. */
export async function fetchFileSrc(url: string, signal?: AbortSignal): Promise<string> {
  if (!isProtectedFile(url)) return url;
  const token = getToken();
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return URL.createObjectURL(await response.blob());
}

/** The displayable source of an image URL, fetched with the token when the file is protected. */
export function useFileSrc(url: string | null | undefined): FileSrc {
  const [state, setState] = useState<{ url: string; value: FileSrc } | null>(null);

  useEffect(() => {
    if (!url || !isProtectedFile(url)) return undefined;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchFileSrc(url, controller.signal)
      .then((src) => {
        objectUrl = src;
        setState({ url, value: { status: 'ready', src } });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url, value: { status: 'error' } });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  if (!url) return { status: 'error' };
  if (!isProtectedFile(url)) return { status: 'ready', src: url };
  return state?.url === url ? state.value : { status: 'loading' };
}

type AuthImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  url: string;
  /** Shown instead of the image while it loads and when it cannot be loaded. */
  placeholder?: ReactNode;
};

/** An <img> of an upload (or any URL); renders `placeholder` until the bytes are here. */
export function AuthImage({ url, placeholder = null, alt = '', ...img }: AuthImageProps) {
  const source = useFileSrc(url);
  if (source.status !== 'ready') return <>{placeholder}</>;
  return <img src={source.src} alt={alt} {...img} />;
}
