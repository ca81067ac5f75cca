import { memo } from 'react';

interface SparklineProps {
  /** Closes as decimal strings, oldest first (the last 50). */
  values: readonly string[] | undefined;
  color: string;
  width?: number;
  height?: number;
}

/** A mini chart: the closes as one SVG polyline. Numbers here are pixels, so floats are fine. */
export const Sparkline = memo(function Sparkline({ values, color, width = 64, height = 28 }: SparklineProps) {
  const points = (values ?? []).map(Number).filter((v) => Number.isFinite(v));
  if (points.length < 2) return <svg className="sparkline" width={width} height={height} aria-hidden="true" />;
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min || 1;
  const pad = 2;
  const step = (width - pad * 2) / (points.length - 1);
  const coords = points.map((v, i) => `${(pad + i * step).toFixed(1)},${(pad + (height - pad * 2) * (1 - (v - min) / span)).toFixed(1)}`).join(' ');
  return (
    <svg className="sparkline" width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" data-testid="sparkline">
      <polyline points={coords} fill="none" style={{ stroke: color }} strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
});
