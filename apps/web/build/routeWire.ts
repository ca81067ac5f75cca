import type * as Contract from '@tradeapp/contract';
import { runnerImport, type Plugin } from 'vite';

// `virtual:route-wire`: the contract's route table without its schemas (method, auth, body and
// path of each route id the investor app may call), written at build time, so that the app's HTTP client does not put zod and
// every schema on the first screen (decision 0009). Screens that validate import their schemas.

const ID = 'virtual:route-wire';
const RESOLVED = `\0${ID}`;

export function routeWire(): Plugin {
  return {
    name: 'tradeapp-route-wire',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      // The contract is TypeScript: loaded through Vite's module runner, as the config is.
      const { module } = await runnerImport<typeof Contract>('@tradeapp/contract');
      const { routes } = module;
      // One string per route the investor app may call (operators' routes left out):
      // method, auth and body as one letter each, then the path: `Ppj/loginByUsername`
      // (read by src/api/client.ts).
      const table = Object.fromEntries(
        Object.entries(routes)
          .filter(([, def]) => def.auth !== 'operator')
          .map(([name, def]) => [name, `${def.method[0]}${def.auth[0]}${(def.body ?? 'json')[0]}${def.path}`]),
      );
      return `export default ${JSON.stringify(table)};\n`;
    },
  };
}
