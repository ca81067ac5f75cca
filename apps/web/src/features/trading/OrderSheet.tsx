import '../../ui/money.css';
import './trading.css';
import type { OrderDirection, Quote } from '@tradeapp/contract';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderTicket } from './OrderForm';
import { OrderBook } from './orderParts';

/** How far (px) the sheet is dragged down before letting go closes it. */
const CLOSE_DISTANCE = 80;

/**
 * The order form as a bottom sheet over the quote page, as moomoo and Webull show it: the quote's
 * head stays in view above it, the sheet has a handle and a title, its form scrolls inside it, and
 * it closes by dragging the handle down, by a tap on the backdrop or by its close button. The quote
 * page keeps it in the URL (`order=buy|sell`), so Back closes it and a link can open it.
 */
export default function OrderSheet({ quote, direction, onClose }: { quote: Quote | undefined; direction: OrderDirection | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [drag, setDrag] = useState(0);
  const start = useRef<number | null>(null);
  // The last direction stays while the sheet slides away, so its content does not change on the way out.
  const [shown, setShown] = useState<OrderDirection | null>(direction);
  if (direction !== null && direction !== shown) setShown(direction);

  const grab = (event: PointerEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientY;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    if (start.current !== null) setDrag(Math.max(0, event.clientY - start.current));
  };
  const release = () => {
    if (start.current === null) return;
    start.current = null;
    const far = drag >= CLOSE_DISTANCE;
    setDrag(0);
    if (far) onClose();
  };
  const handlers = { onPointerDown: grab, onPointerMove: move, onPointerUp: release, onPointerCancel: release };

  return (
    <Popup visible={direction !== null && quote !== undefined} onMaskClick={onClose} onClose={onClose} bodyClassName="order-sheet" destroyOnClose>
      {quote && shown !== null && (
        <div
          className={drag ? 'order-sheet-panel dragging' : 'order-sheet-panel'}
          style={drag ? { transform: `translateY(${drag}px)` } : undefined}
          role="dialog"
          aria-modal="true"
          aria-labelledby="order-sheet-title"
          data-testid="order-sheet"
          data-direction={shown}
        >
          <div className="order-sheet-grip" aria-hidden="true" title={t('trading.sheet.handle')} data-testid="order-sheet-handle" {...handlers}>
            <span className="order-sheet-handle" />
          </div>
          <header className="order-sheet-head" {...handlers}>
            <div className="order-sheet-title">
              <strong id="order-sheet-title" data-testid="order-sheet-title">
                {quote.name}
              </strong>
              <span>
                {quote.stock_code} · {quote.marketType} · {quote.currency}
              </span>
            </div>
            <button type="button" className="order-sheet-close" aria-label={t('trading.sheet.close')} data-testid="order-sheet-close" onClick={onClose}>
              <CloseOutline aria-hidden="true" />
            </button>
          </header>
          <div className="order-sheet-book">
            <OrderBook quote={quote} />
          </div>
          <div className="order-sheet-scroll" data-testid="order-sheet-scroll">
            <OrderTicket key={`${quote.symbol}-${shown}`} quote={quote} initialDirection={shown} initialLimit={!quote.tradable} place="sheet" />
          </div>
        </div>
      )}
    </Popup>
  );
}
