/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_APP_VERSION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module 'virtual:route-wire' {
  import type { RouteId } from '@tradeapp/contract';
  /** The contract's route table without its schemas, one string a route (build/routeWire.ts). */
  const wire: Partial<Record<RouteId, string>>;
  export default wire;
}

declare module 'virtual:boot' {
  import type { BootConfig } from './boot/config';
  /** What the boot script knows of the build (build/firstPaint.ts). */
  const config: BootConfig;
  export default config;
}
