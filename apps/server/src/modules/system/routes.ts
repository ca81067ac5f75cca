import type { HandlersOf } from '../../http/register';
import type { createHealth } from './service';

export function systemHandlers(health: ReturnType<typeof createHealth>): HandlersOf<'health'> {
  return { health: () => health() };
}
