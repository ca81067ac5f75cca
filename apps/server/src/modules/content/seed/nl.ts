import type { SeedTexts } from './catalogue';

// The shipped articles in Dutch. The legal documents are the texts the app showed before
// they moved to the server; the guides state the rules the server applies.

export const nl: SeedTexts = {
  'user-agreement': {
    title: 'Gebruikersovereenkomst',
    summary: 'De voorwaarden waaronder u Meridian Markets en haar diensten gebruikt.',
    body: `<p><em>Laatst bijgewerkt: 1 november 2026</em></p>
<p>Deze overeenkomst beschrijft de voorwaarden waaronder Meridian Markets ("wij", "ons") u toegang geeft tot de Meridian Markets-app en haar diensten. Door een rekening te openen bevestigt u dat u deze overeenkomst hebt gelezen, begrepen en aanvaard.</p>
<h2>1. Gesimuleerde marktgegevens</h2>
<p>Alle prijzen, koersen, grafieken, orderboeken en marktstatistieken in deze app worden door een simulatie gegenereerd. Ze komen niet van een beurs en geven geen echte marktprijzen weer.</p>
<p>Orders in de app worden uitgevoerd tegen deze gesimuleerde prijzen. Niets in de app is een aanbod om een echt effect, echte valuta, grondstof of digitale munt te kopen of te verkopen.</p>
<h2>2. Uw rekening</h2>
<p>U kunt een particuliere of een zakelijke rekening openen. U geeft juiste, volledige en actuele gegevens en houdt die bij.</p>
<p>U bent verantwoordelijk voor het geheimhouden van uw inlogwachtwoord en transactiewachtwoord. Elke handeling met uw gegevens geldt als de uwe. Meld vermoedelijk misbruik direct.</p>
<h2>3. Identiteitsverificatie</h2>
<p>Handelen en geld opnemen vereisen een geverifieerde identiteit. Wij kunnen om identiteitsdocumenten en een adresbewijs vragen en kunnen een rekening weigeren of opschorten zolang de verificatie niet rond is.</p>
<h2>4. Stortingen, opnames en overboekingen</h2>
<p>Saldi worden bijgehouden in een grootboek waarin elke beweging wordt vastgelegd. Opnames worden beoordeeld voordat ze worden uitbetaald en kunnen worden geweigerd als gegevens ontbreken of onjuist zijn.</p>
<p>Een verzoek dat geld verplaatst, wordt één keer verwerkt, ook als het meer dan eens wordt verstuurd.</p>
<h2>5. Aanvaardbaar gebruik</h2>
<p>U misbruikt de app niet: geen pogingen om gegevens van andere gebruikers in te zien, geen geautomatiseerd misbruik, geen gebruik voor onwettige doelen en geen verstoring van de werking.</p>
<h2>6. Kosten</h2>
<p>Kosten voor het openen en sluiten van posities worden getoond voordat u een order bevestigt. Wij melden wijzigingen in de kosten vooraf.</p>
<h2>7. Opschorting en beëindiging</h2>
<p>U kunt uw rekening op elk moment sluiten. Wij kunnen een rekening die deze overeenkomst schendt opschorten of sluiten, met kennisgeving waar de wet dat toestaat.</p>
<h2>8. Aansprakelijkheid</h2>
<p>De app wordt geleverd zoals hij is. Omdat marktgegevens gesimuleerd zijn, is geen enkel resultaat in de app een indicatie voor echte beleggingsresultaten. Voor zover de wet het toestaat, zijn wij niet aansprakelijk voor indirecte schade.</p>
<h2>9. Wijzigingen en contact</h2>
<p>Wij kunnen deze overeenkomst bijwerken; de datum van de huidige versie staat hierboven. Belangrijke wijzigingen worden aangekondigd in de berichten van de app. Vragen kunt u stellen via de klantenservice in de app.</p>`,
  },
  'privacy-policy': {
    title: 'Privacybeleid',
    summary: 'Welke persoonsgegevens wij verwerken, waarom, en welke rechten u hebt.',
    body: `<p><em>Laatst bijgewerkt: 1 november 2026</em></p>
<p>Dit beleid legt uit welke persoonsgegevens Meridian Markets verwerkt, waarom, en welke rechten u hebt. Wij verwerken persoonsgegevens volgens de Algemene verordening gegevensbescherming (AVG).</p>
<h2>1. Gegevens die wij verzamelen</h2>
<p>Rekeninggegevens: gebruikers-ID, e-mailadres, naam, telefoonnummer, adres, land en, waar nodig, uw burgerservicenummer (BSN) of social security number.</p>
<p>Verificatiegegevens: kopieën van identiteitsdocumenten en, voor zakelijke rekeningen, de vergunning en het rekeningbewijs die u uploadt.</p>
<p>Gebruiksgegevens: inlogtijden, apparaattaal en de verzoeken die u doet, bewaard om de dienst te laten werken en te beveiligen.</p>
<h2>2. Waarom wij ze gebruiken</h2>
<p>Om uw rekening te openen en te beheren, uw identiteit te verifiëren, stortingen, opnames en orders te verwerken, fraude en misbruik te voorkomen en aan wettelijke verplichtingen te voldoen.</p>
<h2>3. Grondslag</h2>
<p>Wij verwerken gegevens om onze overeenkomst met u uit te voeren, om aan wettelijke plichten te voldoen en waar wij een gerechtvaardigd belang hebben bij een veilige dienst.</p>
<h2>4. Delen</h2>
<p>Wij verkopen geen persoonsgegevens. Wij delen ze alleen met dienstverleners die ons helpen de app te draaien, onder contract en voor onze doelen, of als de wet dat vereist.</p>
<h2>5. Beveiliging en bewaartermijn</h2>
<p>Wachtwoorden worden opgeslagen als eenrichtingshash; sessies kunnen worden ingetrokken; uploads worden gecontroleerd voordat ze worden opgeslagen. Wij bewaren gegevens zolang uw rekening open is en daarna alleen zolang de wet dat vereist.</p>
<h2>6. Uw rechten</h2>
<p>U kunt vragen om inzage, correctie of verwijdering van uw gegevens, bezwaar maken tegen verwerking en om een kopie in een overdraagbaar formaat vragen. U kunt ook een klacht indienen bij de Autoriteit Persoonsgegevens.</p>
<h2>7. Lokale opslag</h2>
<p>De app bewaart op uw apparaat uw sessietoken, uw taalkeuze en of u de introductie hebt gezien. De app gebruikt geen advertentietrackers.</p>
<h2>8. Contact</h2>
<p>Verzoeken over uw gegevens kunt u sturen via de klantenservice in de app.</p>`,
  },
  'risk-disclosure': {
    title: 'Risicoverklaring',
    summary: 'De belangrijkste risico’s van de producten in de app. Lees dit voordat u handelt.',
    body: `<p><em>Laatst bijgewerkt: 1 november 2026</em></p>
<p>Lees deze verklaring voordat u handelt. Ze beschrijft de belangrijkste risico's van de producten in de app. De marktgegevens in deze app zijn gesimuleerd; de risico's hieronder beschrijven hoe deze producten zich op echte markten gedragen en hoe ze in de app zijn nagebootst.</p>
<h2>1. Gesimuleerde prijzen</h2>
<p>Prijzen in de app komen uit een simulatie en kunnen bewegen op manieren die echte markten niet zouden doen. Resultaten in de app zeggen niets over de resultaten die u op echte markten zou behalen.</p>
<h2>2. Hefboom en marge</h2>
<p>Posities met hefboom vergroten zowel winst als verlies. Een kleine koersbeweging tegen u in kan uw marge opmaken. Daalt het eigen vermogen tot het onderhoudsniveau, dan wordt een positie automatisch gesloten en is het verlies definitief.</p>
<h2>3. Short gaan</h2>
<p>Een verkooppositie (short) verliest geld als de koers stijgt, en het mogelijke verlies is niet begrensd door de koers waartegen u opende.</p>
<h2>4. Volatiliteit en koerssprongen</h2>
<p>Futures, forex, grondstoffen en digitale valuta kunnen sterk bewegen. Koersen kunnen tussen handelssessies springen, waardoor limietorders tegen een andere prijs of helemaal niet worden uitgevoerd.</p>
<h2>5. Nieuwe emissies, obligaties, fondsen en leningen</h2>
<p>Een inschrijving op een nieuwe emissie kan geen of een gedeeltelijke toewijzing krijgen. Obligaties en fondsen kunnen een periode vastzitten en bij verkoop minder waard zijn. Geleend geld moet met rente worden terugbetaald, ongeacht uw handelsresultaten.</p>
<h2>6. Geautomatiseerde producten</h2>
<p>AI-robots en kwantitatieve producten volgen geautomatiseerde regels. Getoonde cijfers uit het verleden zijn geen voorspelling en de uitkomst kan negatief zijn.</p>
<h2>7. Techniek</h2>
<p>Netwerkstoringen, vertraging of uitval kunnen verhinderen dat een order op tijd wordt geplaatst, gewijzigd of geannuleerd.</p>
<h2>8. Uw beslissing</h2>
<p>Handel alleen met geld dat u kunt missen. Niets in de app is beleggingsadvies. Twijfelt u of een product bij u past, vraag dan onafhankelijk advies.</p>`,
  },
  'how-to-deposit': {
    title: 'Geld storten',
    summary: 'Zet geld op uw hoofdrekening met een cryptotransactie of een bankoverschrijving: de stappen, het minimumbedrag en hoe lang het duurt.',
    body: `<p>Stortingen komen op uw <strong>hoofdrekening</strong>, die in euro wordt aangehouden. Van daaruit boekt u geld over naar een handelsrekening voordat u gaat handelen. Open <strong>Storten</strong> in de app en kies een van de twee methoden.</p>
<h2>Crypto: USDT, BTC of ETH</h2>
<ol>
<li>Kies de munt en het netwerk: USDT op TRC20, USDT op ERC20, BTC of ETH.</li>
<li>Kopieer uw persoonlijke stortingsadres of scan de QR-code. Het adres hoort bij uw rekening en verandert niet.</li>
<li>Stuur alleen die munt, via dat netwerk, naar het adres. Munten die via een ander netwerk zijn verstuurd, kunnen niet worden bijgeschreven.</li>
<li>Meld de transactie: vul het bedrag en de transactiehash in en verstuur de melding.</li>
</ol>
<p>De storting wordt automatisch bijgeschreven na <strong>3 netwerkbevestigingen</strong>; in uw stortingsoverzicht ziet u de teller oplopen. Het bedrag wordt omgerekend naar euro tegen de koers op het moment van bijschrijven (USDT telt als één Amerikaanse dollar) en u krijgt een bericht in uw inbox.</p>
<h2>Bankoverschrijving: EUR of USD</h2>
<ol>
<li>Kies bankoverschrijving en de valuta. De app toont de bank, de rekeninghouder, de IBAN en BIC en uw persoonlijke <strong>betalingskenmerk</strong>.</li>
<li>Betaal vanuit uw bank en vermeld het kenmerk bij de betaling, zodat wij die aan uw rekening kunnen koppelen.</li>
<li>Meld de betaling: vul het bedrag in en upload het bewijs, een bankafschrift of een schermafbeelding van de overboeking (een afbeelding van maximaal 5 MB).</li>
</ol>
<p>Een medewerker legt het bewijs naast de ontvangen betaling en keurt de storting goed of af. Een goedgekeurde storting wordt in euro bijgeschreven (dollars tegen de koers van dat moment); wordt ze afgewezen, dan leest u de reden in uw inbox.</p>
<h2>Goed om te weten</h2>
<ul>
<li>Het minimum is <strong>1</strong> in de valuta waarin u stort. Kleinere bedragen worden niet aangenomen.</li>
<li>Een transactiehash kunt u één keer melden. Dezelfde overboeking nog eens melden wordt geweigerd.</li>
<li>U kunt al storten voordat uw identiteit is geverifieerd. Voor handelen en opnemen is verificatie wel nodig.</li>
<li>Om te handelen boekt u geld over van de hoofdrekening naar de handelsrekening van de markt. VS-aandelen handelt u vanuit de VS-aandelenrekening in dollars; alle andere rekeningen zijn in euro. Overboekingen tussen euro en dollar gaan tegen de actuele koers en worden kort daarna afgewikkeld; tot die tijd kunt u ze annuleren.</li>
<li>In deze versie van de app zijn de blockchain en de bankrekening gesimuleerd: er worden geen echte munten of echt geld verplaatst.</li>
</ul>`,
  },
  'margin-and-leverage': {
    title: 'Zo werken marge en hefboom',
    summary:
      'Marge is het deel van de waarde van een positie dat u zelf inbrengt. Hoe die wordt berekend, wat de kosten zijn en wanneer een positie automatisch wordt gesloten, met een rekenvoorbeeld.',
    body: `<p>Met een hefboom opent u een positie die meer waard is dan het geld dat u inbrengt. Dat ingebrachte geld is de <strong>marge</strong>; die blijft op uw handelsrekening gereserveerd zolang de positie openstaat.</p>
<h2>De formule</h2>
<p><strong>Marge = nominale waarde ÷ hefboom</strong>. De nominale waarde is koers × aantal, omgerekend naar de valuta van uw handelsrekening tegen de actuele wisselkoers en afgerond op de cent. Bij hefboom 1 is de marge de volledige waarde, bij hefboom 10 een tiende daarvan.</p>
<p>Elke uitvoering is een aparte positie met een eigen marge (geïsoleerde marge): een verlies op de ene positie gaat nooit ten koste van de marge van een andere.</p>
<h2>Hefboom en kosten per beleggingscategorie</h2>
<p>U betaalt kosten bij het openen en nog eens bij het sluiten van een positie, als percentage van de nominale waarde op dat moment.</p>
<table>
<thead><tr><th>Categorie</th><th>Hefboom</th><th>Kosten bij openen en bij sluiten</th></tr></thead>
<tbody>
<tr><td>Aandelen</td><td>1, 2, 5, 10</td><td>0,05 %</td></tr>
<tr><td>Futures en metalen</td><td>1, 5, 10, 20, 50</td><td>0,03 %</td></tr>
<tr><td>Energie en landbouw</td><td>1, 5, 10, 20</td><td>0,04 %</td></tr>
<tr><td>Forex</td><td>1, 10, 50, 100, 200</td><td>0,02 %</td></tr>
<tr><td>Crypto</td><td>1, 2, 5, 10, 20</td><td>0,10 %</td></tr>
</tbody>
</table>
<p>Een aankoop wordt uitgevoerd tegen de laatkoers (ask) en een verkoop tegen de biedkoers (bid). Een nieuwe positie staat daardoor meteen iets in de min, ter grootte van de spread.</p>
<h2>Eigen vermogen en liquidatie</h2>
<p>Het <strong>eigen vermogen</strong> van een positie is de marge plus de lopende winst of het lopende verlies, gewaardeerd tegen de koers waartegen u zou sluiten: de biedkoers voor een aankoop, de laatkoers voor een verkoop. Daalt het eigen vermogen tot <strong>50 % van de marge</strong>, dan wordt de positie automatisch gesloten tegen de actuele koers. Dat heet liquidatie. Uw verlies op een positie is nooit groter dan de marge.</p>
<p>U kunt marge bijstorten op een open positie; de liquidatiekoers komt dan verder weg te liggen.</p>
<h2>Een rekenvoorbeeld</h2>
<p>U koopt 100 aandelen van een Amerikaans bedrijf tegen een laatkoers van $200,00 met hefboom 5. Het aandeel wordt verhandeld vanuit uw VS-aandelenrekening, in dollars.</p>
<ul>
<li>Nominale waarde: 100 × $200,00 = $20.000,00</li>
<li>Marge: $20.000,00 ÷ 5 = $4.000,00, gereserveerd op de rekening</li>
<li>Openingskosten: 0,05 % × $20.000,00 = $10,00</li>
<li>Om de positie te openen hebt u $4.010,00 beschikbaar nodig.</li>
</ul>
<p><strong>Liquidatie.</strong> Het eigen vermogen komt op 50 % van de marge ($2.000,00) na een verlies van $2.000,00, oftewel $20,00 per aandeel. Zakt de biedkoers naar $180,00, 10 % onder uw aankoopkoers, dan wordt de positie gesloten.</p>
<p><strong>Sluiten met winst.</strong> U verkoopt tegen een biedkoers van $210,00. Winst: 100 × $10,00 = $1.000,00. Sluitingskosten: 0,05 % × $21.000,00 = $10,50. Terug naar uw beschikbare saldo: $4.000,00 + $1.000,00 − $10,50 = $4.989,50. Na aftrek van beide kosten hebt u $979,50 verdiend, bijna 25 % van de $4.010,00 die u inbracht, bij een koersstijging van 5 %.</p>
<p><strong>Sluiten met verlies.</strong> U verkoopt tegen een biedkoers van $190,00. Verlies: 100 × $10,00 = $1.000,00. Sluitingskosten: 0,05 % × $19.000,00 = $9,50. Terug: $4.000,00 − $1.000,00 − $9,50 = $2.990,50. Na aftrek van beide kosten hebt u $1.019,50 verloren, ongeveer een kwart van uw inleg, bij dezelfde beweging van 5 %.</p>
<p>Een hefboom werkt dus naar twee kanten. Lees de handleiding <em>Het risico van een hefboom</em> voordat u er een gebruikt.</p>`,
  },
  'leverage-risk': {
    title: 'Het risico van een hefboom',
    summary:
      'Een hefboom vergroot winst en verlies in gelijke mate. Hoe ver een koers tegen u in kan gaan voordat een positie wordt gesloten, en hoe u het risico in de hand houdt.',
    body: `<p>Met een hefboom beheerst u met een klein bedrag een grote positie. Juist dat maakt het riskant: afgezet tegen uw eigen geld wordt elke koersbeweging met de hefboom vermenigvuldigd.</p>
<h2>Hoe ver de koers tegen u in kan gaan</h2>
<p>Een positie wordt geliquideerd zodra het verlies de helft van de marge bereikt. Omdat de marge de nominale waarde gedeeld door de hefboom is, gebeurt dat na een koersbeweging tegen u in van 50 % ÷ hefboom. Kosten en spread brengen dat punt nog iets dichterbij.</p>
<table>
<thead><tr><th>Hefboom</th><th>Beweging tegen u in die de positie sluit</th></tr></thead>
<tbody>
<tr><td>1</td><td>50 %</td></tr>
<tr><td>2</td><td>25 %</td></tr>
<tr><td>5</td><td>10 %</td></tr>
<tr><td>10</td><td>5 %</td></tr>
<tr><td>20</td><td>2,5 %</td></tr>
<tr><td>50</td><td>1 %</td></tr>
<tr><td>100</td><td>0,5 %</td></tr>
<tr><td>200</td><td>0,25 %</td></tr>
</tbody>
</table>
<p>Valutaparen bewegen vaak 0,5 % op een dag en crypto kan binnen een uur 5 % bewegen. Bij de hoogste hefbomen is een gewone dagbeweging al genoeg om een positie te sluiten.</p>
<h2>Wat liquidatie betekent</h2>
<ul>
<li>De positie wordt zonder overleg gesloten tegen de actuele koers zodra het eigen vermogen het onderhoudsniveau van 50 % van de marge bereikt.</li>
<li>Het verlies is definitief: als de koers later herstelt, krijgt u het niet terug.</li>
<li>Uw verlies op een positie houdt op bij de marge. Springt de koers voorbij het liquidatieniveau, bijvoorbeeld als een markt na een weekend of feestdag opent, dan wordt het deel van het verlies boven de marge niet bij u in rekening gebracht.</li>
<li>Kosten worden berekend bij openen en bij sluiten, ook bij een liquidatie, zolang er nog iets over is om ze van te betalen.</li>
</ul>
<h2>Short gaan</h2>
<p>Een verkooppositie wint als de koers daalt en verliest als die stijgt. Een koers kan onbeperkt stijgen, dus een hefboom op een shortpositie is niet veiliger dan op een longpositie.</p>
<h2>Het risico in de hand houden</h2>
<ul>
<li>Kies de laagste hefboom die volstaat voor wat u wilt. Ook bij hefboom 1 kan een positie worden geliquideerd, maar pas als de koers is gehalveerd.</li>
<li>Bekijk vóór het bevestigen de geschatte liquidatiekoers op het orderscherm, en daarna bij de positie.</li>
<li>Stort marge bij op een positie die u door een onrustige periode heen wilt houden; de liquidatiekoers komt dan verder weg te liggen.</li>
<li>Verdeel uw geld over meerdere posities in plaats van één grote: de marge van elke positie staat los van die van de andere.</li>
<li>Gebruik limietorders om uw instapkoers te bepalen. Een limietorder kan wachten terwijl de markt gesloten is; een marktorder vraagt om een open markt.</li>
<li>Handel alleen met geld dat u kunt missen.</li>
</ul>
<p>De koersen in deze app zijn gesimuleerd. Oefen hier gerust, maar bedenk dat echte markten zich slechter kunnen gedragen dan welke simulatie ook.</p>`,
  },
  'withdrawals-and-kyc': {
    title: 'Opnemen en identiteitsverificatie',
    summary: 'Wat u nodig hebt voordat u geld kunt opnemen, hoe de identiteitsverificatie werkt en wat er gebeurt nadat u een opname hebt aangevraagd.',
    body: `<p>Geld verlaat uw rekening pas als drie dingen geregeld zijn: een geverifieerde identiteit, een transactiewachtwoord en een bestemming. Elk daarvan stelt u één keer in.</p>
<h2>1. Verifieer uw identiteit</h2>
<p>Open <strong>Identiteitsverificatie</strong> via uw profiel en vul in:</p>
<ul>
<li>uw voor- en achternaam zoals ze op het document staan, en het land dat het document heeft uitgegeven;</li>
<li>het soort document (identiteitskaart, paspoort of rijbewijs) en het nummer ervan;</li>
<li>een foto van de voorkant, en bij een identiteitskaart of rijbewijs ook van de achterkant (afbeeldingen van maximaal 5 MB).</li>
</ul>
<p>Een medewerker beoordeelt de documenten, meestal binnen <strong>24 uur</strong>, en de uitslag komt in uw inbox. Is de verificatie niet gelukt, dan staat de reden in het bericht en kunt u opnieuw indienen. Er kan steeds maar één aanvraag tegelijk in beoordeling zijn. Voor handelen en opnemen is een geverifieerde identiteit nodig, voor storten niet.</p>
<h2>2. Stel een transactiewachtwoord in</h2>
<p>Het transactiewachtwoord staat los van uw inlogwachtwoord en wordt bij elke opname gevraagd. U stelt het in bij de beveiligingsinstellingen in uw profiel. Houd het voor uzelf: de klantenservice zal er nooit naar vragen.</p>
<h2>3. Voeg een bestemming toe</h2>
<ul>
<li><strong>Bankrekening</strong>: de bank, de rekeninghouder, de IBAN of het rekeningnummer, en de BIC.</li>
<li><strong>Crypto-adres</strong>: USDT op TRC20, USDT op ERC20, ETH of BTC. Het adres wordt gecontroleerd op de vorm die bij het gekozen netwerk hoort.</li>
</ul>
<p>U kunt maximaal 10 bankrekeningen en 10 adressen bewaren. Dezelfde rekening of hetzelfde adres kan niet twee keer worden toegevoegd.</p>
<h2>Een opname aanvragen</h2>
<ol>
<li>Zorg dat het geld op uw hoofdrekening staat; staat het op een handelsrekening, boek het dan eerst over.</li>
<li>Open <strong>Opnemen</strong>, kies de bestemming, vul het bedrag in (minimaal €1) en bevestig met uw transactiewachtwoord.</li>
<li>Het bedrag wordt direct gereserveerd: het staat als gereserveerd op uw hoofdrekening en kan niet twee keer worden uitgegeven.</li>
<li>Een medewerker beoordeelt de opname. Na goedkeuring wordt het bedrag naar de bestemming betaald. Wordt de opname geweigerd, dan gaat het bedrag terug naar uw beschikbare saldo en leest u in het bericht waarom.</li>
</ol>
<p>Elk verzoek wordt één keer verwerkt, ook als uw verbinding wegvalt en de app het opnieuw verstuurt. In deze versie van de app zijn betalingen gesimuleerd: er wordt geen echt geld verstuurd.</p>`,
  },
  welcome: {
    title: 'Welkom bij Meridian Markets',
    summary: 'Wat u in de app kunt doen en wat er nieuw is in deze versie: nieuws en handleidingen, klantenservice in de app en vrienden uitnodigen.',
    body: `<p>Meridian Markets brengt aandelen, futures, forex, grondstoffen, obligaties, indices en crypto samen in één app. Dit kunt u er vandaag mee doen.</p>
<h2>Markten</h2>
<p>Aandelen uit New York, Hongkong, Frankfurt, Amsterdam, Brussel en Mexico-Stad, futures en grondstoffen, valutaparen, obligaties, wereldwijde indices en crypto, met live koersen, candlestickgrafieken, zoeken en een volglijst. Alle koersen zijn gesimuleerd; zie <em>De koersen in deze app zijn gesimuleerd</em>.</p>
<h2>Geld</h2>
<p>Een hoofdrekening in euro en een handelsrekening voor elke markt. Stort via crypto of bankoverschrijving, boek geld over tussen uw rekeningen en neem op naar uw eigen bankrekening of crypto-adres. Elke beweging wordt vastgelegd volgens het principe van dubbel boekhouden en staat in uw transactieoverzicht.</p>
<h2>Handelen</h2>
<p>Markt- en limietorders, long of short, met hefboom. Marge, kosten en de geschatte liquidatiekoers ziet u voordat u bevestigt.</p>
<h2>Nieuw in deze versie</h2>
<ul>
<li><strong>Nieuws en handleidingen</strong> op het startscherm, in het Engels, Nederlands en Chinees.</li>
<li><strong>Chat met de klantenservice</strong>: stel uw vraag in de app, stuur er een schermafbeelding bij en krijg het antwoord in hetzelfde gesprek.</li>
<li><strong>Vrienden uitnodigen</strong>: deel uw uitnodigingscode, link of QR-code en zie wie zich heeft aangemeld.</li>
<li>De gebruikersovereenkomst, het privacybeleid en de risicoverklaring kunt u altijd in de app lezen.</li>
</ul>`,
  },
  'simulated-market': {
    title: 'De koersen in deze app zijn gesimuleerd',
    summary: 'Elke koers, grafiek en uitvoering in Meridian Markets komt uit een simulatie, niet van een beurs. Wat dat voor u betekent.',
    body: `<p>Meridian Markets ontvangt geen koersen van een beurs. Elke koers, grafiek, orderboekgegeven en marktstatistiek die u ziet, komt uit een simulatie, en de app vermeldt dat overal waar koersen staan.</p>
<h2>Hoe de simulatie werkt</h2>
<ul>
<li>Elk instrument heeft een koersmodel met de beweeglijkheid die bij zijn categorie past: een valutapaar beweegt minder dan een cryptomunt.</li>
<li>Koersen bewegen alleen als de markt van het instrument open is, volgens de echte handelstijden en feestdagen van elke beurs (zie <em>Handelstijden en feestdagen</em>).</li>
<li>De simulatie is reproduceerbaar: iedereen ziet op hetzelfde moment dezelfde koersen, en de geschiedenis achter een grafiek verandert niet als u nog eens kijkt.</li>
</ul>
<h2>Wat het voor u betekent</h2>
<ul>
<li>Orders worden uitgevoerd tegen deze gesimuleerde koersen, met Meridian Markets als tegenpartij. Kosten, marge en liquidatie volgen de regels uit de handleidingen, precies zoals bij echte koersen.</li>
<li>Een koers in de app is niet de koers van het echte bedrijf, de echte valuta of de echte munt, en kan bewegen op een manier die de echte markt niet zou volgen.</li>
<li>Resultaten in de app zeggen niets over de resultaten die u op echte markten zou behalen. Niets in de app is beleggingsadvies.</li>
<li>Ook de bankrekening voor stortingen en de blockchain zijn gesimuleerd: er worden geen echt geld en geen echte munten verplaatst.</li>
</ul>
<p>Gebruik de app om te leren hoe markten, orders en hefboom werken, met koersen die nooit doen alsof ze echt zijn.</p>`,
  },
  'trading-hours': {
    title: 'Handelstijden en feestdagen',
    summary: 'Wanneer elke markt in de app open is, in de eigen lokale tijd, en hoe er met beursfeestdagen wordt omgegaan.',
    body: `<p>Elke markt volgt de handelstijden van zijn beurs, in de lokale tijd van die beurs; zomer- en wintertijd worden dus automatisch meegenomen. Op de pagina van een instrument ziet u of de markt op dit moment open is.</p>
<table>
<thead><tr><th>Markt</th><th>Lokale tijden, maandag tot en met vrijdag</th></tr></thead>
<tbody>
<tr><td>VS-aandelen (Nasdaq, NYSE, NYSE American)</td><td>09:30–16:00 New York; ook in de voorbeurs van 04:00 tot 09:30 en de nabeurs van 16:00 tot 20:00 kunt u handelen</td></tr>
<tr><td>Hongkongse aandelen (HKEX)</td><td>09:30–12:00 en 13:00–16:00 Hongkong; de openingsveiling van 09:00 tot 09:30 wordt getoond, maar daarin kunt u niet handelen</td></tr>
<tr><td>Duitse aandelen (Xetra)</td><td>09:00–17:30 Frankfurt</td></tr>
<tr><td>Nederlandse en Belgische aandelen (Euronext Amsterdam en Brussel)</td><td>09:00–17:30 Amsterdam en Brussel</td></tr>
<tr><td>Mexicaanse aandelen (BMV)</td><td>08:30–15:00 Mexico-Stad</td></tr>
<tr><td>Futures en grondstoffen</td><td>zondag 18:00 tot vrijdag 17:00 New York, met elke dag een pauze van 17:00 tot 18:00</td></tr>
<tr><td>Forex</td><td>zondag 17:00 tot vrijdag 17:00 New York</td></tr>
<tr><td>Obligaties</td><td>08:00–17:00 New York</td></tr>
<tr><td>Crypto</td><td>altijd open: 24 uur per dag, 7 dagen per week</td></tr>
</tbody>
</table>
<p>Indices volgen de tijden van hun thuisbeurs (de Nikkei 225 09:00–11:30 en 12:30–15:30 Tokio, de FTSE 100 08:00–16:30 Londen) en worden ter informatie getoond.</p>
<h2>Feestdagen</h2>
<p>Op een beursfeestdag blijft die markt de hele dag gesloten. De app kent de feestdagen die elke beurs in de app voor 2025 tot en met 2027 heeft gepubliceerd. Enkele voorbeelden:</p>
<ul>
<li>Eerste kerstdag sluit alle beurzen behalve Tokio; nieuwjaarsdag sluit ze allemaal, forex inbegrepen. Crypto blijft verhandelbaar.</li>
<li>Goede Vrijdag sluit New York, Frankfurt, Amsterdam, Brussel, Londen, Hongkong en Mexico-Stad; tweede paasdag sluit de Europese beurzen en Hongkong.</li>
<li>Chinees Nieuwjaar sluit Hongkong twee of drie dagen, Thanksgiving sluit New York en Xetra is op 24 en 31 december gesloten.</li>
</ul>
<p>Verkorte handelsdagen, zoals de vroege sluiting in New York op de dag na Thanksgiving, zijn in de app volledige handelsdagen.</p>
<h2>Orders als een markt gesloten is</h2>
<p>Een marktorder vraagt om een open markt en wordt anders geweigerd. Een limietorder kunt u altijd plaatsen: die wacht tot de markt opent en de koers uw limiet bereikt. Crypto kunt u op elk uur verhandelen.</p>`,
  },
};
