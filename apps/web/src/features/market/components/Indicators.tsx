import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INDICATOR_LEGEND, MA_LEGEND, OSCILLATORS, OVERLAYS, type Oscillator, type Overlay } from './maLegend';

const STORAGE_KEY = 'mm.chartIndicators';

export interface Indicators {
  overlay: Overlay;
  oscillator: Oscillator | null;
}

function stored(): Indicators {
  try {
    const value = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? 'null') as Partial<Indicators> | null;
    return {
      overlay: OVERLAYS.includes(value?.overlay as Overlay) ? (value!.overlay as Overlay) : 'ma',
      oscillator: OSCILLATORS.includes(value?.oscillator as Oscillator) ? (value!.oscillator as Oscillator) : null,
    };
  } catch {
    return { overlay: 'ma', oscillator: null };
  }
}

/** The chart's indicators, as the investor last chose them on any quote page. */
export function useIndicators(): [Indicators, (next: Indicators) => void] {
  const [value, setValue] = useState(stored);
  const set = (next: Indicators) => {
    setValue(next);
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // private mode: the choice lasts this visit
    }
  };
  return [value, set];
}

/** The overlay's lines in their colours ("MA5 MA10 MA20", "BOLL(20,2) UP MID LOW"), and the oscillator's. */
export function IndicatorLegend({ indicators }: { indicators: Indicators }) {
  const lines = (key: Overlay | Oscillator) => {
    const legend = INDICATOR_LEGEND[key];
    return (
      <span className="indicator-legend" data-testid={`legend-${key}`}>
        {key !== 'ma' && <span className="indicator-name">{legend.name}</span>}
        {legend.lines.map((line, i) => (
          <span key={line} style={{ color: MA_LEGEND[i]?.color }}>
            {line}
          </span>
        ))}
        {key === 'rsi' && <span style={{ color: MA_LEGEND[2].color }}>RSI</span>}
      </span>
    );
  };
  return (
    <>
      {lines(indicators.overlay)}
      {indicators.oscillator && lines(indicators.oscillator)}
    </>
  );
}

/** Chips under the chart: the overlay (one of two), and an oscillator (tap again to hide it). */
export function IndicatorPicker({ indicators, onChange }: { indicators: Indicators; onChange: (next: Indicators) => void }) {
  const { t } = useTranslation();
  return (
    <div className="indicator-picker" role="group" aria-label={t('quote.indicators')} data-testid="indicator-picker">
      {OVERLAYS.map((overlay) => (
        <button
          key={overlay}
          type="button"
          className={indicators.overlay === overlay ? 'indicator-chip active' : 'indicator-chip'}
          aria-pressed={indicators.overlay === overlay}
          data-testid={`indicator-${overlay}`}
          onClick={() => onChange({ ...indicators, overlay })}
        >
          {overlay.toUpperCase()}
        </button>
      ))}
      <span className="indicator-divider" aria-hidden />
      {OSCILLATORS.map((oscillator) => (
        <button
          key={oscillator}
          type="button"
          className={indicators.oscillator === oscillator ? 'indicator-chip active' : 'indicator-chip'}
          aria-pressed={indicators.oscillator === oscillator}
          data-testid={`indicator-${oscillator}`}
          onClick={() => onChange({ ...indicators, oscillator: indicators.oscillator === oscillator ? null : oscillator })}
        >
          {oscillator.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
