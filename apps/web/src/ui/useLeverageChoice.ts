import { useState } from 'react';

/**
 * The leverage of an order, chosen against the instrument's retail cap: above it the investor
 * acknowledges the risk first, once (the server records it), and the order waits for that. The
 * warning (`warning`, the props of the trading feature's LeverageRiskDialog but the instrument's)
 * also offers the highest leverage within the cap instead.
 */
export function useLeverageChoice<I>({
  initial,
  leverages,
  cap,
  acknowledged,
  acknowledge,
  proceed,
}: {
  initial: number;
  leverages: readonly number[];
  cap: number;
  acknowledged: boolean;
  /** Records the acknowledgement; on a failure (the client toasts it) the warning stays up. */
  acknowledge: () => Promise<unknown>;
  /** Where the order goes on to once no warning stands in its way. */
  proceed: (input: I) => Promise<void>;
}) {
  const [leverage, setLeverage] = useState(initial);
  const [waiting, setWaiting] = useState<I | null>(null);
  const [acknowledging, setAcknowledging] = useState(false);
  const lower = Math.max(1, ...leverages.filter((n) => n <= cap));
  const warn = leverage > cap && !acknowledged;

  const go = async (input: I) => {
    if (warn) {
      setWaiting(input);
      return;
    }
    await proceed(input);
  };

  const acknowledgeAndProceed = async () => {
    const input = waiting;
    setAcknowledging(true);
    try {
      await acknowledge();
    } catch {
      return;
    } finally {
      setAcknowledging(false);
    }
    setWaiting(null);
    if (input) await proceed(input);
  };

  return {
    leverage,
    setLeverage,
    /** Some leverage on offer is above the cap. */
    capped: leverages.some((n) => n > cap),
    /** The chosen leverage needs the warning first. */
    warn,
    /** The order goes on, or waits for the warning. */
    go,
    warning: {
      visible: waiting !== null,
      leverage,
      cap,
      lower,
      pending: acknowledging,
      onAcknowledge: () => void acknowledgeAndProceed(),
      onLower: () => {
        setLeverage(lower);
        setWaiting(null);
      },
      onCancel: () => setWaiting(null),
    },
  };
}
