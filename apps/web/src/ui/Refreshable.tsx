import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Status = 'idle' | 'pulling' | 'canRelease' | 'refreshing' | 'complete';

const THRESHOLD = 56;
const HEAD = 40;
const MAX_PULL = 110;

/**
 * Pull to refresh with the app's texts. A few lines of touch handling instead of antd-mobile's
 * PullToRefresh, which brings an animation and a gesture library (~25 kB gzipped) to the first
 * route.
 */
export function Refreshable({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const [pull, setPull] = useState(0);
  const [status, setStatus] = useState<Status>('idle');
  const refresh = useEffectEvent(() => onRefresh());

  useEffect(() => {
    const el = root.current;
    if (!el) return undefined;
    let startY: number | null = null;
    let distance = 0;
    let busy = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const onStart = (event: TouchEvent) => {
      startY = !busy && window.scrollY <= 0 && event.touches.length === 1 ? event.touches[0]!.clientY : null;
      distance = 0;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      const dy = event.touches[0]!.clientY - startY;
      if (dy <= 0 || window.scrollY > 0) {
        if (distance > 0) {
          distance = 0;
          setPull(0);
          setStatus('idle');
        }
        return;
      }
      // Pulling down at the top: the page follows the finger, the browser does not scroll.
      if (event.cancelable) event.preventDefault();
      distance = Math.min(MAX_PULL, dy * 0.5);
      setPull(distance);
      setStatus(distance >= THRESHOLD ? 'canRelease' : 'pulling');
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      if (distance < THRESHOLD) {
        distance = 0;
        setPull(0);
        setStatus('idle');
        return;
      }
      distance = 0;
      busy = true;
      setPull(HEAD);
      setStatus('refreshing');
      void Promise.resolve()
        .then(refresh)
        .catch(() => undefined)
        .finally(() => {
          setStatus('complete');
          timer = setTimeout(() => {
            busy = false;
            setPull(0);
            setStatus('idle');
          }, 500);
        });
    };

    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      clearTimeout(timer);
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const text =
    status === 'pulling'
      ? t('common.pullToRefresh')
      : status === 'canRelease'
        ? t('common.releaseToRefresh')
        : status === 'refreshing'
          ? t('common.refreshing')
          : status === 'complete'
            ? t('common.refreshed')
            : '';
  const settling = status !== 'pulling' && status !== 'canRelease';
  return (
    <div ref={root} className="ptr" data-testid="pull-to-refresh" data-status={status}>
      <div className={settling ? 'ptr-head settling' : 'ptr-head'} style={{ height: pull }} aria-live="polite">
        {text && <span className="ptr-text">{text}</span>}
      </div>
      {children}
    </div>
  );
}
