// The browser of the journeys and of the benchmarks: Debian's Chromium (no browser download at
// install time; CHROMIUM_PATH names another), without the background work that would slow a run or
// blur a figure.
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
