// The app icons in public/icons, rendered once from the favicon with the Chromium the end-to-end tests use
// (no image library that downloads binaries). Run again after changing the mark: node apps/web/build/render-icons.mjs
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
const line = '<path d="M12 44 L24 28 L34 36 L52 16" stroke="#21E57B" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>';
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0B1F3A"/>${line}</svg>`;
// Full bleed, the mark inside the maskable safe zone (a circle of 80% of the width).
const full = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0B1F3A"/><g transform="translate(32 32) scale(${scale}) translate(-32 -30)">${line}</g></svg>`;
const out = fileURLToPath(new URL('../public/icons', import.meta.url));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
async function render(svg, size, file) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  writeFileSync(`${out}/${file}`, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
}
await render(any, 192, 'icon-192.png');
await render(any, 512, 'icon-512.png');
await render(full(0.72), 512, 'icon-maskable-512.png');
await render(full(0.8), 180, 'apple-touch-icon.png');
await browser.close();
