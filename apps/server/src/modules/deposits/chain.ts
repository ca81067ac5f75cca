import { createHash, randomBytes } from 'node:crypto';

/** How a crypto deposit learns its confirmations: a real chain client or the simulated chain. */
export interface ChainWatcher {
  readonly simulated: boolean;
  /** The caller's deposit address on a network. */
  addressFor(userId: number, network: string): string;
  /** Whether a transaction hash has the form of its network. */
  isTxHash(network: string, txHash: string): boolean;
  /** A fresh hash in its network's form, for a transaction the simulated chain records. */
  newTxHash(network: string): string;
  /** Confirmations at `now` of a transaction sent at `sentAt`. */
  confirmations(tx: { network: string; txHash: string; sentAt: Date }, now: number): number;
}

export const REQUIRED_CONFIRMATIONS = 3;

const TX_HASH: Record<string, RegExp> = {
  TRC20: /^[0-9a-fA-F]{64}$/,
  ERC20: /^0x[0-9a-fA-F]{64}$/,
  ETH: /^0x[0-9a-fA-F]{64}$/,
  BTC: /^[0-9a-fA-F]{64}$/,
};

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * The simulated chain: a block every `blockSeconds`, so a transaction gains one confirmation per
 * block after it was sent (from the investor's simulated wallet, `simWallet.ts`). Addresses are derived from the user and network,
 * stable across restarts and nodes, in each network's address form.
 */
export function createSimulatedChain(opts: { blockSeconds: number; seed: string }): ChainWatcher {
  const digest = (userId: number, network: string) => createHash('sha512').update(`${opts.seed}:${network}:${userId}`).digest();
  return {
    simulated: true,
    addressFor(userId, network) {
      const bytes = digest(userId, network);
      if (network === 'TRC20')
        return `T${[...bytes]
          .slice(0, 33)
          .map((b) => BASE58[b % 58])
          .join('')}`;
      if (network === 'BTC')
        return `bc1q${[...bytes]
          .slice(0, 38)
          .map((b) => 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'[b % 32])
          .join('')}`;
      return `0x${bytes.subarray(0, 20).toString('hex')}`;
    },
    isTxHash: (network, txHash) => TX_HASH[network]?.test(txHash) ?? false,
    newTxHash(network) {
      const hex = randomBytes(32).toString('hex');
      return network === 'ERC20' || network === 'ETH' ? `0x${hex}` : hex;
    },
    confirmations(tx, now) {
      const blocks = Math.floor((now - tx.sentAt.getTime()) / (opts.blockSeconds * 1000));
      return Math.max(0, Math.min(blocks, REQUIRED_CONFIRMATIONS));
    },
  };
}
