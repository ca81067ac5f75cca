// The instrument universe: real listings with plausible late-2026 reference prices. The prices are
// where the seeded simulation centres its history, not quotes; the simulation wanders around them.

import { MarketSource } from '@tradeapp/contract';
import type { AssetClass, CalendarId, Instrument, MarketCode } from './types';

type StockVenue = 'NASDAQ' | 'NYSE' | 'AMEX' | 'HKEX' | 'XETRA' | 'EURONEXT-AMS' | 'EURONEXT-BRU' | 'BMV';

const VENUES: Record<StockVenue, { market: MarketCode; calendar: CalendarId; currency: string; source: MarketSource }> = {
  NASDAQ: { market: 'US', calendar: 'US', currency: 'USD', source: MarketSource.Stock },
  NYSE: { market: 'US', calendar: 'US', currency: 'USD', source: MarketSource.Stock },
  AMEX: { market: 'US', calendar: 'US', currency: 'USD', source: MarketSource.Stock },
  HKEX: { market: 'HK', calendar: 'HK', currency: 'HKD', source: MarketSource.HKStock },
  XETRA: { market: 'DE', calendar: 'XETRA', currency: 'EUR', source: MarketSource.Stock },
  'EURONEXT-AMS': { market: 'NL', calendar: 'EURONEXT-AMS', currency: 'EUR', source: MarketSource.Stock },
  'EURONEXT-BRU': { market: 'BE', calendar: 'EURONEXT-BRU', currency: 'EUR', source: MarketSource.Stock },
  BMV: { market: 'MX', calendar: 'BMV', currency: 'MXN', source: MarketSource.Stock },
};

/** HKEX spread table, by the band the reference price sits in. */
function hkTick(price: number): string {
  if (price < 0.25) return '0.001';
  if (price < 0.5) return '0.005';
  if (price < 10) return '0.01';
  if (price < 20) return '0.02';
  if (price < 100) return '0.05';
  if (price < 200) return '0.1';
  if (price < 500) return '0.2';
  if (price < 1000) return '0.5';
  return '1';
}

/** A simplified MiFID II tick band for the European venues. */
function euTick(price: number): string {
  if (price < 5) return '0.001';
  if (price < 10) return '0.002';
  if (price < 100) return '0.01';
  if (price < 500) return '0.02';
  if (price < 1000) return '0.1';
  return '0.2';
}

interface StockRow {
  symbol: string;
  name: string;
  price: string;
  vol: string;
  adv: string;
  shares: string;
  classify: string;
  profile: string;
  code?: string;
  lot?: string;
}

function stock(venue: StockVenue, r: StockRow): Instrument {
  const v = VENUES[venue];
  const p = Number(r.price);
  const tickSize = venue === 'HKEX' ? hkTick(p) : venue === 'BMV' || v.market === 'US' ? '0.01' : euTick(p);
  const lot = r.lot ?? '1';
  return {
    symbol: r.symbol,
    code: r.code ?? r.symbol.split('.')[0] ?? r.symbol,
    name: r.name,
    market: v.market,
    exchange: venue,
    assetClass: 'stock',
    calendar: v.calendar,
    source: v.source,
    currency: v.currency,
    tickSize,
    lotSize: lot,
    minQuantity: lot,
    basePrice: r.price,
    volatility: r.vol,
    averageDailyVolume: r.adv,
    sharesOutstanding: r.shares,
    profile: r.profile,
    classify: r.classify,
  };
}

// The instrument tables are data: a row a line, to read and compare down a column (not reflowed).
// prettier-ignore
const s = (symbol: string, name: string, price: string, vol: string, adv: string, shares: string, classify: string, profile: string, extra: Partial<StockRow> = {}): StockRow =>
  ({ symbol, name, price, vol, adv, shares, classify, profile, ...extra });

// prettier-ignore
const NASDAQ: StockRow[] = [
  s('AAPL', 'Apple Inc.', '268.40', '0.26', '52000000', '14800000000', 'Technology', 'Apple designs and sells the iPhone, Mac, iPad and wearables, and runs a growing services business around the App Store, iCloud and Apple Music.'),
  s('MSFT', 'Microsoft Corporation', '505.20', '0.24', '21000000', '7430000000', 'Technology', 'Microsoft makes Windows and Office and runs Azure, one of the two largest public clouds.'),
  s('NVDA', 'NVIDIA Corporation', '182.60', '0.48', '180000000', '24300000000', 'Semiconductors', 'NVIDIA designs the GPUs and networking that power most AI training and inference data centres.'),
  s('AMZN', 'Amazon.com, Inc.', '226.80', '0.32', '42000000', '10700000000', 'Consumer Discretionary', 'Amazon runs the largest online store in the West and Amazon Web Services, the biggest cloud provider.'),
  s('GOOGL', 'Alphabet Inc. Class A', '288.50', '0.30', '33000000', '5800000000', 'Communication Services', 'Alphabet is the parent of Google Search, YouTube, Android and Google Cloud.'),
  s('META', 'Meta Platforms, Inc.', '612.30', '0.38', '13000000', '2520000000', 'Communication Services', 'Meta owns Facebook, Instagram, WhatsApp and Messenger and invests heavily in AI and mixed reality.'),
  s('TSLA', 'Tesla, Inc.', '402.10', '0.60', '95000000', '3320000000', 'Automobiles', 'Tesla builds electric vehicles, stationary batteries and solar products, and develops self-driving software.'),
  s('NFLX', 'Netflix, Inc.', '112.40', '0.36', '38000000', '4250000000', 'Communication Services', 'Netflix is the largest subscription streaming service, with films and series in over 190 countries.'),
  s('AMD', 'Advanced Micro Devices, Inc.', '236.90', '0.50', '46000000', '1620000000', 'Semiconductors', 'AMD designs CPUs and GPUs for PCs, game consoles and data centres.'),
  s('INTC', 'Intel Corporation', '37.85', '0.45', '88000000', '4750000000', 'Semiconductors', 'Intel designs and manufactures x86 processors and is building a contract foundry business.'),
  s('ADBE', 'Adobe Inc.', '338.70', '0.34', '3600000', '420000000', 'Software', 'Adobe makes Photoshop, Acrobat and the Creative Cloud and Experience Cloud software suites.'),
  s('COST', 'Costco Wholesale Corporation', '912.40', '0.22', '2100000', '443000000', 'Consumer Staples', 'Costco operates membership warehouse clubs selling groceries and general merchandise in bulk.'),
  s('PEP', 'PepsiCo, Inc.', '149.60', '0.20', '7200000', '1370000000', 'Consumer Staples', 'PepsiCo makes Pepsi, Gatorade, Lay\'s, Doritos and Quaker products.'),
  s('AVGO', 'Broadcom Inc.', '352.80', '0.45', '22000000', '4700000000', 'Semiconductors', 'Broadcom supplies networking and custom AI chips and owns VMware infrastructure software.'),
  s('CSCO', 'Cisco Systems, Inc.', '72.35', '0.24', '20000000', '3950000000', 'Technology', 'Cisco sells networking equipment, security products and collaboration software.'),
  s('WMT', 'Walmart Inc.', '104.20', '0.22', '18000000', '7980000000', 'Consumer Staples', 'Walmart is the world\'s largest retailer by revenue; its shares moved from the NYSE to Nasdaq in December 2025.'),
];

// prettier-ignore
const NYSE: StockRow[] = [
  s('JPM', 'JPMorgan Chase & Co.', '312.40', '0.25', '9000000', '2750000000', 'Financials', 'JPMorgan Chase is the largest US bank, with consumer, commercial and investment banking arms.'),
  s('V', 'Visa Inc.', '342.10', '0.22', '7000000', '1930000000', 'Financials', 'Visa runs the world\'s largest card payment network.'),
  s('JNJ', 'Johnson & Johnson', '196.30', '0.18', '8000000', '2410000000', 'Health Care', 'Johnson & Johnson develops pharmaceuticals and medical devices.'),
  s('KO', 'The Coca-Cola Company', '70.15', '0.17', '14000000', '4300000000', 'Consumer Staples', 'Coca-Cola owns more than 200 beverage brands sold in over 200 countries.'),
  s('DIS', 'The Walt Disney Company', '113.80', '0.30', '9000000', '1800000000', 'Communication Services', 'Disney runs theme parks, film studios, ESPN and the Disney+ streaming service.'),
  s('XOM', 'Exxon Mobil Corporation', '117.60', '0.26', '15000000', '4250000000', 'Energy', 'ExxonMobil is the largest US oil and gas producer and refiner.'),
  s('BA', 'The Boeing Company', '214.50', '0.38', '8000000', '760000000', 'Industrials', 'Boeing builds commercial airliners, defence systems and spacecraft.'),
  s('IBM', 'International Business Machines Corporation', '298.20', '0.26', '4500000', '930000000', 'Technology', 'IBM sells hybrid-cloud software, consulting and mainframes.'),
  s('NKE', 'NIKE, Inc.', '66.40', '0.34', '12000000', '1480000000', 'Consumer Discretionary', 'Nike designs and markets athletic footwear, apparel and equipment.'),
  s('MCD', "McDonald's Corporation", '304.70', '0.18', '3500000', '713000000', 'Consumer Discretionary', 'McDonald\'s franchises and operates more than 40,000 fast-food restaurants worldwide.'),
  s('GS', 'The Goldman Sachs Group, Inc.', '812.30', '0.30', '2200000', '306000000', 'Financials', 'Goldman Sachs is a global investment bank and asset manager.'),
  s('PG', 'The Procter & Gamble Company', '151.20', '0.17', '7000000', '2340000000', 'Consumer Staples', 'Procter & Gamble makes household brands such as Tide, Pampers and Gillette.'),
  s('CVX', 'Chevron Corporation', '154.90', '0.25', '8000000', '2000000000', 'Energy', 'Chevron is an integrated oil and gas company with operations on six continents.'),
];

// prettier-ignore
const AMEX: StockRow[] = [
  s('SPY', 'SPDR S&P 500 ETF Trust', '672.40', '0.17', '70000000', '1030000000', 'ETF', 'The SPDR S&P 500 ETF tracks the S&P 500 index; it is the oldest and most traded US exchange-traded fund.'),
  s('GLD', 'SPDR Gold Shares', '376.20', '0.16', '10000000', '330000000', 'ETF', 'SPDR Gold Shares holds physical gold bullion in London vaults and tracks the gold price.'),
  s('IWM', 'iShares Russell 2000 ETF', '243.10', '0.22', '30000000', '330000000', 'ETF', 'The iShares Russell 2000 ETF tracks 2,000 US small-cap companies.'),
  s('UNG', 'United States Natural Gas Fund', '13.85', '0.55', '8000000', '60000000', 'ETF', 'The United States Natural Gas Fund holds front-month Henry Hub natural gas futures.'),
  s('DIA', 'SPDR Dow Jones Industrial Average ETF Trust', '468.30', '0.16', '3500000', '170000000', 'ETF', 'The SPDR Dow Jones ETF tracks the 30 stocks of the Dow Jones Industrial Average.'),
  s('IMO', 'Imperial Oil Limited', '94.60', '0.28', '350000', '510000000', 'Energy', 'Imperial Oil, majority-owned by ExxonMobil, produces oil sands crude and runs refineries in Canada.'),
  s('SIM', 'Grupo Simec, S.A.B. de C.V.', '34.80', '0.35', '5000', '497000000', 'Materials', 'Grupo Simec is a Mexican steel maker producing special bar quality and structural steel in Mexico, the US and Brazil.'),
  s('BTG', 'B2Gold Corp.', '4.22', '0.45', '25000000', '1320000000', 'Materials', 'B2Gold operates gold mines in Mali, the Philippines and Namibia and is developing Goose in Canada.'),
  s('NGD', 'New Gold Inc.', '7.48', '0.50', '20000000', '790000000', 'Materials', 'New Gold mines gold and copper at Rainy River and New Afton in Canada.'),
  s('UEC', 'Uranium Energy Corp.', '13.95', '0.65', '12000000', '430000000', 'Energy', 'Uranium Energy Corp. produces uranium by in-situ recovery in Texas and Wyoming.'),
  s('UUUU', 'Energy Fuels Inc.', '16.20', '0.70', '15000000', '230000000', 'Energy', 'Energy Fuels is the largest US uranium miner and also processes rare earth elements.'),
  s('SEB', 'Seaboard Corporation', '3612.00', '0.22', '3000', '960000', 'Industrials', 'Seaboard is a diversified conglomerate in pork, commodity trading, ocean shipping and power generation.'),
  s('TGB', 'Taseko Mines Limited', '4.56', '0.55', '6000000', '316000000', 'Materials', 'Taseko operates the Gibraltar copper mine in British Columbia and is building Florence Copper in Arizona.'),
];

// prettier-ignore
const HKEX: StockRow[] = [
  s('0700.HK', 'Tencent Holdings Ltd.', '618.50', '0.32', '18000000', '9150000000', 'Communication Services', 'Tencent runs WeChat, the QQ messenger and the world\'s largest video game business.', { code: '00700', lot: '100' }),
  s('9988.HK', 'Alibaba Group Holding Ltd.', '158.30', '0.42', '90000000', '19100000000', 'Consumer Discretionary', 'Alibaba runs Taobao and Tmall marketplaces and Alibaba Cloud, China\'s largest cloud provider.', { code: '09988', lot: '100' }),
  s('0005.HK', 'HSBC Holdings plc', '104.60', '0.22', '22000000', '17300000000', 'Financials', 'HSBC is one of the world\'s largest banks, with most of its profit earned in Asia.', { code: '00005', lot: '400' }),
  s('1299.HK', 'AIA Group Ltd.', '77.85', '0.28', '25000000', '10600000000', 'Financials', 'AIA is the largest pan-Asian life insurer, operating in 18 markets.', { code: '01299', lot: '200' }),
  s('3690.HK', 'Meituan', '102.40', '0.48', '30000000', '6110000000', 'Consumer Discretionary', 'Meituan runs China\'s leading food-delivery and local-services platform.', { code: '03690', lot: '100' }),
  s('1810.HK', 'Xiaomi Corporation', '44.85', '0.50', '150000000', '26000000000', 'Technology', 'Xiaomi sells smartphones, smart-home devices and, since 2024, electric cars.', { code: '01810', lot: '200' }),
  s('0939.HK', 'China Construction Bank Corporation', '7.82', '0.20', '250000000', '240400000000', 'Financials', 'China Construction Bank is one of the four big state-owned Chinese banks.', { code: '00939', lot: '1000' }),
  s('1211.HK', 'BYD Company Ltd.', '104.80', '0.42', '20000000', '9100000000', 'Automobiles', 'BYD is the world\'s largest maker of plug-in electric vehicles and a major battery producer.', { code: '01211', lot: '500' }),
  s('0388.HK', 'Hong Kong Exchanges and Clearing Ltd.', '418.60', '0.28', '7000000', '1268000000', 'Financials', 'HKEX operates the Hong Kong stock and futures exchanges and the London Metal Exchange.', { code: '00388', lot: '100' }),
  s('0941.HK', 'China Mobile Ltd.', '87.65', '0.18', '15000000', '21500000000', 'Communication Services', 'China Mobile is the world\'s largest mobile operator by subscribers.', { code: '00941', lot: '500' }),
  s('9618.HK', 'JD.com, Inc.', '124.70', '0.42', '12000000', '3100000000', 'Consumer Discretionary', 'JD.com is a Chinese online retailer with its own nationwide logistics network.', { code: '09618', lot: '50' }),
  s('2318.HK', 'Ping An Insurance (Group) Co. of China, Ltd.', '55.35', '0.30', '45000000', '18200000000', 'Financials', 'Ping An is a Chinese insurance, banking and asset-management group.', { code: '02318', lot: '500' }),
];

// prettier-ignore
const XETRA: StockRow[] = [
  s('SAP.DE', 'SAP SE', '214.60', '0.28', '2000000', '1170000000', 'Software', 'SAP is Europe\'s largest software company and the leading supplier of enterprise resource planning systems.'),
  s('SIE.DE', 'Siemens AG', '236.40', '0.26', '1600000', '790000000', 'Industrials', 'Siemens makes factory automation, rail and building technology and digital industry software.'),
  s('ALV.DE', 'Allianz SE', '362.80', '0.20', '800000', '386000000', 'Financials', 'Allianz is one of the world\'s largest insurers and owns the asset managers PIMCO and Allianz GI.'),
  s('BAS.DE', 'BASF SE', '44.12', '0.27', '3000000', '893000000', 'Materials', 'BASF is the world\'s largest chemical producer.'),
  s('BMW.DE', 'Bayerische Motoren Werke AG', '87.64', '0.28', '1300000', '616000000', 'Automobiles', 'BMW builds premium cars and motorcycles under the BMW, MINI and Rolls-Royce brands.'),
  s('MBG.DE', 'Mercedes-Benz Group AG', '58.26', '0.28', '2800000', '962000000', 'Automobiles', 'Mercedes-Benz makes luxury cars and vans.'),
  s('DTE.DE', 'Deutsche Telekom AG', '27.94', '0.18', '9000000', '4950000000', 'Communication Services', 'Deutsche Telekom is Europe\'s largest telecom operator and majority owner of T-Mobile US.'),
  s('BAYN.DE', 'Bayer AG', '29.35', '0.38', '5000000', '982000000', 'Health Care', 'Bayer is a pharmaceutical and crop science group, owner of Monsanto since 2018.'),
  s('ADS.DE', 'adidas AG', '164.80', '0.32', '800000', '178000000', 'Consumer Discretionary', 'Adidas is the largest sportswear maker in Europe.'),
  s('DBK.DE', 'Deutsche Bank AG', '31.42', '0.34', '10000000', '1960000000', 'Financials', 'Deutsche Bank is Germany\'s largest bank, with corporate, investment and private banking.'),
  s('IFX.DE', 'Infineon Technologies AG', '36.18', '0.40', '6000000', '1300000000', 'Semiconductors', 'Infineon makes power semiconductors and microcontrollers for cars and industry.'),
  s('MUV2.DE', 'Münchener Rückversicherungs-Gesellschaft AG', '538.40', '0.20', '450000', '130000000', 'Financials', 'Munich Re is one of the world\'s largest reinsurers.'),
  s('RHM.DE', 'Rheinmetall AG', '1752.00', '0.50', '500000', '45800000', 'Industrials', 'Rheinmetall makes ammunition, armoured vehicles and air defence systems.'),
];

// prettier-ignore
const AMSTERDAM: StockRow[] = [
  s('ASML.AS', 'ASML Holding N.V.', '912.40', '0.38', '900000', '393000000', 'Semiconductors', 'ASML is the sole maker of the extreme ultraviolet lithography machines used for leading-edge chips.'),
  s('SHELL.AS', 'Shell plc', '31.24', '0.22', '7000000', '5900000000', 'Energy', 'Shell is a global oil, gas, LNG and energy trading company.'),
  s('INGA.AS', 'ING Groep N.V.', '22.36', '0.26', '12000000', '3000000000', 'Financials', 'ING is the largest Dutch bank, with retail and wholesale banking across Europe.'),
  s('PHIA.AS', 'Koninklijke Philips N.V.', '24.18', '0.32', '3500000', '940000000', 'Health Care', 'Philips makes medical imaging, patient monitoring and personal health products.'),
  s('HEIA.AS', 'Heineken N.V.', '70.42', '0.22', '1000000', '563000000', 'Consumer Staples', 'Heineken is the world\'s second-largest brewer.'),
  s('UNA.AS', 'Unilever PLC', '51.86', '0.18', '2500000', '2480000000', 'Consumer Staples', 'Unilever sells personal care, home care and food brands such as Dove and Hellmann\'s.'),
  s('ADYEN.AS', 'Adyen N.V.', '1452.40', '0.45', '100000', '31500000', 'Financials', 'Adyen is a Dutch payment platform processing online and in-store payments for global merchants.'),
  s('PRX.AS', 'Prosus N.V.', '52.34', '0.34', '4000000', '2300000000', 'Consumer Discretionary', 'Prosus is a global technology investor and the largest shareholder of Tencent.'),
  s('AD.AS', 'Koninklijke Ahold Delhaize N.V.', '35.12', '0.18', '2500000', '910000000', 'Consumer Staples', 'Ahold Delhaize runs supermarkets in the US and Europe, including Albert Heijn, Food Lion and Stop & Shop.'),
  s('KPN.AS', 'Koninklijke KPN N.V.', '4.118', '0.16', '9000000', '3900000000', 'Communication Services', 'KPN is the largest telecom operator in the Netherlands.'),
  s('WKL.AS', 'Wolters Kluwer N.V.', '112.30', '0.28', '700000', '232000000', 'Industrials', 'Wolters Kluwer provides professional information and software for health, tax, legal and compliance.'),
];

// prettier-ignore
const BRUSSELS: StockRow[] = [
  s('ABI.BR', 'Anheuser-Busch InBev SA/NV', '54.86', '0.24', '2000000', '2020000000', 'Consumer Staples', 'AB InBev is the world\'s largest brewer, owning Budweiser, Stella Artois and Corona.'),
  s('KBC.BR', 'KBC Group NV', '104.90', '0.24', '700000', '400000000', 'Financials', 'KBC is a Belgian bank-insurer active in Belgium and Central Europe.'),
  s('UCB.BR', 'UCB SA', '232.40', '0.30', '400000', '194000000', 'Health Care', 'UCB is a biopharmaceutical company focused on immunology and neurology.'),
  s('SOLB.BR', 'Solvay SA', '28.14', '0.30', '300000', '106000000', 'Materials', 'Solvay produces soda ash, peroxides and specialty chemicals.'),
  s('ACKB.BR', 'Ackermans & van Haaren NV', '218.60', '0.18', '40000', '33500000', 'Industrials', 'Ackermans & van Haaren is a diversified group in marine engineering, private banking and real estate.'),
  s('AGS.BR', 'Ageas SA/NV', '57.30', '0.20', '450000', '187000000', 'Financials', 'Ageas is an international insurance group headquartered in Brussels.'),
  s('COLR.BR', 'Colruyt Group NV', '36.84', '0.22', '150000', '124000000', 'Consumer Staples', 'Colruyt is a Belgian supermarket chain known for its low-price strategy.'),
  s('PROX.BR', 'Proximus SA', '6.824', '0.24', '900000', '322000000', 'Communication Services', 'Proximus is Belgium\'s largest telecom operator.'),
  s('GBLB.BR', 'Groupe Bruxelles Lambert SA', '72.40', '0.18', '150000', '135000000', 'Financials', 'GBL is an investment holding company with stakes in listed European companies.'),
  s('ELI.BR', 'Elia Group SA/NV', '101.20', '0.24', '120000', '110000000', 'Utilities', 'Elia operates the high-voltage electricity grids of Belgium and north-eastern Germany.'),
  s('UMI.BR', 'Umicore SA', '15.36', '0.40', '800000', '246000000', 'Materials', 'Umicore makes catalysts and battery materials and recycles precious metals.'),
];

// prettier-ignore
const MEXICO: StockRow[] = [
  s('AMXB.MX', 'América Movil, S.A.B. de C.V. Serie B', '19.56', '0.24', '45000000', '60700000000', 'Communication Services', 'América Movil is Latin America\'s largest mobile operator, present in more than 20 countries.', { code: 'AMXB' }),
  s('WALMEX.MX', 'Wal-Mart de México, S.A.B. de C.V.', '57.24', '0.22', '18000000', '17400000000', 'Consumer Staples', 'Walmex runs Walmart, Bodega Aurrera and Sam\'s Club stores in Mexico and Central America.', { code: 'WALMEX' }),
  s('FEMSAUBD.MX', 'Fomento Económico Mexicano, S.A.B. de C.V.', '164.80', '0.24', '3000000', '3580000000', 'Consumer Staples', 'FEMSA runs the OXXO convenience stores and owns a stake in Coca-Cola FEMSA.', { code: 'FEMSAUBD' }),
  s('GFNORTEO.MX', 'Grupo Financiero Banorte, S.A.B. de C.V.', '162.40', '0.28', '5000000', '2880000000', 'Financials', 'Banorte is Mexico\'s largest domestically owned banking group.', { code: 'GFNORTEO' }),
  s('CEMEXCPO.MX', 'CEMEX, S.A.B. de C.V.', '17.48', '0.36', '40000000', '14500000000', 'Materials', 'Cemex is one of the world\'s largest producers of cement and ready-mix concrete.', { code: 'CEMEXCPO' }),
  s('GMEXICOB.MX', 'Grupo México, S.A.B. de C.V. Serie B', '142.30', '0.30', '6000000', '7790000000', 'Materials', 'Grupo México mines copper through Southern Copper and runs Mexico\'s largest railway.', { code: 'GMEXICOB' }),
  s('BIMBOA.MX', 'Grupo Bimbo, S.A.B. de C.V.', '55.18', '0.26', '3000000', '4400000000', 'Consumer Staples', 'Grupo Bimbo is the world\'s largest bakery company.', { code: 'BIMBOA' }),
  s('TLEVISACPO.MX', 'Grupo Televisa, S.A.B.', '9.24', '0.40', '8000000', '2670000000', 'Communication Services', 'Televisa runs cable and satellite television in Mexico and owns a stake in TelevisaUnivision.', { code: 'TLEVISACPO' }),
  s('GAPB.MX', 'Grupo Aeroportuario del Pacífico, S.A.B. de C.V.', '418.60', '0.28', '700000', '505000000', 'Industrials', 'GAP operates 12 airports in Mexico\'s Pacific region and two in Jamaica.', { code: 'GAPB' }),
  s('KOFUBL.MX', 'Coca-Cola FEMSA, S.A.B. de C.V.', '164.20', '0.22', '1200000', '2100000000', 'Consumer Staples', 'Coca-Cola FEMSA is the largest Coca-Cola bottler in the world by volume.', { code: 'KOFUBL' }),
  s('ASURB.MX', 'Grupo Aeroportuario del Sureste, S.A.B. de C.V.', '562.80', '0.26', '400000', '300000000', 'Industrials', 'ASUR operates Cancún airport and eight others in south-east Mexico, plus airports in Puerto Rico and Colombia.', { code: 'ASURB' }),
];

function derivative(
  assetClass: AssetClass,
  exchange: string,
  symbol: string,
  name: string,
  tickSize: string,
  price: string,
  vol: string,
  adv: string,
  expiry: string,
  classify: string,
  profile: string,
): Instrument {
  return {
    symbol,
    code: symbol,
    name,
    market: 'FUT',
    exchange,
    assetClass,
    calendar: 'GLOBEX',
    source: MarketSource.Future,
    currency: 'USD',
    tickSize,
    lotSize: '1',
    minQuantity: '1',
    basePrice: price,
    volatility: vol,
    averageDailyVolume: adv,
    expiry,
    profile,
    classify,
  };
}

// ES, NQ and YM are walks of their own; SPX, NDX and DJI are derived from them (relations.ts,
// decision 0018). Their reference prices agree: the future is its index x (1 + carry) on the day the
// walks are anchored (2026-10-01), so the indices' reference prices stay where they were.
// prettier-ignore
const FUTURES: Instrument[] = [
  derivative('future', 'CME', 'ES', 'E-mini S&P 500 Dec 2026', '0.25', '6881.75', '0.17', '1500000', '2026-12-18', 'Equity Index', 'The E-mini S&P 500 future settles on 50 US dollars times the S&P 500 index; the most traded equity index future in the world.'),
  derivative('future', 'CME', 'NQ', 'E-mini Nasdaq-100 Dec 2026', '0.25', '25489.25', '0.22', '600000', '2026-12-18', 'Equity Index', 'The E-mini Nasdaq-100 future is worth 20 US dollars times the Nasdaq-100 index.'),
  derivative('future', 'CBOT', 'YM', 'E-mini Dow ($5) Dec 2026', '1', '47666', '0.16', '150000', '2026-12-18', 'Equity Index', 'The E-mini Dow future is worth 5 US dollars times the Dow Jones Industrial Average.'),
  derivative('future', 'CBOT', 'ZN', '10-Year T-Note Dec 2026', '0.015625', '112.500000', '0.06', '1800000', '2026-12-21', 'Interest Rates', 'The 10-Year Treasury Note future delivers US Treasury notes with 6.5 to 10 years to maturity, 100,000 US dollars face value.'),
  derivative('metal', 'COMEX', 'GC', 'Gold Feb 2027', '0.1', '4185.0', '0.15', '220000', '2027-02-24', 'Metals', 'COMEX gold futures are for 100 troy ounces of gold, the benchmark for gold prices worldwide.'),
  derivative('metal', 'COMEX', 'SI', 'Silver Mar 2027', '0.005', '51.840', '0.28', '80000', '2027-03-29', 'Metals', 'COMEX silver futures are for 5,000 troy ounces of silver.'),
  derivative('metal', 'COMEX', 'HG', 'Copper Mar 2027', '0.0005', '5.1250', '0.24', '100000', '2027-03-29', 'Metals', 'COMEX copper futures are for 25,000 pounds of grade A copper, a barometer of global industry.'),
  derivative('metal', 'NYMEX', 'PL', 'Platinum Jan 2027', '0.1', '1548.3', '0.26', '30000', '2027-01-27', 'Metals', 'NYMEX platinum futures are for 50 troy ounces of platinum.'),
  derivative('energy', 'NYMEX', 'CL', 'Crude Oil WTI Jan 2027', '0.01', '62.45', '0.35', '900000', '2026-12-18', 'Energy', 'NYMEX WTI light sweet crude oil futures are for 1,000 barrels delivered at Cushing, Oklahoma.'),
  derivative('energy', 'NYMEX', 'NG', 'Henry Hub Natural Gas Jan 2027', '0.001', '3.852', '0.55', '400000', '2026-12-29', 'Energy', 'NYMEX natural gas futures are for 10,000 MMBtu delivered at the Henry Hub in Louisiana.'),
  derivative('energy', 'NYMEX', 'RB', 'RBOB Gasoline Jan 2027', '0.0001', '1.9520', '0.32', '150000', '2026-12-31', 'Energy', 'RBOB gasoline futures are for 42,000 gallons of reformulated gasoline delivered in New York Harbor.'),
  derivative('energy', 'NYMEX', 'HO', 'NY Harbor ULSD Jan 2027', '0.0001', '2.3480', '0.32', '130000', '2026-12-31', 'Energy', 'Heating oil (ULSD) futures are for 42,000 gallons of ultra-low sulfur diesel delivered in New York Harbor.'),
  derivative('agri', 'CBOT', 'ZC', 'Corn Mar 2027', '0.25', '441.25', '0.22', '350000', '2027-03-12', 'Agriculture', 'CBOT corn futures are for 5,000 bushels of corn, quoted in US cents per bushel.'),
  derivative('agri', 'CBOT', 'ZW', 'Chicago SRW Wheat Mar 2027', '0.25', '546.50', '0.28', '150000', '2027-03-12', 'Agriculture', 'CBOT wheat futures are for 5,000 bushels of soft red winter wheat, quoted in US cents per bushel.'),
  derivative('agri', 'CBOT', 'ZS', 'Soybeans Jan 2027', '0.25', '1082.75', '0.20', '250000', '2027-01-14', 'Agriculture', 'CBOT soybean futures are for 5,000 bushels of soybeans, quoted in US cents per bushel.'),
  derivative('agri', 'ICE', 'KC', 'Coffee "C" Mar 2027', '0.05', '378.40', '0.38', '30000', '2027-03-19', 'Agriculture', 'ICE coffee "C" futures are for 37,500 pounds of washed arabica coffee, quoted in US cents per pound.'),
  derivative('agri', 'ICE', 'SB', 'Sugar No. 11 Mar 2027', '0.01', '15.82', '0.30', '120000', '2027-02-26', 'Agriculture', 'ICE sugar No. 11 futures are for 112,000 pounds of raw cane sugar, the world benchmark.'),
  derivative('agri', 'ICE', 'CC', 'Cocoa Mar 2027', '1', '6180', '0.50', '25000', '2027-03-16', 'Agriculture', 'ICE cocoa futures are for 10 metric tons of cocoa beans, quoted in US dollars per ton.'),
];

function fx(symbol: string, name: string, price: string, vol: string, adv: string, classify: string, profile: string): Instrument {
  const jpy = symbol.endsWith('JPY');
  return {
    symbol,
    code: symbol,
    name,
    market: 'FX',
    exchange: 'FX',
    assetClass: 'forex',
    calendar: 'FX',
    source: MarketSource.Forex,
    currency: symbol.slice(3),
    tickSize: jpy ? '0.001' : '0.00001',
    lotSize: '1000',
    minQuantity: '1000',
    basePrice: price,
    volatility: vol,
    averageDailyVolume: adv,
    profile,
    classify,
  };
}

// prettier-ignore
const FOREX: Instrument[] = [
  fx('EURUSD', 'Euro / US Dollar', '1.16420', '0.07', '900000000000', 'Majors', 'The euro against the US dollar, the most traded currency pair in the world.'),
  fx('GBPUSD', 'British Pound / US Dollar', '1.32180', '0.08', '350000000000', 'Majors', 'Sterling against the US dollar, known to traders as "cable".'),
  fx('USDJPY', 'US Dollar / Japanese Yen', '153.420', '0.10', '600000000000', 'Majors', 'The US dollar against the Japanese yen, driven by the gap between US and Japanese interest rates.'),
  fx('USDCHF', 'US Dollar / Swiss Franc', '0.79850', '0.08', '150000000000', 'Majors', 'The US dollar against the Swiss franc, a traditional safe-haven currency.'),
  fx('AUDUSD', 'Australian Dollar / US Dollar', '0.65740', '0.09', '200000000000', 'Majors', 'The Australian dollar against the US dollar, sensitive to commodity prices and Chinese demand.'),
  fx('USDCAD', 'US Dollar / Canadian Dollar', '1.39860', '0.06', '180000000000', 'Majors', 'The US dollar against the Canadian dollar, closely tied to the price of oil.'),
  fx('NZDUSD', 'New Zealand Dollar / US Dollar', '0.57320', '0.10', '60000000000', 'Majors', 'The New Zealand dollar against the US dollar, known as the "kiwi".'),
  fx('EURGBP', 'Euro / British Pound', '0.88080', '0.05', '80000000000', 'Crosses', 'The euro against sterling, the main European cross rate.'),
  fx('EURJPY', 'Euro / Japanese Yen', '178.610', '0.09', '90000000000', 'Crosses', 'The euro against the Japanese yen.'),
  fx('USDHKD', 'US Dollar / Hong Kong Dollar', '7.78120', '0.05', '100000000000', 'Asia', 'The US dollar against the Hong Kong dollar, which is pegged in a band of 7.75 to 7.85.'),
  fx('USDMXN', 'US Dollar / Mexican Peso', '18.42350', '0.12', '80000000000', 'Emerging', 'The US dollar against the Mexican peso, the most traded emerging-market currency.'),
  fx('USDCNH', 'US Dollar / Offshore Chinese Yuan', '7.10240', '0.05', '150000000000', 'Asia', 'The US dollar against the offshore renminbi traded in Hong Kong.'),
];

function bond(
  symbol: string,
  name: string,
  currency: string,
  price: string,
  coupon: string,
  maturity: string,
  vol: string,
  classify: string,
  profile: string,
): Instrument {
  return {
    symbol,
    code: symbol,
    name,
    market: 'BOND',
    exchange: 'OTC',
    assetClass: 'bond',
    calendar: 'BONDS',
    source: MarketSource.Bonds,
    currency,
    tickSize: '0.0001',
    lotSize: '1',
    minQuantity: '1',
    basePrice: price,
    volatility: vol,
    averageDailyVolume: '500000',
    expiry: maturity,
    couponRate: coupon,
    profile,
    classify,
  };
}

/** A US Treasury bill of `weeks` weeks: zero-coupon, issued every Thursday, quoted for the newest issue. */
function bill(symbol: string, weeks: number, price: string, profile: string): Instrument {
  const { expiry: _none, ...rest } = bond(symbol, `US Treasury Bill ${weeks}-week`, 'USD', price, '0', '', '0.02', 'Government', profile);
  return { ...rest, billWeeks: weeks };
}

// prettier-ignore
const BONDS: Instrument[] = [
  bill('US1M', 4, '99.68', 'Four-week US Treasury bill, sold at a discount and redeemed at par: the shortest Treasury rate.'),
  bill('US3M', 13, '99.00', 'Thirteen-week US Treasury bill, the benchmark three-month rate of the US money market.'),
  bill('US6M', 26, '98.02', 'Twenty-six-week US Treasury bill, the six-month Treasury rate.'),
  bond('US2Y', 'US Treasury Note 3.500% 31 Oct 2028', 'USD', '99.88', '3.500', '2028-10-31', '0.02', 'Government', 'Two-year US Treasury note, the benchmark for short-term US rate expectations.'),
  bond('US5Y', 'US Treasury Note 3.625% 31 Oct 2031', 'USD', '99.22', '3.625', '2031-10-31', '0.04', 'Government', 'Five-year US Treasury note.'),
  bond('US10Y', 'US Treasury Note 4.125% 15 Nov 2036', 'USD', '98.42', '4.125', '2036-11-15', '0.06', 'Government', 'Ten-year US Treasury note, the benchmark for mortgage rates and global borrowing costs.'),
  bond('US30Y', 'US Treasury Bond 4.625% 15 Nov 2056', 'USD', '97.10', '4.625', '2056-11-15', '0.08', 'Government', 'Thirty-year US Treasury bond, the long end of the US yield curve.'),
  bond('DE10Y', 'Bundesrepublik Deutschland 2.60% 15 Feb 2036', 'EUR', '98.76', '2.600', '2036-02-15', '0.05', 'Government', 'Ten-year German federal bond (Bund), the euro area\'s benchmark safe asset.'),
  bond('NL10Y', 'Nederlandse Staat (DSL) 2.75% 15 Jan 2036', 'EUR', '99.14', '2.750', '2036-01-15', '0.05', 'Government', 'Ten-year Dutch State Loan issued by the Dutch State Treasury Agency.'),
  bond('BE10Y', 'Kingdom of Belgium OLO 3.10% 22 Jun 2036', 'EUR', '98.20', '3.100', '2036-06-22', '0.05', 'Government', 'Ten-year Belgian linear bond (OLO) issued by the Belgian Debt Agency.'),
  bond('MX10Y', 'Mexican Mbono 7.75% 23 Nov 2035', 'MXN', '96.54', '7.750', '2035-11-23', '0.07', 'Government', 'Ten-year fixed-rate Mexican government bond (Bono M) in pesos.'),
];

function index(symbol: string, name: string, calendar: CalendarId, currency: string, price: string, vol: string, adv: string, profile: string): Instrument {
  return {
    symbol,
    code: symbol,
    name,
    market: 'INDEX',
    exchange: 'INDEX',
    assetClass: 'index',
    calendar,
    source: MarketSource.GlobalIndex,
    currency,
    tickSize: '0.01',
    lotSize: '1',
    minQuantity: '1',
    basePrice: price,
    volatility: vol,
    averageDailyVolume: adv,
    profile,
    classify: 'Index',
  };
}

// prettier-ignore
const INDICES: Instrument[] = [
  index('SPX', 'S&P 500', 'US', 'USD', '6842.35', '0.16', '2500000000', 'The S&P 500 tracks 500 of the largest US companies, weighted by free-float market capitalisation.'),
  index('NDX', 'Nasdaq-100', 'US', 'USD', '25310.80', '0.21', '900000000', 'The Nasdaq-100 tracks the 100 largest non-financial companies listed on Nasdaq.'),
  index('DJI', 'Dow Jones Industrial Average', 'US', 'USD', '47452.60', '0.15', '400000000', 'The Dow Jones Industrial Average is a price-weighted index of 30 leading US blue-chip companies.'),
  index('HSI', 'Hang Seng Index', 'HK', 'HKD', '26018.45', '0.20', '3000000000', 'The Hang Seng Index tracks the largest companies listed in Hong Kong.'),
  index('DAX', 'DAX 40', 'XETRA', 'EUR', '24286.70', '0.17', '80000000', 'The DAX tracks the 40 largest German companies traded on Xetra.'),
  index('AEX', 'AEX Index', 'EURONEXT-AMS', 'EUR', '948.62', '0.16', '60000000', 'The AEX tracks the 25 most traded companies on Euronext Amsterdam.'),
  index('BEL20', 'BEL 20', 'EURONEXT-BRU', 'EUR', '5012.34', '0.15', '15000000', 'The BEL 20 tracks 20 of the largest companies listed on Euronext Brussels.'),
  index('MEXBOL', 'S&P/BMV IPC', 'BMV', 'MXN', '62145.20', '0.17', '200000000', 'The S&P/BMV IPC tracks the 35 most liquid stocks on the Mexican Stock Exchange.'),
  index('N225', 'Nikkei 225', 'TSE', 'JPY', '49820.50', '0.20', '1500000000', 'The Nikkei 225 is a price-weighted index of 225 large companies listed in Tokyo.'),
  index('UKX', 'FTSE 100', 'LSE', 'GBP', '9712.40', '0.14', '700000000', 'The FTSE 100 tracks the 100 largest companies listed on the London Stock Exchange.'),
  index('SX5E', 'Euro Stoxx 50', 'XETRA', 'EUR', '5684.90', '0.17', '300000000', 'The Euro Stoxx 50 tracks 50 blue-chip companies from eleven euro-area countries.'),
];

function crypto(symbol: string, name: string, tickSize: string, lot: string, price: string, vol: string, adv: string, profile: string): Instrument {
  return {
    symbol,
    code: symbol.replace(/USDT$/, '/USDT'),
    name,
    market: 'CRYPTO',
    exchange: 'CRYPTO',
    assetClass: 'crypto',
    calendar: 'CRYPTO',
    source: MarketSource.RobotCrypto,
    currency: 'USDT',
    tickSize,
    lotSize: lot,
    minQuantity: lot,
    basePrice: price,
    volatility: vol,
    averageDailyVolume: adv,
    profile,
    classify: 'Virtual currency',
  };
}

// prettier-ignore
const CRYPTO: Instrument[] = [
  crypto('BTCUSDT', 'Bitcoin', '0.01', '0.00001', '94250.00', '0.55', '25000', 'Bitcoin is the first and largest cryptocurrency, with a fixed supply of 21 million coins.'),
  crypto('ETHUSDT', 'Ethereum', '0.01', '0.0001', '3120.40', '0.70', '450000', 'Ethereum is a programmable blockchain that runs smart contracts and most decentralised finance.'),
  crypto('BNBUSDT', 'BNB', '0.01', '0.001', '905.60', '0.55', '900000', 'BNB is the native coin of BNB Chain and the Binance ecosystem.'),
  crypto('SOLUSDT', 'Solana', '0.01', '0.001', '142.35', '0.80', '4000000', 'Solana is a high-throughput proof-of-stake blockchain.'),
  crypto('XRPUSDT', 'XRP', '0.0001', '0.1', '2.1840', '0.75', '300000000', 'XRP is the native asset of the XRP Ledger, designed for cross-border payments.'),
  crypto('ADAUSDT', 'Cardano', '0.0001', '1', '0.5120', '0.80', '350000000', 'Cardano is a proof-of-stake blockchain developed with peer-reviewed research.'),
  crypto('DOGEUSDT', 'Dogecoin', '0.00001', '1', '0.16240', '0.90', '1500000000', 'Dogecoin started as a joke in 2013 and became one of the most traded cryptocurrencies.'),
  crypto('TONUSDT', 'Toncoin', '0.0001', '0.01', '1.8450', '0.75', '40000000', 'Toncoin is the native coin of The Open Network, integrated with Telegram.'),
  crypto('AVAXUSDT', 'Avalanche', '0.001', '0.01', '15.820', '0.85', '8000000', 'Avalanche is a smart-contract platform built around subnets.'),
  crypto('DOTUSDT', 'Polkadot', '0.001', '0.01', '2.840', '0.85', '15000000', 'Polkadot connects parallel blockchains (parachains) secured by a shared relay chain.'),
  crypto('LINKUSDT', 'Chainlink', '0.001', '0.01', '14.260', '0.80', '10000000', 'Chainlink is a decentralised oracle network that brings off-chain data onto blockchains.'),
  crypto('LTCUSDT', 'Litecoin', '0.01', '0.001', '92.45', '0.65', '2500000', 'Litecoin is an early Bitcoin fork with faster blocks, created in 2011.'),
];

export const UNIVERSE: readonly Instrument[] = [
  ...NASDAQ.map((r) => stock('NASDAQ', r)),
  ...NYSE.map((r) => stock('NYSE', r)),
  ...AMEX.map((r) => stock('AMEX', r)),
  ...HKEX.map((r) => stock('HKEX', r)),
  ...XETRA.map((r) => stock('XETRA', r)),
  ...AMSTERDAM.map((r) => stock('EURONEXT-AMS', r)),
  ...BRUSSELS.map((r) => stock('EURONEXT-BRU', r)),
  ...MEXICO.map((r) => stock('BMV', r)),
  ...FUTURES,
  ...FOREX,
  ...BONDS,
  ...INDICES,
  ...CRYPTO,
];
