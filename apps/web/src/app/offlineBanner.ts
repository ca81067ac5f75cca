import { getUiLanguage, type UiLanguage } from '../i18n/locale';

// The offline banner (app/offlineNotice.ts), in the app's language: plain DOM, as the i18n catalogues may
// be what cannot load. Prices, balances and orders come only from the server, never from a kept copy.

export const OFFLINE_NOTICE: Record<UiLanguage, string> = {
  en: 'You are offline. Prices and balances are not updating and may be out of date.',
  nl: 'U bent offline. Koersen en saldi worden niet bijgewerkt en kunnen verouderd zijn.',
  'zh-Hans': '您已离线。行情和余额未在更新，可能已过时。',
};

let banner: HTMLElement | undefined;

/** Shows the banner until the browser reports the network back. */
export function showOfflineBanner(): void {
  if (banner || navigator.onLine) return;
  const shown = document.createElement('div');
  shown.className = 'offline-banner';
  shown.setAttribute('role', 'status');
  shown.dataset.testid = 'offline-banner';
  const language = getUiLanguage();
  shown.lang = language;
  shown.textContent = OFFLINE_NOTICE[language];
  document.body.prepend(shown);
  banner = shown;
  // The page and its sticky bars move down by the banner's height (app/device.css).
  const root = document.documentElement;
  root.style.setProperty('--mm-offline-h', `${shown.offsetHeight}px`);
  root.classList.add('mm-offline');
  window.addEventListener(
    'online',
    () => {
      shown.remove();
      root.classList.remove('mm-offline');
      banner = undefined;
    },
    { once: true },
  );
}
