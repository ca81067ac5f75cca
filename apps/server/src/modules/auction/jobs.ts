import { defineJob } from '../../schedule/job';
import { LOCKS } from '../../schedule/leader';
import type { AuctionService } from './service';

/**
 * Matches each auction stock's book once its 09:20 (Hong Kong time) has come. Idempotent: the run
 * takes the book's row lock and matches only a book not matched yet, marking it matched in the
 * same transaction as every journal, position and notice of the match; a second run, here or on
 * another node, finds nothing left to match. A node that was down at 09:20 matches when it is back.
 */
export const auctionMatch = (auction: AuctionService) =>
  defineJob({
    name: 'auction-match',
    // The match is due at 09:20:00; a few seconds later is as good, and a quiet run costs one query.
    everyMs: 5_000,
    lock: LOCKS.auctionMatch,
    run: () => auction.matchDue(),
  });
