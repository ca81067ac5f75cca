// The specification's device prompts (section 8: "connection timed out, tap the screen to retry"), shown
// when a page's code cannot be fetched. They live here rather than in the i18n catalogues because they
// must show when those cannot load: a few strings in the first chunk.

/** The device prompts' languages: the app's three and Spanish (specification, line 7). */
export const DEVICE_LANGUAGES = ['en', 'nl', 'zh-Hans', 'es'] as const;
export type DeviceLanguage = (typeof DEVICE_LANGUAGES)[number];

/**
 * When none of the device's languages is one of ours: Dutch, the specification's "locale storage
 * default is nl", which i18n/locale.ts reads as the device prompts' default (the app's is English).
 */
export const DEVICE_PROMPT_DEFAULT: DeviceLanguage = 'nl';

export interface DevicePrompt {
  title: string;
  action: string;
}

export const CONNECTION_TIMED_OUT: Record<DeviceLanguage, DevicePrompt> = {
  en: { title: 'Connection timed out', action: 'Tap the screen to retry' },
  nl: { title: 'Time-out van de verbinding', action: 'Tik op het scherm om opnieuw te proberen' },
  'zh-Hans': { title: '连接超时', action: '轻触屏幕重试' },
  es: { title: 'Tiempo de conexión agotado', action: 'Toca la pantalla para reintentar' },
};

/**
 * The device's language, not the app's setting (the prompts belong to the device and show before the app's
 * strings load): the first of the device's preferred languages (`es-MX`, `zh-CN`, `nl`) that we have, any
 * Chinese as simplified Chinese, else the default.
 */
export function deviceLanguage(preferred: readonly string[] = navigatorLanguages()): DeviceLanguage {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0]!;
    if (primary === 'zh') return 'zh-Hans';
    if (Object.hasOwn(CONNECTION_TIMED_OUT, primary)) return primary as DeviceLanguage;
  }
  return DEVICE_PROMPT_DEFAULT;
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
