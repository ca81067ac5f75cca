import type { contentEn } from './en';
import type { UiMessages } from '../en';

/** Every group of the English content strings, so a group added there is missing here until translated. */
type ContentMessages = Pick<UiMessages, keyof typeof contentEn>;

export const contentNl: ContentMessages = {
  news: {
    guidesTitle: 'Handleidingen',
    more: 'Meer nieuws',
    guide: 'Handleiding',
    inEnglish: 'In het Engels',
    fallback: 'Nog niet beschikbaar in uw taal; getoond in het Engels',
    notFound: 'Dit artikel is niet beschikbaar',
    notFoundBody: 'Het is mogelijk ingetrokken, of de link klopt niet.',
    loadFailed: 'Het nieuws kon niet worden geladen',
    loadFailedBody: 'Controleer uw verbinding en probeer het opnieuw.',
  },
  webview: {
    refused: 'Dit adres kan niet in de app worden geopend',
    refusedBody: 'Voor uw veiligheid opent de app alleen pagina’s van Meridian Markets en haar partners.',
    loading: 'Pagina laden…',
    checkFailed: 'Dit adres kon niet worden gecontroleerd',
  },
  legalDoc: {
    loadFailed: 'Dit document kon niet worden geladen',
  },
  appInfo: {
    published: 'Gepubliceerd op {{date}}',
    whatsNew: 'Wat is er nieuw',
  },
  chat: {
    introTitle: 'Hallo! Waarmee kunnen we helpen?',
    introBody:
      'Stel hieronder uw vraag. Een medewerker van onze klantenservice antwoordt hier, en u ziet het antwoord zodra het is verstuurd. U kunt ook een foto of schermafbeelding sturen.',
    placeholder: 'Typ een bericht',
    send: 'Verstuur',
    image: 'Afbeelding sturen',
    earlier: 'Eerdere berichten',
    start: 'Begin van het gesprek',
    operator: 'Klantenservice',
    read: 'Gelezen',
    sent: 'Verstuurd',
    sending: 'Versturen…',
    failed: 'Niet verstuurd',
    retry: 'Opnieuw',
    loadFailed: 'Het gesprek kon niet worden geladen',
    newReply: 'De klantenservice heeft geantwoord',
    imageAlt: 'Afbeelding',
    imageFailed: 'Afbeelding niet beschikbaar',
    close: 'Sluiten',
  },
  area: {
    title: 'Land of regio',
    placeholder: 'Kies land of regio',
    search: 'Zoek land of regio',
    noMatch: 'Geen land of regio gevonden voor "{{q}}"',
    loadFailed: 'De lijst kon niet worden geladen',
  },
  invitees: {
    title: 'Uitgenodigde vrienden',
    total: 'Totaal: {{count}}',
    empty: 'Er hebben zich nog geen vrienden aangemeld',
    emptyBody: 'Vrienden die zich met uw link of code registreren, verschijnen hier.',
    verified: 'Geverifieerd',
    notVerified: 'Niet geverifieerd',
    joined: 'Lid sinds {{date}}',
  },
  noticeToast: {
    operatorMessage: 'Nieuw bericht van Meridian Markets',
  },
};
