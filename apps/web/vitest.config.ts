import { defineConfig } from 'vitest/config';
import { routeWire } from './build/routeWire';

export default defineConfig({
  plugins: [routeWire()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    env: { TZ: 'UTC' },
    restoreMocks: true,
    setupFiles: ['src/test-setup.ts'],
  },
});
