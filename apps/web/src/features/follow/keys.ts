// Query keys of the copy-following screens (server module: follow). Everything lives under
// ['follow'], so a copy opening or closing (a pushed order event) refreshes every follow at once.

export const followKeys = {
  all: ['follow'] as const,
  agencies: () => ['follow', 'agencies'] as const,
  agency: (id: number) => ['follow', 'agency', id] as const,
  agencyClosed: (id: number) => ['follow', 'agency', id, 'closed'] as const,
  follows: () => ['follow', 'follows'] as const,
  running: () => ['follow', 'running'] as const,
  follow: (id: number) => ['follow', 'follow', id] as const,
};
