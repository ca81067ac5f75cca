import { describe, expect, it } from 'vitest';
import { isAppPath, paths, ROUTES, safeRedirect, TAB_ROUTES } from './paths';

describe('links to the specification’s routes', () => {
  const btc = { name: 'Bitcoin', code: 'BTCUSDT', source: 7, market: 'CRYPTO', symbol: 'BTCUSDT' };

  it('builds the queries the pages read, in the order they were always written', () => {
    expect(paths.quote.stock(btc)).toBe('/pages/quote/stock?name=Bitcoin&code=BTCUSDT&source=7&market=CRYPTO&symbol=BTCUSDT');
    expect(paths.trading.order.forex(btc, 1)).toBe('/pages/payment/forex?name=Bitcoin&code=BTCUSDT&source=7&direction=1&market=CRYPTO&symbol=BTCUSDT');
    expect(paths.trading.detail(12, { name: 'A & B', code: 'AB', source: 1 })).toBe('/pages/trade/detail?id=12&name=A+%26+B&code=AB&source=1');
    expect(paths.trading.close(12)).toBe('/pages/payment/close?id=12');
    expect(paths.trading.index('entrusted')).toBe('/pages/trade/index?tab=entrusted');
    expect(paths.wallet.transfer({ from: 'BALANCE', to: 'FOREX' })).toBe('/pages/profile/transfer?from=BALANCE&to=FOREX');
    expect(paths.wallet.transactions('overview')).toBe('/pages/profile/transaction?tab=overview');
    expect(paths.bankCards.form()).toBe('/pages/bcard/modify');
    expect(paths.bankCards.form(3)).toBe('/pages/bcard/modify?id=3');
    expect(paths.protocol('risk')).toBe('/pages/auth/protocol?type=risk');
    expect(paths.register({ invitationCode: 'AB12CD' })).toBe('/pages/auth/register?invitationCode=AB12CD');
    expect(paths.follow.agencies()).toBe('/pages/product/follow');
    expect(paths.follow.agency(2)).toBe('/pages/product/follow/agency?id=2');
    expect(paths.follow.order(2)).toBe('/pages/payment/follow?agencyId=2');
    expect(paths.follow.detail(7)).toBe('/pages/product/follow/order?id=7');
  });

  it('sends to the login page with the way back encoded', () => {
    expect(paths.login()).toBe('/pages/auth/login');
    expect(paths.login('/pages/watchlist/index')).toBe('/pages/auth/login?redirect=%2Fpages%2Fwatchlist%2Findex');
  });

  it('follows a redirect only to our own routes, never back to the login page', () => {
    expect(safeRedirect('/pages/kyc/individual')).toBe(ROUTES.kyc);
    expect(safeRedirect('https://example.com')).toBe(TAB_ROUTES.home);
    expect(safeRedirect(`${ROUTES.login}?redirect=x`)).toBe(TAB_ROUTES.home);
    expect(safeRedirect(null)).toBe(TAB_ROUTES.home);
    expect(isAppPath('/pages/home/index')).toBe(true);
    expect(isAppPath('/help/x')).toBe(false);
  });
});
