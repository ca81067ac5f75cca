import type { LegalDocs } from './types';

export const nl: LegalDocs = {
  agreement: {
    title: 'Gebruikersovereenkomst',
    intro:
      'Deze overeenkomst beschrijft de voorwaarden waaronder Meridian Markets ("wij", "ons") u toegang geeft tot de Meridian Markets-app en haar diensten. Door een rekening te openen bevestigt u dat u deze overeenkomst hebt gelezen, begrepen en aanvaard.',
    sections: [
      {
        heading: '1. Gesimuleerde marktgegevens',
        paragraphs: [
          'Alle prijzen, koersen, grafieken, orderboeken en marktstatistieken in deze app worden door een simulatie gegenereerd. Ze komen niet van een beurs en geven geen echte marktprijzen weer.',
          'Orders in de app worden uitgevoerd tegen deze gesimuleerde prijzen. Niets in de app is een aanbod om een echt effect, echte valuta, grondstof of digitale munt te kopen of te verkopen.',
        ],
      },
      {
        heading: '2. Uw rekening',
        paragraphs: [
          'U kunt een particuliere of een zakelijke rekening openen. U geeft juiste, volledige en actuele gegevens en houdt die bij.',
          'U bent verantwoordelijk voor het geheimhouden van uw inlogwachtwoord en transactiewachtwoord. Elke handeling met uw gegevens geldt als de uwe. Meld vermoedelijk misbruik direct.',
        ],
      },
      {
        heading: '3. Identiteitsverificatie',
        paragraphs: [
          'Handelen en geld opnemen vereisen een geverifieerde identiteit. Wij kunnen om identiteitsdocumenten en een adresbewijs vragen en kunnen een rekening weigeren of opschorten zolang de verificatie niet rond is.',
        ],
      },
      {
        heading: '4. Stortingen, opnames en overboekingen',
        paragraphs: [
          'Saldi worden bijgehouden in een grootboek waarin elke beweging wordt vastgelegd. Opnames worden beoordeeld voordat ze worden uitbetaald en kunnen worden geweigerd als gegevens ontbreken of onjuist zijn.',
          'Een verzoek dat geld verplaatst, wordt één keer verwerkt, ook als het meer dan eens wordt verstuurd.',
        ],
      },
      {
        heading: '5. Aanvaardbaar gebruik',
        paragraphs: [
          'U misbruikt de app niet: geen pogingen om gegevens van andere gebruikers in te zien, geen geautomatiseerd misbruik, geen gebruik voor onwettige doelen en geen verstoring van de werking.',
        ],
      },
      {
        heading: '6. Kosten',
        paragraphs: [
          'Kosten voor het openen en sluiten van posities worden getoond voordat u een order bevestigt. Wij melden wijzigingen in de kosten vooraf.',
        ],
      },
      {
        heading: '7. Opschorting en beëindiging',
        paragraphs: [
          'U kunt uw rekening op elk moment sluiten. Wij kunnen een rekening die deze overeenkomst schendt opschorten of sluiten, met kennisgeving waar de wet dat toestaat.',
        ],
      },
      {
        heading: '8. Aansprakelijkheid',
        paragraphs: [
          'De app wordt geleverd zoals hij is. Omdat marktgegevens gesimuleerd zijn, is geen enkel resultaat in de app een indicatie voor echte beleggingsresultaten. Voor zover de wet het toestaat, zijn wij niet aansprakelijk voor indirecte schade.',
        ],
      },
      {
        heading: '9. Wijzigingen en contact',
        paragraphs: [
          'Wij kunnen deze overeenkomst bijwerken; de datum van de huidige versie staat hierboven. Belangrijke wijzigingen worden aangekondigd in de berichten van de app. Vragen kunt u stellen via de klantenservice in de app.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacybeleid',
    intro:
      'Dit beleid legt uit welke persoonsgegevens Meridian Markets verwerkt, waarom, en welke rechten u hebt. Wij verwerken persoonsgegevens volgens de Algemene verordening gegevensbescherming (AVG).',
    sections: [
      {
        heading: '1. Gegevens die wij verzamelen',
        paragraphs: [
          'Rekeninggegevens: gebruikers-ID, e-mailadres, naam, telefoonnummer, adres, land en, waar nodig, uw burgerservicenummer (BSN) of social security number.',
          'Verificatiegegevens: kopieën van identiteitsdocumenten en, voor zakelijke rekeningen, de vergunning en het rekeningbewijs die u uploadt.',
          'Gebruiksgegevens: inlogtijden, apparaattaal en de verzoeken die u doet, bewaard om de dienst te laten werken en te beveiligen.',
        ],
      },
      {
        heading: '2. Waarom wij ze gebruiken',
        paragraphs: [
          'Om uw rekening te openen en te beheren, uw identiteit te verifiëren, stortingen, opnames en orders te verwerken, fraude en misbruik te voorkomen en aan wettelijke verplichtingen te voldoen.',
        ],
      },
      {
        heading: '3. Grondslag',
        paragraphs: [
          'Wij verwerken gegevens om onze overeenkomst met u uit te voeren, om aan wettelijke plichten te voldoen en waar wij een gerechtvaardigd belang hebben bij een veilige dienst.',
        ],
      },
      {
        heading: '4. Delen',
        paragraphs: [
          'Wij verkopen geen persoonsgegevens. Wij delen ze alleen met dienstverleners die ons helpen de app te draaien, onder contract en voor onze doelen, of als de wet dat vereist.',
        ],
      },
      {
        heading: '5. Beveiliging en bewaartermijn',
        paragraphs: [
          'Wachtwoorden worden opgeslagen als eenrichtingshash; sessies kunnen worden ingetrokken; uploads worden gecontroleerd voordat ze worden opgeslagen. Wij bewaren gegevens zolang uw rekening open is en daarna alleen zolang de wet dat vereist.',
        ],
      },
      {
        heading: '6. Uw rechten',
        paragraphs: [
          'U kunt vragen om inzage, correctie of verwijdering van uw gegevens, bezwaar maken tegen verwerking en om een kopie in een overdraagbaar formaat vragen. U kunt ook een klacht indienen bij de Autoriteit Persoonsgegevens.',
        ],
      },
      {
        heading: '7. Lokale opslag',
        paragraphs: [
          'De app bewaart op uw apparaat uw sessietoken, uw taalkeuze en of u de introductie hebt gezien. De app gebruikt geen advertentietrackers.',
        ],
      },
      {
        heading: '8. Contact',
        paragraphs: ['Verzoeken over uw gegevens kunt u sturen via de klantenservice in de app.'],
      },
    ],
  },
  risk: {
    title: 'Risicoverklaring',
    intro:
      'Lees deze verklaring voordat u handelt. Ze beschrijft de belangrijkste risico\'s van de producten in de app. De marktgegevens in deze app zijn gesimuleerd; de risico\'s hieronder beschrijven hoe deze producten zich op echte markten gedragen en hoe ze in de app zijn nagebootst.',
    sections: [
      {
        heading: '1. Gesimuleerde prijzen',
        paragraphs: [
          'Prijzen in de app komen uit een simulatie en kunnen bewegen op manieren die echte markten niet zouden doen. Resultaten in de app zeggen niets over de resultaten die u op echte markten zou behalen.',
        ],
      },
      {
        heading: '2. Hefboom en marge',
        paragraphs: [
          'Posities met hefboom vergroten zowel winst als verlies. Een kleine koersbeweging tegen u in kan uw marge opmaken. Daalt het eigen vermogen tot het onderhoudsniveau, dan wordt een positie automatisch gesloten en is het verlies definitief.',
        ],
      },
      {
        heading: '3. Short gaan',
        paragraphs: [
          'Een verkooppositie (short) verliest geld als de koers stijgt, en het mogelijke verlies is niet begrensd door de koers waartegen u opende.',
        ],
      },
      {
        heading: '4. Volatiliteit en koerssprongen',
        paragraphs: [
          'Futures, forex, grondstoffen en digitale valuta kunnen sterk bewegen. Koersen kunnen tussen handelssessies springen, waardoor limietorders tegen een andere prijs of helemaal niet worden uitgevoerd.',
        ],
      },
      {
        heading: '5. Nieuwe emissies, obligaties, fondsen en leningen',
        paragraphs: [
          'Een inschrijving op een nieuwe emissie kan geen of een gedeeltelijke toewijzing krijgen. Obligaties en fondsen kunnen een periode vastzitten en bij verkoop minder waard zijn. Geleend geld moet met rente worden terugbetaald, ongeacht uw handelsresultaten.',
        ],
      },
      {
        heading: '6. Geautomatiseerde producten',
        paragraphs: [
          'AI-robots en kwantitatieve producten volgen geautomatiseerde regels. Getoonde cijfers uit het verleden zijn geen voorspelling en de uitkomst kan negatief zijn.',
        ],
      },
      {
        heading: '7. Techniek',
        paragraphs: [
          'Netwerkstoringen, vertraging of uitval kunnen verhinderen dat een order op tijd wordt geplaatst, gewijzigd of geannuleerd.',
        ],
      },
      {
        heading: '8. Uw beslissing',
        paragraphs: [
          'Handel alleen met geld dat u kunt missen. Niets in de app is beleggingsadvies. Twijfelt u of een product bij u past, vraag dan onafhankelijk advies.',
        ],
      },
    ],
  },
};
