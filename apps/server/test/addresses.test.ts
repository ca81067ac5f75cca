import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAddress } from '../src/modules/addresses/service';
import { call, countRows, drivers, registerUser, startServer, type Harness } from './harness';

const GOOD = {
  'USDT-TRC20': 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
  'USDT-ERC20': '0x52908400098527886E0F7030069857D2E4169EE7',
  ETH: '0xde709f2102306220921060314715629080e2fb77',
  BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
} as const;

const BAD: Array<[keyof typeof GOOD, string]> = [
  ['USDT-TRC20', GOOD['USDT-ERC20']],
  ['USDT-TRC20', 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeB0'], // 0 is not base58
  ['USDT-ERC20', GOOD['USDT-TRC20']],
  ['USDT-ERC20', '0x5290840009852788'],
  ['ETH', '0xZZ709f2102306220921060314715629080e2fb77'],
  ['ETH', GOOD.BTC],
  ['BTC', GOOD.ETH],
  ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0'],
];

describe.each(await drivers())('crypto withdrawal addresses on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer(driver);
  });
  afterAll(() => h.close());

  const list = async (token: string) => (await call(h, 'POST', '/web/walletAddress/list', { token, body: {} })).data as any[];
  const save = (token: string, body: object) => call(h, 'POST', '/web/walletAddress/save', { token, body });

  it('saves one address of each network and lists them in order', async () => {
    const u = await registerUser(h);
    for (const [currencyType, address] of Object.entries(GOOD)) {
      const r = await save(u.token, { currencyType, address: `  ${address} `, label: currencyType === 'BTC' ? 'cold wallet' : undefined });
      expect(r.code).toBe(200);
      expect(r.data).toMatchObject({ currencyType, address, label: currencyType === 'BTC' ? 'cold wallet' : null });
    }
    const all = await list(u.token);
    expect(all.map((a) => a.currencyType)).toEqual(Object.keys(GOOD));
    expect(await findAddress(h.db, u.id, all[3].id)).toMatchObject({ currency_type: 'BTC', address: GOOD.BTC });
  });

  it.each(BAD)('refuses a %s address %s with the network rule', async (currencyType, address) => {
    const u = await registerUser(h);
    const before = await countRows(h, 'wallet_addresses');
    const r = await save(u.token, { currencyType, address });
    expect([r.status, r.msg, r.data.fields]).toEqual([400, 'This is not a valid address for the chosen network', { address: 'e.addressFormat' }]);
    expect(await countRows(h, 'wallet_addresses')).toBe(before);
  });

  it.each([
    [{ address: GOOD.ETH }, 'Please select currency type', 'currencyType'],
    [{ currencyType: 'DOGE', address: GOOD.ETH }, 'Please select currency type', 'currencyType'],
    [{ currencyType: 'ETH' }, 'Please enter wallet address', 'address'],
    [{ currencyType: 'ETH', address: '   ' }, 'Please enter wallet address', 'address'],
  ])('refuses %j with "%s"', async (body, msg, field) => {
    const u = await registerUser(h);
    const r = await save(u.token, body);
    expect([r.status, r.msg]).toEqual([400, msg]);
    expect(r.data.fields[field]).toBeDefined();
    expect(await list(u.token)).toEqual([]);
  });

  it('changes an address by id and refuses the same address twice on one network', async () => {
    const u = await registerUser(h);
    const eth = (await save(u.token, { currencyType: 'ETH', address: GOOD.ETH })).data;
    const twice = await save(u.token, { currencyType: 'ETH', address: GOOD.ETH.toUpperCase().replace('0X', '0x') });
    expect([twice.status, twice.data.fields]).toEqual([409, { address: 'e.addressExists' }]);
    // The same address on another network is another destination.
    expect((await save(u.token, { currencyType: 'USDT-ERC20', address: GOOD.ETH })).code).toBe(200);

    const changed = await save(u.token, { id: eth.id, currencyType: 'BTC', address: GOOD.BTC, label: 'moved' });
    expect(changed.data).toEqual({ ...eth, currencyType: 'BTC', address: GOOD.BTC, label: 'moved' });
    const bad = await save(u.token, { id: eth.id, currencyType: 'BTC', address: GOOD.ETH });
    expect(bad.status).toBe(400);
    expect((await list(u.token)).map((a) => a.currencyType)).toEqual(['BTC', 'USDT-ERC20']);
  });

  it("lets user B neither see, change nor remove user A's addresses", async () => {
    const a = await registerUser(h);
    const b = await registerUser(h);
    const mine = (await save(a.token, { currencyType: 'USDT-TRC20', address: GOOD['USDT-TRC20'] })).data;
    expect(await list(b.token)).toEqual([]);
    const change = await save(b.token, { id: mine.id, currencyType: 'ETH', address: GOOD.ETH });
    expect([change.status, change.msg]).toEqual([404, 'Not found']);
    const remove = await call(h, 'POST', '/web/walletAddress/delete', { token: b.token, body: { id: mine.id } });
    expect(remove.status).toBe(404);
    expect(await findAddress(h.db, b.id, mine.id)).toBeUndefined();
    expect(await list(a.token)).toEqual([mine]);
    // B may keep the same address for itself.
    expect((await save(b.token, { currencyType: 'USDT-TRC20', address: GOOD['USDT-TRC20'] })).code).toBe(200);
  });

  it('removes an address from the list and keeps the row', async () => {
    const u = await registerUser(h);
    const a = (await save(u.token, { currencyType: 'BTC', address: GOOD.BTC })).data;
    expect((await call(h, 'POST', '/web/walletAddress/delete', { token: u.token, body: { id: a.id } })).data).toEqual({ removed: 1 });
    expect(await list(u.token)).toEqual([]);
    expect(await findAddress(h.db, u.id, a.id)).toBeUndefined();
    expect((await call(h, 'POST', '/web/walletAddress/delete', { token: u.token, body: { id: a.id } })).status).toBe(404);
    expect((await save(u.token, { id: a.id, currencyType: 'BTC', address: GOOD.BTC })).status).toBe(404);
    expect(await h.db.query('select id from wallet_addresses where id = $1 and deleted_at is not null', [a.id])).toHaveLength(1);
    expect((await save(u.token, { currencyType: 'BTC', address: GOOD.BTC })).code).toBe(200);
  });

  it('keeps at most ten addresses per user', async () => {
    const u = await registerUser(h);
    for (let i = 0; i < 10; i++) {
      const r = await save(u.token, { currencyType: 'ETH', address: `0x${i.toString(16).padStart(40, '0')}` });
      expect(r.code).toBe(200);
    }
    expect((await save(u.token, { currencyType: 'ETH', address: `0x${'f'.repeat(40)}` })).status).toBe(422);
  });
});
