// Placing offerings and new listings. They are fixed data here, like the instrument universe;
// the IPO and placing issue moves them to tables that operators manage.

export interface PlacingOffering {
  symbol: string;
  kind: 'SPO' | 'QIP';
  discountPercent: string;
  minQuantity: string;
}

export const PLACINGS: readonly PlacingOffering[] = [
  { symbol: 'NVDA', kind: 'SPO', discountPercent: '3.50', minQuantity: '100' },
  { symbol: 'ASML.AS', kind: 'SPO', discountPercent: '2.75', minQuantity: '50' },
  { symbol: '0700.HK', kind: 'QIP', discountPercent: '4.00', minQuantity: '500' },
  { symbol: 'SAP.DE', kind: 'QIP', discountPercent: '3.00', minQuantity: '100' },
];

export interface NewListing {
  symbol: string;
  name: string;
  exchange: string;
  currency: string;
  price: string;
  fundRaising: string;
  lotSize: string;
  prospectusDate: string;
  subscriptionDeadline: string;
  allotmentDate: string;
  listingDate: string;
  profile: string;
}

/** Fictional companies: the simulated market invents no IPO of a real one. */
export const NEW_LISTINGS: readonly NewListing[] = [
  {
    symbol: 'NRVA',
    name: 'Norva Robotics Inc.',
    exchange: 'NASDAQ',
    currency: 'USD',
    price: '18.50',
    fundRaising: '425000000',
    lotSize: '1',
    prospectusDate: '2026-11-02',
    subscriptionDeadline: '2026-11-27',
    allotmentDate: '2026-11-30',
    listingDate: '2026-12-02',
    profile: 'Warehouse automation robots and fleet software (fictional company of the simulated market).',
  },
  {
    symbol: 'HLXB',
    name: 'Helix Biologics Corp.',
    exchange: 'NYSE',
    currency: 'USD',
    price: '24.00',
    fundRaising: '610000000',
    lotSize: '1',
    prospectusDate: '2026-11-16',
    subscriptionDeadline: '2026-12-11',
    allotmentDate: '2026-12-14',
    listingDate: '2026-12-16',
    profile: 'Antibody therapies for autoimmune disease (fictional company of the simulated market).',
  },
  {
    symbol: '2899.HK',
    name: 'Lingnan Green Energy Ltd.',
    exchange: 'HKEX',
    currency: 'HKD',
    price: '7.80',
    fundRaising: '1950000000',
    lotSize: '500',
    prospectusDate: '2026-12-01',
    subscriptionDeadline: '2026-12-18',
    allotmentDate: '2026-12-21',
    listingDate: '2026-12-23',
    profile: 'Solar and storage parks in southern China (fictional company of the simulated market).',
  },
  {
    symbol: 'DLTA.AS',
    name: 'Deltaport Logistics N.V.',
    exchange: 'EURONEXT-AMS',
    currency: 'EUR',
    price: '31.00',
    fundRaising: '780000000',
    lotSize: '1',
    prospectusDate: '2026-10-05',
    subscriptionDeadline: '2026-10-23',
    allotmentDate: '2026-10-26',
    listingDate: '2026-10-28',
    profile: 'Inland container terminals on the Rhine (fictional company of the simulated market).',
  },
];

/** The phase of a listing on a given calendar day (YYYY-MM-DD). */
export function listingStatus(l: NewListing, today: string): 'upcoming' | 'subscribing' | 'allotting' | 'listed' {
  if (today < l.prospectusDate) return 'upcoming';
  if (today <= l.subscriptionDeadline) return 'subscribing';
  if (today < l.listingDate) return 'allotting';
  return 'listed';
}
