import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBankCard } from '../src/modules/bankCards/service';
import { pngBytes } from './fixtures';
import { call, countRows, drivers, registerUser, startServer, type Harness } from './harness';

const CARD = {
  bankName: 'ING Bank',
  accountName: 'Jan de Vries',
  cardNumber: 'nl91 abna 0417 1643 00',
  swiftCode: 'ingb nl2a',
};

describe.each(await drivers())('bank cards on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer(driver);
  });
  afterAll(() => h.close());

  async function upload(token: string) {
    const form = new FormData();
    form.append('file', new Blob([pngBytes()]), 'card.png');
    const r = await call<{ url: string }>(h, 'POST', '/web/file/upload', { form, token });
    expect(r.code).toBe(200);
    return r.data.url;
  }

  const list = async (token: string) => (await call(h, 'POST', '/web/UserAccount/SelectCardNo', { token, body: {} })).data as any[];

  it('adds a card, normalised, and returns the number in full and masked to its owner', async () => {
    const u = await registerUser(h);
    const front = await upload(u.token);
    const r = await call(h, 'POST', '/web/UserAccount/addCardNo', {
      token: u.token,
      body: { ...CARD, frontImage: front, city: 'Amsterdam', abaRouting: '', country: 'nl' },
    });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      bankName: 'ING Bank',
      accountName: 'Jan de Vries',
      cardNumber: 'NL91ABNA0417164300',
      cardNumberMasked: '**************4300',
      swiftCode: 'INGBNL2A',
      city: 'Amsterdam',
      country: 'NL',
      abaRouting: null,
      branchCode: null,
      frontImage: front,
      backImage: null,
    });
    expect(await list(u.token)).toEqual([r.data]);
  });

  it.each([
    [{ ...CARD, bankName: undefined }, 'Please enter bank name', 'bankName'],
    [{ ...CARD, bankName: '   ' }, 'Please enter bank name', 'bankName'],
    [{ ...CARD, accountName: undefined }, 'Please enter bank account name', 'accountName'],
    [{ ...CARD, swiftCode: undefined }, 'Please enter BIC', 'swiftCode'],
    [{ ...CARD, swiftCode: 'ING1' }, 'Enter a valid BIC: 8 or 11 letters or digits', 'swiftCode'],
    [{ ...CARD, swiftCode: '12345678' }, 'Enter a valid BIC: 8 or 11 letters or digits', 'swiftCode'],
    [{ ...CARD, cardNumber: 'NL91-ABNA' }, 'Enter the account number or IBAN: 8 to 34 letters or digits', 'cardNumber'],
    [{ ...CARD, cardNumber: '1234567' }, 'Enter the account number or IBAN: 8 to 34 letters or digits', 'cardNumber'],
    [{ ...CARD, cardNumber: '9'.repeat(35) }, 'Enter the account number or IBAN: 8 to 34 letters or digits', 'cardNumber'],
    [{ ...CARD, abaRouting: '12345' }, 'An ABA routing number has 9 digits', 'abaRouting'],
    [{ ...CARD, country: 'Holland' }, 'Please select a country or region from the list', 'country'],
  ])('refuses %j with "%s" and stores nothing', async (body, msg, field) => {
    const u = await registerUser(h);
    const before = await countRows(h, 'bank_cards');
    const r = await call(h, 'POST', '/web/UserAccount/addCardNo', { token: u.token, body });
    expect([r.status, r.msg, r.data.fields[field]]).toEqual([400, msg, expect.any(String)]);
    expect(await countRows(h, 'bank_cards')).toBe(before);
  });

  it('updates only its own cards and keeps them out of other users’ lists', async () => {
    const a = await registerUser(h);
    const b = await registerUser(h);
    const card = (await call(h, 'POST', '/web/UserAccount/addCardNo', { token: a.token, body: CARD })).data;

    const changed = await call(h, 'POST', '/web/UserAccount/UpdateCardNo', {
      token: a.token,
      body: { ...CARD, id: card.id, bankName: 'ABN AMRO', cardNumber: 'NL02ABNA0123456789', swiftCode: 'ABNANL2AXXX' },
    });
    expect(changed.data).toMatchObject({ id: card.id, bankName: 'ABN AMRO', cardNumberMasked: '**************6789', swiftCode: 'ABNANL2AXXX' });

    expect(await list(b.token)).toEqual([]);
    const steal = await call(h, 'POST', '/web/UserAccount/UpdateCardNo', { token: b.token, body: { ...CARD, id: card.id, accountName: 'Thief' } });
    expect([steal.status, steal.msg]).toEqual([404, 'Not found']);
    const remove = await call(h, 'POST', '/web/UserAccount/delete-card', { token: b.token, body: { id: card.id } });
    expect(remove.status).toBe(404);
    const [mine] = await list(a.token);
    expect(mine).toMatchObject({ bankName: 'ABN AMRO', accountName: 'Jan de Vries' });
    const badUpdate = await call(h, 'POST', '/web/UserAccount/UpdateCardNo', { token: a.token, body: { ...CARD, id: card.id, swiftCode: 'X' } });
    expect(badUpdate.status).toBe(400);
  });

  it('removes a card from the list but keeps the row for past withdrawals', async () => {
    const a = await registerUser(h);
    const card = (await call(h, 'POST', '/web/UserAccount/addCardNo', { token: a.token, body: CARD })).data;
    expect(await findBankCard(h.db, a.id, card.id)).toMatchObject({ id: card.id, card_number: 'NL91ABNA0417164300' });
    const r = await call(h, 'POST', '/web/UserAccount/delete-card', { token: a.token, body: { id: card.id } });
    expect(r.data).toEqual({ removed: 1 });
    expect(await list(a.token)).toEqual([]);
    expect(await findBankCard(h.db, a.id, card.id)).toBeUndefined();
    const again = await call(h, 'POST', '/web/UserAccount/delete-card', { token: a.token, body: { id: card.id } });
    expect(again.status).toBe(404);
    const update = await call(h, 'POST', '/web/UserAccount/UpdateCardNo', { token: a.token, body: { ...CARD, id: card.id } });
    expect(update.status).toBe(404);
    const [row] = await h.db.query<{ deleted_at: Date | null }>('select deleted_at from bank_cards where id = $1', [card.id]);
    expect(row?.deleted_at).toBeInstanceOf(Date);
    // The same number may be added again once the old card is gone.
    expect((await call(h, 'POST', '/web/UserAccount/addCardNo', { token: a.token, body: CARD })).code).toBe(200);
  });

  it('accepts only the caller’s own uploads as card images', async () => {
    const a = await registerUser(h);
    const b = await registerUser(h);
    const aImage = await upload(a.token);
    const r = await call(h, 'POST', '/web/UserAccount/addCardNo', { token: b.token, body: { ...CARD, backImage: aImage } });
    expect([r.status, r.msg, r.data.fields]).toEqual([400, 'Please upload an image', { backImage: 'v.uploadImage' }]);
    const made = up(await call(h, 'POST', '/web/UserAccount/addCardNo', { token: b.token, body: CARD }));
    const u = await call(h, 'POST', '/web/UserAccount/UpdateCardNo', { token: b.token, body: { ...CARD, id: made.id, frontImage: aImage } });
    expect([u.status, u.data.fields]).toEqual([400, { frontImage: 'v.uploadImage' }]);
    const forged = await call(h, 'POST', '/web/UserAccount/addCardNo', {
      token: b.token,
      body: { ...CARD, cardNumber: 'DE89370400440532013000', frontImage: 'https://example.com/x.png' },
    });
    expect(forged.status).toBe(400);
    expect(await list(b.token)).toHaveLength(1);
  });

  it('refuses the same account number twice and more than ten cards', async () => {
    const u = await registerUser(h);
    expect((await call(h, 'POST', '/web/UserAccount/addCardNo', { token: u.token, body: CARD })).code).toBe(200);
    const twice = await call(h, 'POST', '/web/UserAccount/addCardNo', { token: u.token, body: { ...CARD, cardNumber: 'NL91ABNA0417164300' } });
    expect([twice.status, twice.data.fields]).toEqual([409, { cardNumber: 'e.cardExists' }]);
    for (let i = 1; i < 10; i++) {
      const r = await call(h, 'POST', '/web/UserAccount/addCardNo', { token: u.token, body: { ...CARD, cardNumber: `NL00BANK00000000${i}` } });
      expect(r.code).toBe(200);
    }
    const eleventh = await call(h, 'POST', '/web/UserAccount/addCardNo', { token: u.token, body: { ...CARD, cardNumber: 'NL00BANK0000000099' } });
    expect(eleventh.status).toBe(422);
    expect(await list(u.token)).toHaveLength(10);
  });

  it('needs a signed-in caller', async () => {
    expect((await call(h, 'POST', '/web/UserAccount/SelectCardNo', { body: {} })).status).toBe(401);
    expect((await call(h, 'POST', '/web/UserAccount/addCardNo', { body: CARD })).status).toBe(401);
  });
});

function up<T>(r: { code: number; data: T }): T {
  expect(r.code).toBe(200);
  return r.data;
}
