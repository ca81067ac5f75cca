import { describe, expect, it } from 'vitest';
import { LOCK_CONNECTIONS } from '../db/db';
import { LOCKS } from './leader';

// Every job may hold its advisory lock at once on one node; the lock pool must have room for all of
// them, or a job would wait for a lock connection that only another job's end frees.
describe('the advisory lock pool', () => {
  it('has a connection for every job key at once, and one to spare', () => {
    expect(new Set(Object.values(LOCKS)).size).toBe(Object.keys(LOCKS).length);
    expect(Object.keys(LOCKS).length + 1).toBeLessThanOrEqual(LOCK_CONNECTIONS);
  });
});
