import type { Db } from '../../db/db';
import type { Notices } from '../notices';
import { createActivationInvestor } from './investor';
import { createActivationOperator } from './operator';

// Block-trading activation (decision 0019): the investor applies, an operator approves (a key goes
// to the investor's notices) or refuses, the investor enters the key and block trading is active.
// An operator can revoke the key of an approved or active application, which closes it.

export function createBlockTradeService(db: Db, notices: Notices) {
  return { ...createActivationInvestor(db), ...createActivationOperator(db, notices) };
}

export type BlockTradeService = ReturnType<typeof createBlockTradeService>;
