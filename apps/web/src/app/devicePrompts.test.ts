import { afterEach, describe, expect, it, vi } from 'vitest';
import { UI_LANGUAGES } from '../i18n/locale';
import { CONNECTION_TIMED_OUT, DEVICE_LANGUAGES, deviceLanguage } from './devicePrompts';
import { OFFLINE_NOTICE } from './offlineBanner';
import { loadPage } from './pageLoad';

describe('the device prompts’ language', () => {
  it('follows the device’s first language that has the prompts, whatever its region', () => {
    expect(deviceLanguage(['es-MX', 'en-US'])).toBe('es');
    expect(deviceLanguage(['nl-BE'])).toBe('nl');
    expect(deviceLanguage(['en-GB', 'nl'])).toBe('en');
    expect(deviceLanguage(['zh-CN'])).toBe('zh-Hans');
    expect(deviceLanguage(['zh-Hans-CN'])).toBe('zh-Hans');
    expect(deviceLanguage(['zh_TW'])).toBe('zh-Hans');
    expect(deviceLanguage(['ES'])).toBe('es');
  });

  it('passes over the device’s languages it has no prompts in', () => {
    expect(deviceLanguage(['fr-FR', 'de', 'es-ES'])).toBe('es');
    expect(deviceLanguage(['ja', 'zh-CN', 'en'])).toBe('zh-Hans');
  });

  it('falls back to Dutch, the specification’s stored default, when none is ours', () => {
    expect(deviceLanguage(['fr-FR', 'de-DE'])).toBe('nl');
    expect(deviceLanguage([])).toBe('nl');
  });

  it('reads the browser’s languages, not the app’s setting', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-AR', 'en']);
    expect(deviceLanguage()).toBe('es');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue([]);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('nl-NL');
    expect(deviceLanguage()).toBe('nl');
  });

  it('has every prompt in every language', () => {
    for (const language of DEVICE_LANGUAGES) {
      expect(CONNECTION_TIMED_OUT[language].title).not.toBe('');
      expect(CONNECTION_TIMED_OUT[language].action).not.toBe('');
    }
    for (const language of UI_LANGUAGES) expect(OFFLINE_NOTICE[language]).not.toBe('');
    expect(new Set(DEVICE_LANGUAGES.map((l) => CONNECTION_TIMED_OUT[l].title)).size).toBe(DEVICE_LANGUAGES.length);
  });
});

describe('a page’s code that does not arrive', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.useRealTimers();
  });
  const prompt = () => document.querySelector<HTMLButtonElement>('.device-prompt');

  it('shows the prompt in the device’s language after a failed fetch, and fetches again on a tap', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-ES']);
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('page');
    const loading = loadPage(load);
    await vi.waitFor(() => expect(prompt()).not.toBeNull());
    expect(prompt()?.lang).toBe('es');
    expect(prompt()?.textContent).toBe('Tiempo de conexión agotadoToca la pantalla para reintentar');
    expect(load).toHaveBeenCalledTimes(1);
    prompt()?.click();
    await expect(loading).resolves.toBe('page');
    expect(load).toHaveBeenCalledTimes(2);
    expect(prompt()).toBeNull();
  });

  it('shows one prompt for several loads that fail together, and one tap retries them all', async () => {
    const a = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue('layout');
    const b = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue('page');
    const both = Promise.all([loadPage(a), loadPage(b)]);
    await vi.waitFor(() => expect(b).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(document.querySelectorAll('.device-prompt')).toHaveLength(1));
    prompt()?.click();
    await expect(both).resolves.toEqual(['layout', 'page']);
  });

  it('shows the prompt past the page-load timeout, and takes it away when the late code arrives', async () => {
    vi.useFakeTimers();
    let arrive: (value: string) => void = () => undefined;
    const load = vi.fn(() => new Promise<string>((resolve) => (arrive = resolve)));
    const loading = loadPage(load);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(prompt()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(prompt()).not.toBeNull();
    arrive('page');
    await expect(loading).resolves.toBe('page');
    expect(prompt()).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('the offline banner', () => {
  it('shows in the app’s language while the browser is offline, and goes when the network is back', async () => {
    const { showOfflineBanner } = await import('./offlineBanner');
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    showOfflineBanner();
    showOfflineBanner();
    const banners = document.querySelectorAll('[data-testid="offline-banner"]');
    expect(banners).toHaveLength(1);
    expect(banners[0]?.textContent).toBe(OFFLINE_NOTICE.en);
    expect(banners[0]?.getAttribute('role')).toBe('status');
    expect(document.documentElement.classList.contains('mm-offline')).toBe(true);
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(document.querySelector('[data-testid="offline-banner"]')).toBeNull();
    expect(document.documentElement.classList.contains('mm-offline')).toBe(false);
  });
});
