import { AREA_CODES, type Locale } from '@tradeapp/contract';
import countries from 'i18n-iso-countries/index.js';
import enNames from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import nlNames from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import zhNames from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';

// The package's Node entry registers all of its 80 languages; three are registered here.
countries.registerLocale(enNames);
countries.registerLocale(nlNames);
countries.registerLocale(zhNames);

const LIBRARY_LOCALE: Record<Locale, string> = { en: 'en', nl: 'nl', zh_Hans_CN: 'zh' };

/**
 * A picker shows the name people use, not the state's formal title. The Dutch list gives the
 * formal name first and the common one second ("Koninkrijk der Nederlanden", "Nederland"); the
 * English list is mostly common names already, except these.
 */
const ENGLISH_COMMON: Partial<Record<string, string>> = {
  CN: 'China',
  CZ: 'Czechia',
  IR: 'Iran',
  MK: 'North Macedonia',
  PS: 'Palestine',
  RU: 'Russia',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  US: 'United States',
  CI: 'Côte d’Ivoire',
  GM: 'Gambia',
  PN: 'Pitcairn Islands',
};

function nameOf(code: string, locale: Locale): string {
  if (locale === 'en') return ENGLISH_COMMON[code] ?? countries.getName(code, 'en') ?? code;
  const lang = LIBRARY_LOCALE[locale];
  return countries.getName(code, lang, { select: locale === 'nl' ? 'alias' : 'official' }) ?? countries.getName(code, 'en') ?? code;
}

function dialCodeOf(code: string): string | null {
  // Uninhabited territories (Antarctica, Bouvet Island, ...) have no calling code of their own.
  return isSupportedCountry(code) ? getCountryCallingCode(code) : null;
}

export interface Area {
  code: string;
  name: string;
  nameEn: string;
  dialCode: string | null;
}

const cache = new Map<Locale, Area[]>();

/** Every selectable country or region, named in `locale` and sorted the way that language sorts. */
export function areaList(locale: Locale): Area[] {
  let list = cache.get(locale);
  if (!list) {
    const collator = new Intl.Collator(locale.replace(/_/g, '-'));
    list = AREA_CODES.map((code) => ({ code, name: nameOf(code, locale), nameEn: nameOf(code, 'en'), dialCode: dialCodeOf(code) })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
    cache.set(locale, list);
  }
  return list;
}
