import { routes } from '@tradeapp/contract';
import { describe, expect, it } from 'vitest';
import { checkLogin } from './loginRules';

// The sign-in form checks without zod (first-route budget); these must stay the contract's rules.
describe('sign-in rules', () => {
  const names = ['', ' ', '   ', 'a', ' alice ', 'alice@example.com', 'x'.repeat(100), ` ${'x'.repeat(100)} `, 'x'.repeat(101)];
  const passwords = ['', ' ', 'a', 'secret1', 'x'.repeat(64), 'x'.repeat(65), ' spaced '];
  for (const username of names) {
    for (const password of passwords) {
      it(`agrees with the contract on ${JSON.stringify(username.slice(0, 12))}/${password.length}`, () => {
        const ours = checkLogin({ username, password });
        const parsed = routes.login.request.safeParse({ username, password });
        if (parsed.success) {
          expect(ours.errors).toEqual({});
          expect(ours.values).toEqual(parsed.data);
        } else {
          const first: Record<string, string> = {};
          for (const issue of parsed.error.issues) first[String(issue.path[0])] ??= issue.message;
          expect(ours.errors).toEqual(first);
        }
      });
    }
  }
});
