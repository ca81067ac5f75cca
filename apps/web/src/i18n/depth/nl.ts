import type { DepthMessages } from './en';

export const depthNl: DepthMessages = {
  depth: {
    title: 'Marktdiepte',
    tabs: { book: 'Diepte', trades: 'Transacties' },
    tabsLabel: 'Diepte of transacties',
    bid: 'Bied',
    ask: 'Laat',
    price: 'Koers',
    size: 'Aantal',
    time: 'Tijd',
    side: 'Kant',
    buy: 'Koop',
    sell: 'Verkoop',
    bidLevel: 'Bied {{level}}: {{size}} tegen {{price}}',
    askLevel: 'Laat {{level}}: {{size}} tegen {{price}}',
    totals: 'Tien niveaus: bied {{bids}} · laat {{asks}}',
    note: 'Gesimuleerd: het orderboek en de transacties komen uit de marktsimulatie rond haar koers, niet van een beurs.',
    closed: 'Markt gesloten: het orderboek zoals laatst genoteerd en de transacties van de laatste sessie. Er wordt pas weer gehandeld als de markt opent.',
    noBook: 'Nog niemand biedt of laat: het orderboek opent met de eerste sessie.',
    noTrades: 'Nog geen transacties.',
    failed: 'Het orderboek kon niet worden geladen.',
    asOf: 'Per {{time}} {{zone}}',
  },
};
