// Over 400 lines: the content journeys share one signed-in investor, one operator and the set-up of their articles and chat.
import { expect, test, type APIRequestContext, type Page, type WebSocketRoute } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { SEED_ARTICLES } from '../../apps/server/src/modules/content/seed/catalogue';
import { EVA, get, operator, PASSWORD, post, register, uploadApi, type User, verify } from './api';
import { documentPng, gradientPng, pngFile } from './png';
import { LANGUAGES, launch, shot, uniqueName } from './support';

// Content and service journeys of the investor app: news, legal documents, the web view, the
// invite page and the customer-service chat. Set-up and the operator's side go through the API;
// what the screens must show is read from the API in the same language, never written down here.

const WIRE = { en: 'en', nl: 'nl', 'zh-Hans': 'zh_Hans_CN' } as const;
type Ui = keyof typeof WIRE;

interface Summary {
  id: number;
  slug: string | null;
  category: string;
  title: string;
  fallback: boolean;
}

/** A public call in one language, as the app makes it (`languages` header). */
async function publicGet(request: APIRequestContext, path: string, ui: Ui) {
  const res = await request.get(`/web${path}`, { headers: { languages: WIRE[ui] } });
  const body = await res.json();
  expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

async function articleList(request: APIRequestContext, category: string, ui: Ui, size = 50): Promise<Summary[]> {
  const res = await request.post('/web/article/pageList', { headers: { languages: WIRE[ui] }, data: { category, size } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data.list;
}

/** Publishes an English-only news article as the operator; its id. */
async function englishOnlyNews(request: APIRequestContext, title: string, body: string): Promise<number> {
  const created = await post(request, '/operator/articles', await operator(request), {
    category: 'news',
    status: 'published',
    texts: { en: { title, summary: `${title}: only in English`, body } },
  });
  return created.id as number;
}

async function userId(request: APIRequestContext, user: User): Promise<number> {
  return (await get(request, '/api/user/info', user.token)).id as number;
}

const toast = (page: Page) => page.locator('.adm-toast-main');

/** The news the server ships (its seed), as opposed to articles other journeys write. */
const SHIPPED_NEWS: ReadonlySet<string> = new Set(SEED_ARTICLES.filter((a) => a.category === 'news').map((a) => a.slug));

test('news on the home tab in English, Dutch and Chinese, with the English fallback and article links', async ({ page, request }) => {
  const marker = uniqueName('Fallback ');
  const fallbackId = await englishOnlyNews(
    request,
    marker,
    '<h2>What changes</h2><p>Read <a href="/help/how-to-deposit">how to deposit</a> first; <a href="https://example.com/">this site</a> is not ours.</p><ul><li>One</li><li>Two</li></ul>',
  );
  // Enough news for a second page on the home tab.
  for (let i = 0; i < 5; i += 1) await englishOnlyNews(request, `${marker} extra ${i}`, `<p>Extra ${i}</p>`);

  for (const { ui, short } of LANGUAGES) {
    const news = await articleList(request, 'news', ui);
    const shipped = news.filter((a) => a.slug !== null && SHIPPED_NEWS.has(a.slug));
    expect(shipped.length, 'shipped news').toBeGreaterThan(0);
    // The shipped news exist in every language: no fallback.
    for (const article of shipped) expect(article.fallback, `${article.slug} in ${ui}`).toBe(false);

    await launch(page, null, ui);
    const section = page.getByTestId('home-news');
    await expect(section.getByTestId('news-item').first()).toBeVisible();
    await section.getByTestId('home-news-list').scrollIntoViewIfNeeded();
    // Newest first: the first page shows the newest news in this language.
    await expect(section.getByTestId('home-news-list').getByTestId('news-item').first()).toContainText(news[0]!.title);

    // "More" brings the older news, down to the shipped ones.
    const more = page.getByTestId('news-more');
    while (await more.isVisible()) {
      const before = await section.getByTestId('home-news-list').getByTestId('news-item').count();
      await more.click();
      await expect(section.getByTestId('home-news-list').getByTestId('news-item')).not.toHaveCount(before);
    }
    for (const article of shipped) await expect(section.locator(`[data-testid="news-item"][data-id="${article.id}"]`)).toContainText(article.title);
    // Articles shown in English for want of a translation say so in the list.
    const fallbackItem = section.locator(`[data-testid="news-item"][data-id="${fallbackId}"]`);
    await expect(fallbackItem.getByTestId('news-item-fallback')).toHaveCount(ui === 'en' ? 0 : 1);
    await fallbackItem.scrollIntoViewIfNeeded();
    await shot(page, `home-news-${short}`);
    // The guides follow the news.
    const guides = await articleList(request, 'guide', ui);
    expect(guides.length).toBeGreaterThan(0);
    await expect(page.getByTestId('home-guides').getByTestId('news-item').first()).toContainText(guides[0]!.title);

    // A shipped article in this language.
    const welcome = shipped[0]!;
    const full = await publicGet(request, `/article/${welcome.id}`, ui);
    await section.locator(`[data-testid="news-item"][data-id="${welcome.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`#/pages/news/detail\\?id=${welcome.id}$`));
    await expect(page.getByTestId('news-title')).toHaveText(full.title);
    await expect(page.getByTestId('news-body')).toBeVisible();
    expect((await page.getByTestId('news-body').innerText()).length).toBeGreaterThan(40);
    await expect(page.getByTestId('news-fallback')).toHaveCount(0);
    await shot(page, `news-detail-${short}`);

    // An article written only in English: shown in English, with the note in the UI language.
    await page.goto(`/#/pages/news/detail?id=${fallbackId}`);
    await expect(page.getByTestId('news-title')).toHaveText(marker);
    const fallback = await publicGet(request, `/article/${fallbackId}`, ui);
    expect(fallback.fallback).toBe(ui !== 'en');
    if (ui === 'en') await expect(page.getByTestId('news-fallback')).toHaveCount(0);
    else await expect(page.getByTestId('news-fallback')).toBeVisible();
    await shot(page, `news-fallback-${short}`);
  }

  // Links in an article: the help pages open in the web view, anything else is refused in place.
  await page.getByTestId('news-body').getByRole('link', { name: 'this site' }).click();
  await expect(toast(page)).toHaveText('该地址无法在应用内打开');
  await expect(page).toHaveURL(/#\/pages\/news\/detail/);
  await page.getByTestId('news-body').getByRole('link', { name: 'how to deposit' }).click();
  await expect(page).toHaveURL(/#\/pages\/webview\/index\?url=%2Fhelp%2Fhow-to-deposit/);
  await expect(page.getByTestId('webview-frame')).toBeVisible();

  // A missing article.
  await page.goto('/#/pages/news/detail?id=999999999');
  await expect(page.getByTestId('empty-state')).toBeVisible();
});

test('the protocol page shows the three legal documents from the server; registration links to them', async ({ page, request }) => {
  const slugs = { agreement: 'user-agreement', privacy: 'privacy-policy', risk: 'risk-disclosure' } as const;
  for (const { ui, short } of LANGUAGES) {
    await launch(page, null, ui);
    await page.goto('/#/pages/auth/protocol?type=agreement');
    for (const type of ['agreement', 'privacy', 'risk'] as const) {
      const doc = await publicGet(request, `/article/${slugs[type]}`, ui);
      expect(doc.fallback, `${type} in ${ui}`).toBe(false);
      await page.getByTestId(`protocol-tab-${type}`).click();
      await expect(page).toHaveURL(new RegExp(`type=${type}`));
      const panel = page.getByTestId(`protocol-${type}`);
      await expect(panel.getByTestId('protocol-title')).toHaveText(doc.title);
      expect((await panel.getByTestId('protocol-body').innerText()).length).toBeGreaterThan(200);
      if (ui === 'en' || type === 'agreement') await shot(page, `protocol-${type}-${short}`);
    }
  }

  await launch(page, null, 'en');
  await page.goto('/#/pages/auth/registerindividual');
  await page.getByTestId('link-risk').click();
  await expect(page).toHaveURL(/#\/pages\/auth\/protocol\?type=risk/);
  const risk = await publicGet(request, '/article/risk-disclosure', 'en');
  await expect(page.getByTestId('protocol-risk').getByTestId('protocol-title')).toHaveText(risk.title);
  await page.goBack();
  await page.getByTestId('link-agreement').click();
  await expect(page.getByTestId('protocol-agreement').getByTestId('protocol-title')).toBeVisible();
});

test('the web view opens the help pages of the allowlist and refuses anything else', async ({ page, request }) => {
  const config = await publicGet(request, '/appVersion/getPublishAppVersion', 'en');
  expect(config.webviewAllowlist).toContain('/help/');
  const external: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith('http://127.0.0.1')) external.push(req.url());
  });

  for (const { ui, short } of LANGUAGES) {
    await launch(page, null, ui);
    const guide = await publicGet(request, '/article/how-to-deposit', ui);
    await page.goto(`/#/pages/webview/index?url=${encodeURIComponent('/help/how-to-deposit')}&title=${encodeURIComponent(guide.title)}`);
    const frame = page.getByTestId('webview-frame');
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin allow-popups');
    await expect(page.getByTestId('webview-loading')).toHaveCount(0);
    // The help page is in the UI language.
    await expect(page.frameLocator('[data-testid="webview-frame"]').locator('h1')).toHaveText(guide.title);
    await shot(page, `webview-${short}`);

    for (const refused of ['https://example.com/', 'javascript:alert(1)', '//example.com/help/x', '/help/../pages/home/index', '/pages/home/index']) {
      await page.goto(`/#/pages/webview/index?url=${encodeURIComponent(refused)}`);
      await expect(page.getByTestId('webview-refused')).toBeVisible();
      await expect(page.getByTestId('webview-frame')).toHaveCount(0);
    }
    await shot(page, `webview-refused-${short}`);
  }
  expect(external, 'requests that left the app').toEqual([]);
});

test('the invite page: code, link, QR that decodes to the link, copy, and the friends who registered with it', async ({ page, request }) => {
  const inviter = await register(request, 'inv_');
  const me = await get(request, '/api/user/info', inviter.token);

  // Nobody has used the code yet.
  await launch(page, inviter.token);
  await page.goto('/#/pages/profile/share');
  await expect(page.getByTestId('share-invitees-empty')).toBeVisible();
  await shot(page, 'share-empty-en');

  // A friend registers with the code and is verified; another registers and is not.
  const friend = uniqueName('fr_');
  const signedUp = await post(request, '/register', null, { username: friend, password: PASSWORD, agreement: true, invitationCode: me.invitationCode });
  await verify(request, { username: friend, token: signedUp.token }, documentPng(), EVA);
  const second = uniqueName('fs_');
  await post(request, '/register', null, { username: second, password: PASSWORD, agreement: true, invitationCode: me.invitationCode });

  for (const { ui, short } of LANGUAGES) {
    await launch(page, inviter.token, ui);
    await page.goto('/#/pages/profile/share');
    await expect(page.getByTestId('share-code')).toHaveText(me.invitationCode);
    const link = (await page.getByTestId('share-link').innerText()).trim();
    expect(link).toContain(`invitationCode=${me.invitationCode}`);

    // The QR code, as a phone camera would read it from the screen.
    const png = PNG.sync.read(await page.getByTestId('share-qr').screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(link);

    const rows = page.getByTestId('share-invitee');
    await expect(rows).toHaveCount(2);
    // Newest first; names masked (first and last character).
    const [newest, older] = [rows.nth(0), rows.nth(1)];
    await expect(newest).toContainText(`${second[0]}***${second.at(-1)}`);
    await expect(older).toContainText(`${friend[0]}***${friend.at(-1)}`);
    await expect(page.getByTestId('share-invitees')).not.toContainText(friend);
    await expect(older.getByTestId('share-invitee-status')).toHaveAttribute('data-verified', 'true');
    await expect(newest.getByTestId('share-invitee-status')).toHaveAttribute('data-verified', 'false');
    await shot(page, `share-${short}`);
    await page.getByTestId('share-invitees').scrollIntoViewIfNeeded();
    await shot(page, `share-invitees-${short}`);
  }

  await page.getByTestId('share-copy-link').click();
  await expect(toast(page)).toHaveText('复制成功');

  // The link opens the registration with the code filled in.
  const link = (await page.getByTestId('share-link').innerText()).trim();
  await launch(page, null, 'en');
  await page.goto(link);
  await page.getByTestId('register-individual').click();
  await expect(page.getByTestId('reg-invite')).toHaveValue(me.invitationCode);
});

test('the country picker: search, pick, localised name on the profile', async ({ page, request }) => {
  const user = await register(request, 'area_');
  for (const { ui, short } of LANGUAGES) {
    const areas: Array<{ code: string; name: string; nameEn: string }> = await publicGet(request, '/areaInfo/list', ui);
    const nl = areas.find((a) => a.code === 'NL')!;
    await launch(page, user.token, ui);
    await page.goto('/#/pages/kyc/individual');
    await page.getByTestId('kyc-country').click();
    await expect(page.getByTestId('area-option-NL')).toBeAttached();
    await page.getByTestId('area-search').fill('Neth');
    await expect(page.getByTestId('area-option-NL')).toContainText(nl.name);
    await expect(page.getByTestId('area-option-DE')).toHaveCount(0);
    await shot(page, `area-picker-${short}`);
    await page.getByTestId('area-option-NL').click();
    await expect(page.getByTestId('kyc-country')).toHaveText(nl.name);
    await expect(page.getByTestId('kyc-country')).toHaveAttribute('data-value', 'NL');
  }

  // A verified user's country is shown by name.
  await verify(request, user, documentPng());
  const zh = (await publicGet(request, '/areaInfo/list', 'zh-Hans')).find((a: { code: string }) => a.code === 'NL').name;
  await page.goto('/#/pages/profile/index');
  await expect(page.getByTestId('profile-country')).toHaveText(zh);
});

test('customer-service chat: intro, live answers and read marks both ways, images, unread badge, no duplicate on retry', async ({ page, request }) => {
  const ops = await operator(request);
  for (const { ui, short } of LANGUAGES) {
    const fresh = await register(request, 'chat_');
    await launch(page, fresh.token, ui);
    await page.goto('/#/pages/profile/index');
    await page.getByTestId('profile-menu-service').click();
    await expect(page).toHaveURL(/#\/pages\/service\/chat/);
    await expect(page.getByTestId('chat-empty')).toBeVisible();
    await shot(page, `chat-empty-${short}`);
  }

  const user = await register(request, 'chat_');
  const id = await userId(request, user);
  const conversation = async () =>
    (await get(request, `/operator/chats/${id}/messages?size=100`, ops)).list as Array<{ id: number; from: string; text: string | null; read: boolean }>;

  await launch(page, user.token);
  await page.goto('/#/pages/service/chat');
  await expect(page.getByTestId('chat-empty')).toBeVisible();

  // The user writes; the operator reads it: the mark turns to read without a reload.
  await page.getByTestId('chat-input').fill('Hello, how long does a deposit take?');
  await page.getByTestId('chat-send').click();
  const mine = page.locator('[data-testid="chat-message"][data-from="user"]');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toHaveAttribute('data-read', 'false');
  await expect(page.getByTestId('chat-empty')).toHaveCount(0);
  await post(request, `/operator/chats/${id}/read`, ops, {});
  await expect(mine.first()).toHaveAttribute('data-read', 'true');

  // The operator answers: it arrives live, and being on screen it is read.
  await post(request, `/operator/chats/${id}/send`, ops, { text: 'Usually within one business day.' });
  const theirs = page.locator('[data-testid="chat-message"][data-from="operator"]');
  await expect(theirs).toHaveCount(1);
  await expect(theirs.first()).toContainText('Usually within one business day.');
  await expect.poll(async () => (await conversation()).find((m) => m.from === 'operator')?.read).toBe(true);

  // An image from the operator, and one from the user (compressed, uploaded, sent).
  const opsImage = await uploadApi(request, ops, gradientPng(300, 200), 'screenshot.png');
  await post(request, `/operator/chats/${id}/send`, ops, { imageUrl: opsImage, text: 'Like this screen.' });
  await expect(theirs).toHaveCount(2);
  await expect(theirs.nth(1).getByTestId('chat-image').locator('img')).toBeVisible();
  const uploaded = page.waitForResponse((res) => res.url().endsWith('/web/file/upload'));
  await page.getByTestId('chat-image-input').setInputFiles(pngFile('receipt.png', gradientPng(900, 600)));
  expect((await (await uploaded).json()).data.mime).toBe('image/jpeg');
  await expect(mine).toHaveCount(2);
  await expect(mine.nth(1).getByTestId('chat-image').locator('img')).toBeVisible();
  await expect(page.getByTestId('chat-pending')).toHaveCount(0);
  await expect.poll(async () => (await conversation()).filter((m) => m.from === 'user').length).toBe(2);

  // Tapping an image shows it large.
  await theirs.nth(1).getByTestId('chat-image').click();
  await expect(page.getByTestId('chat-viewer').locator('img')).toBeVisible();
  await page.getByTestId('chat-viewer').click();
  await expect(page.getByTestId('chat-viewer')).toHaveCount(0);

  // The connection drops before the message reaches the server: it is kept, and a retry sends it once.
  await page.route('**/web/chat/send', (route) => route.abort('internetdisconnected'));
  await page.getByTestId('chat-input').fill('Are you there?');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-pending')).toHaveAttribute('data-status', 'failed');
  await shot(page, 'chat-retry-en');
  await page.unroute('**/web/chat/send');
  await page.getByTestId('chat-retry').click();
  await expect(page.getByTestId('chat-pending')).toHaveCount(0);
  await expect(mine.filter({ hasText: 'Are you there?' })).toHaveCount(1);

  // The answer is lost on the way back after the server stored it: retrying does not duplicate.
  await page.route('**/web/chat/send', async (route) => {
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.getByTestId('chat-input').fill('Sent twice?');
  await page.getByTestId('chat-send').click();
  // The pushed copy of the stored message settles the bubble; else the user retries.
  await expect(async () => {
    if (await page.getByTestId('chat-retry').isVisible()) await page.getByTestId('chat-retry').click();
    await expect(page.getByTestId('chat-pending')).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.unroute('**/web/chat/send');
  await expect(mine.filter({ hasText: 'Sent twice?' })).toHaveCount(1);
  expect((await conversation()).filter((m) => m.text === 'Sent twice?')).toHaveLength(1);

  // Away from the chat, an answer shows as a badge on the profile entry and a toast.
  await page.goto('/#/pages/profile/index');
  // The chat screen stays mounted until the profile screen has loaded; a reply it showed would be read.
  await expect(page.getByTestId('chat-page')).toHaveCount(0);
  await expect(page.getByTestId('profile-menu-service')).toBeVisible();
  await expect(page.getByTestId('profile-service-badge')).toHaveCount(0);
  await post(request, `/operator/chats/${id}/send`, ops, { text: 'Anything else?' });
  await expect(toast(page)).toHaveText('Customer service replied');
  await expect(page.getByTestId('profile-service-badge')).toHaveText('1');
  await page.getByTestId('profile-menu-service').click();
  await expect(theirs.filter({ hasText: 'Anything else?' })).toHaveCount(1);
  await page.goBack();
  await expect(page.getByTestId('profile-service-badge')).toHaveCount(0);

  // The conversation is kept: a new session of the app shows it, in each language.
  const total = (await conversation()).length;
  for (const { ui, short } of LANGUAGES) {
    await launch(page, user.token, ui);
    await page.goto('/#/pages/service/chat');
    await expect(page.getByTestId('chat-message')).toHaveCount(total);
    await shot(page, `chat-${short}`);
  }
});

test('chat: what was written while the push socket was down arrives once it is back', async ({ page, request }) => {
  const ops = await operator(request);
  const user = await register(request, 'chatr_');
  const id = await userId(request, user);
  // The push socket goes through here, so the test can cut it and keep it down for a while.
  let up = true;
  let refused = 0;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/web\/push$/, (ws) => {
    if (!up) {
      refused += 1;
      void ws.close();
      return;
    }
    ws.connectToServer();
    sockets.push(ws);
  });

  await launch(page, user.token);
  await page.goto('/#/pages/service/chat');
  await expect(page.getByTestId('chat-empty')).toBeVisible();
  await post(request, `/operator/chats/${id}/send`, ops, { text: 'Live while connected.' });
  const theirs = page.locator('[data-testid="chat-message"][data-from="operator"]');
  await expect(theirs).toHaveCount(1);

  up = false;
  for (const ws of sockets.splice(0)) await ws.close();
  await post(request, `/operator/chats/${id}/send`, ops, { text: 'Written while you were away.' });
  // The app has tried to reconnect and been refused while the message was written.
  await expect.poll(() => refused, { timeout: 20_000 }).toBeGreaterThan(0);
  up = true;
  await expect(theirs.filter({ hasText: 'Written while you were away.' })).toHaveCount(1, { timeout: 20_000 });
  await expect(theirs).toHaveCount(2);
});

test('chat history pages: earlier messages load on demand', async ({ page, request }) => {
  const ops = await operator(request);
  const user = await register(request, 'chatp_');
  const id = await userId(request, user);
  for (let i = 1; i <= 35; i += 1) await post(request, `/operator/chats/${id}/send`, ops, { text: `Note ${i}` });

  await launch(page, user.token);
  await page.goto('/#/pages/service/chat');
  const messages = page.getByTestId('chat-message');
  await expect(messages).toHaveCount(30);
  await expect(messages.last()).toContainText('Note 35');
  // Scrolling up to the start loads the earlier page, and the view stays where the reader was.
  await page.getByTestId('chat-earlier').scrollIntoViewIfNeeded();
  await expect(messages).toHaveCount(35);
  await expect(messages.nth(5)).toContainText('Note 6');
  await expect(messages.nth(5)).toBeInViewport();
  await expect(messages.first()).toContainText('Note 1');
  await expect(page.getByTestId('chat-earlier')).toHaveCount(0);
});
