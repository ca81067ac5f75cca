import { expect, test, type Page } from '@playwright/test';
import { get, operator, post, register } from './api';
import { backOfficePage } from './backOffice';
import { documentPng, pngFile } from './png';
import { launch, screen, shot, uniqueName } from './support';

// The back office's content and service screens, each with the investor's side of it: the chat
// round trip live in both directions, an article from the editor to the news list, a notice to one
// investor's notices and the published app version.

/** The unread count in the nav (0 when the badge is not shown). */
async function navUnread(ops: Page): Promise<number> {
  const badge = ops.getByTestId('bo-nav-chat-unread');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

/** Fails the test on any dialog a page opens (an injected script would `alert`). */
function forbidDialogs(page: Page, seen: string[]) {
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
}

test('chat: the investor writes, the operator sees it live, answers with text and an image, and the history survives a reload', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const investor = await register(request, 'chat_');
  const ops = await backOfficePage(browser, baseURL);

  await ops.getByTestId('bo-nav-chat').click();
  await expect(ops.getByTestId('bo-chat')).toBeVisible();
  await expect(ops.getByTestId('bo-chat-live')).toHaveAttribute('data-status', 'live');
  // Wait for the badge query to settle before reading it.
  await ops.waitForLoadState('networkidle');
  const unreadBefore = await navUnread(ops);

  // ---- the investor writes from the app ----
  await launch(page, investor.token);
  await page.goto('/#/pages/service/chat');
  await expect(page.getByTestId('chat-page')).toBeVisible();
  const question = `Is my deposit on its way? (${investor.username})`;
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message').filter({ hasText: question })).toHaveAttribute('data-from', 'user');

  // ---- the conversation appears in the console without a reload, unread ----
  const row = ops.getByTestId('bo-chat-conversation').filter({ hasText: investor.username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(question);
  await expect(row.getByTestId('bo-chat-unread')).toHaveText('1');
  await expect(ops.getByTestId('bo-nav-chat-unread')).toHaveText(String(unreadBefore + 1));
  await screen(ops, 'operator-chat-list');

  await row.click();
  await expect(ops).toHaveURL(/#\/chat\/\d+/);
  const asked = ops.getByTestId('bo-chat-message').filter({ hasText: question });
  await expect(asked).toHaveAttribute('data-from', 'user');
  // Opening it reads it: the badges go down for every operator.
  await expect(row.getByTestId('bo-chat-unread')).toHaveCount(0);
  if (unreadBefore === 0) await expect(ops.getByTestId('bo-nav-chat-unread')).toHaveCount(0);
  else await expect(ops.getByTestId('bo-nav-chat-unread')).toHaveText(String(unreadBefore));
  // ... and the investor's message shows as read in the app.
  await expect(page.getByTestId('chat-message').filter({ hasText: question })).toHaveAttribute('data-read', 'true');

  // ---- the operator answers; the investor sees it at once ----
  const answer = 'Hello! Your deposit was approved this morning and is in your funding account.';
  await ops.getByTestId('bo-chat-input').fill(answer);
  await ops.getByTestId('bo-chat-send').click();
  await expect(ops.getByTestId('bo-chat-input')).toHaveValue('');
  const answered = ops.getByTestId('bo-chat-message').filter({ hasText: answer });
  await expect(answered).toHaveAttribute('data-from', 'operator');
  await expect(page.getByTestId('chat-message').filter({ hasText: answer })).toHaveAttribute('data-from', 'operator');
  // The app has it on screen, so it is read: the tick turns in the console.
  await expect(answered.getByTestId('bo-chat-tick')).toHaveText(/Read/);

  // ---- an image: uploaded with the operator's token, shown on both sides ----
  await ops.getByTestId('bo-chat-image-input').setInputFiles(pngFile('statement.png', documentPng()));
  const sentImage = ops.getByTestId('bo-chat-message').getByTestId('bo-chat-image');
  await expect(sentImage).toHaveCount(1);
  await expect.poll(() => sentImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(360);
  const received = page.getByTestId('chat-message').filter({ has: page.getByTestId('chat-image') });
  await expect(received).toHaveCount(1);
  await expect(received).toHaveAttribute('data-from', 'operator');
  await expect.poll(() => received.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(ops.getByTestId('bo-chat-pending')).toHaveCount(0);
  await screen(ops, 'operator-chat');
  await shot(page, 'chat-with-operator');

  // ---- the investor reloads: the whole conversation is still there ----
  await page.reload();
  await expect(page.getByTestId('chat-message').filter({ hasText: question })).toHaveCount(1);
  await expect(page.getByTestId('chat-message').filter({ hasText: answer })).toHaveCount(1);
  await expect(page.getByTestId('chat-message').filter({ has: page.getByTestId('chat-image') })).toHaveCount(1);

  // ---- a service request of the same investor links to this conversation ----
  const serviceText = `Please call me back about my deposit (${investor.username})`;
  await post(request, '/userCenter/apply/service', investor.token, { type: 'deposit', content: serviceText });
  await ops.getByTestId('bo-nav-service').click();
  const serviceRow = ops.getByTestId('bo-service-row').filter({ hasText: serviceText });
  await serviceRow.getByTestId('bo-service-chat').click();
  await expect(ops).toHaveURL(/#\/chat\/\d+$/);
  await expect(ops.getByTestId('bo-chat-message').filter({ hasText: answer })).toHaveCount(1);
  await ops.context().close();
});

test('an article written in the editor is sanitised, published and read in Dutch in the app without any script running', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const ops = await backOfficePage(browser, baseURL, await operator(request));
  const dialogs: string[] = [];
  forbidDialogs(ops, dialogs);

  const slug = uniqueName('fees-explained-').replace(/_/g, '-').toLowerCase();
  const english = { title: `How fees work ${slug.slice(-6)}`, summary: 'What a trade costs, in plain words.', body: '' };
  english.body = [
    '<p>Every trade has a <strong>spread</strong> and no other fee.</p>',
    '<script>window.__xss = "script"; alert("script ran")</script>',
    '<img src="x" onerror="window.__xss = \'onerror\'; alert(\'onerror ran\')">',
    '<p>Questions? Ask customer service.</p>',
  ].join('\n');
  const dutch = {
    title: `Zo werken de kosten ${slug.slice(-6)}`,
    summary: 'Wat een transactie kost, in gewone woorden.',
    body: '<p>Elke transactie heeft een <em>spread</em> en verder geen kosten.</p>\n<script>alert("nl script ran")</script>\n<img src="y" onerror="alert(\'nl onerror\')">',
  };

  await ops.getByTestId('bo-nav-articles').click();
  await expect(ops.getByTestId('bo-articles')).toBeVisible();
  await expect(ops.getByTestId('bo-article-row').first()).toBeVisible();
  await screen(ops, 'operator-articles');

  // Shipped articles can be edited but not deleted.
  await ops.getByTestId('bo-article-row').filter({ hasText: 'welcome' }).first().click();
  await expect(ops.getByTestId('bo-article-editor')).toBeVisible();
  await expect(ops.getByTestId('bo-article-title')).not.toHaveValue('');
  await expect(ops.getByTestId('bo-article-delete')).toHaveCount(0);
  await ops.getByTestId('bo-nav-articles').click();

  await ops.getByTestId('bo-article-new').click();
  await ops.getByTestId('bo-article-category').selectOption('news');
  await ops.getByTestId('bo-article-status').selectOption('published');
  await ops.getByTestId('bo-article-tab-en').click();
  // Refusals name their fields: an empty title, then a slug another article has.
  await ops.getByTestId('bo-article-save').click();
  await expect(ops.getByTestId('bo-article-error')).toContainText('Please fill in the required information');
  await expect(ops.locator('.field', { has: ops.getByTestId('bo-article-title') }).locator('.field-error')).toHaveText(
    'Please fill in the required information',
  );
  await ops.getByTestId('bo-article-slug').fill('welcome');
  await ops.getByTestId('bo-article-title').fill(english.title);
  await ops.getByTestId('bo-article-body').fill('<p>draft</p>');
  await ops.getByTestId('bo-article-save').click();
  await expect(ops.locator('.field', { has: ops.getByTestId('bo-article-slug') }).locator('.field-error')).toHaveText('Another article already uses this slug');
  await expect(ops).toHaveURL(/#\/articles\/new$/);
  await ops.getByTestId('bo-article-slug').fill(slug);
  await ops.getByTestId('bo-article-summary').fill(english.summary);
  await ops.getByTestId('bo-article-body').fill(english.body);
  // The toolbar wraps the selection in tags.
  await ops.getByTestId('bo-article-body').press('End');
  await ops.getByTestId('bo-article-tool-bold').click();
  await expect(ops.getByTestId('bo-article-body')).toHaveValue(/<strong>bold text<\/strong>$/);
  await ops.getByTestId('bo-article-body').fill(english.body);

  // The preview is the server's sanitised HTML in a frame that can run nothing.
  const preview = ops.getByTestId('bo-article-preview');
  await expect(preview).toHaveAttribute('sandbox', '');
  await expect(preview).toHaveAttribute('data-ready', 'true');
  await expect(preview).toHaveAttribute('srcdoc', /Every trade has a <strong>spread<\/strong>/);
  const srcdoc = (await preview.getAttribute('srcdoc')) ?? '';
  expect(srcdoc).not.toMatch(/<script/i);
  expect(srcdoc).not.toMatch(/onerror/i);
  expect(srcdoc).not.toContain('window.__xss');
  await expect(ops.frameLocator('[data-testid="bo-article-preview"]').getByText('Questions? Ask customer service.')).toBeVisible();

  await ops.getByTestId('bo-article-tab-nl').click();
  await ops.getByTestId('bo-article-add-language').click();
  await ops.getByTestId('bo-article-title').fill(dutch.title);
  await ops.getByTestId('bo-article-summary').fill(dutch.summary);
  await ops.getByTestId('bo-article-body').fill(dutch.body);
  await expect(preview).toHaveAttribute('data-ready', 'true');
  await expect(preview).toHaveAttribute('srcdoc', /Elke transactie heeft een <em>spread<\/em>/);
  expect((await preview.getAttribute('srcdoc')) ?? '').not.toMatch(/<script|onerror/i);
  await ops.evaluate(() => window.scrollTo(0, 0));
  await screen(ops, 'operator-article-editor');

  await ops.getByTestId('bo-article-save').click();
  await expect(ops).toHaveURL(/#\/articles\/\d+$/);
  await expect(ops.getByRole('heading', { name: english.title })).toBeVisible();
  // What was stored is the sanitised body.
  await expect(ops.getByTestId('bo-article-body')).not.toHaveValue(/<script|onerror/i);
  await expect(ops.getByTestId('bo-article-delete')).toBeVisible();

  await ops.getByTestId('bo-nav-articles').click();
  const row = ops.getByTestId('bo-article-row').filter({ hasText: english.title });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('bo-article-lang-en')).toHaveAttribute('data-present', 'true');
  await expect(row.getByTestId('bo-article-lang-nl')).toHaveAttribute('data-present', 'true');
  await expect(row.getByTestId('bo-article-lang-zh_Hans_CN')).toHaveAttribute('data-present', 'false');
  await expect(row).toContainText('Published');
  expect(dialogs).toEqual([]);

  // ---- a Dutch reader finds it in the news of the home tab ----
  const appDialogs: string[] = [];
  forbidDialogs(page, appDialogs);
  await launch(page, null, 'nl');
  await page.goto('/#/pages/home/index');
  const item = page.getByTestId('home-news-list').getByTestId('news-item').filter({ hasText: dutch.title });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(dutch.summary);
  await shot(page, 'news-list-nl');
  await item.click();
  await expect(page.getByTestId('news-title')).toHaveText(dutch.title);
  await expect(page.getByTestId('news-body')).toContainText('Elke transactie heeft een spread en verder geen kosten.');
  const bodyHtml = await page.getByTestId('news-body').innerHTML();
  expect(bodyHtml).not.toMatch(/<script|onerror/i);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  await shot(page, 'news-detail-nl');
  expect(appDialogs).toEqual([]);

  // ---- written by an operator, so it can be deleted, after a confirmation ----
  await row.click();
  await ops.getByTestId('bo-article-delete').click();
  await ops.getByTestId('bo-confirm').click();
  await expect(ops).toHaveURL(/#\/articles$/);
  await expect(ops.getByTestId('bo-article-row').filter({ hasText: english.title })).toHaveCount(0);
  const gone = await (await page.request.get(`/web/article/${slug}`)).json();
  expect(gone.code).toBe(404);
  await ops.context().close();
});

test('a notice sent to one investor arrives among that investor’s notices', async ({ page, browser, baseURL, request }) => {
  const investor = await register(request, 'notice_');
  const found = await get(request, `/operator/users?q=${investor.username}`, await operator(request));
  const userId = found.list[0].id as number;
  const ops = await backOfficePage(browser, baseURL, await operator(request));

  await ops.getByTestId('bo-nav-notices').click();
  await expect(ops.getByTestId('bo-notices')).toBeVisible();

  // Broadcasting asks first and says how many accounts it reaches; cancelled here.
  await ops.getByTestId('bo-notice-target-all').check();
  await ops.getByTestId('bo-notice-title-en').fill('Maintenance on Sunday');
  await ops.getByTestId('bo-notice-body-en').fill('The app is unavailable from 02:00 to 03:00 UTC.');
  await ops.getByTestId('bo-notice-send').click();
  await expect(ops.getByTestId('bo-notice-audience')).toContainText(/up to \d+ accounts?/);
  await screen(ops, 'operator-notice-broadcast');
  await ops.getByRole('button', { name: 'Cancel' }).click();
  await expect(ops.getByTestId('bo-notice-audience')).toHaveCount(0);

  // A missing English text is refused before anything is sent.
  await ops.getByTestId('bo-notice-target-user').check();
  await ops.getByTestId('bo-notice-user').fill(String(userId));
  await expect(ops.getByTestId('bo-notice-recipient')).toContainText(investor.username);
  await ops.getByTestId('bo-notice-title-en').fill('');
  await ops.getByTestId('bo-notice-send').click();
  await expect(ops.getByText('Please fill in the English title')).toBeVisible();

  const title = `Your documents were received ${investor.username.slice(-5)}`;
  await ops.getByTestId('bo-notice-title-en').fill(title);
  await ops.getByTestId('bo-notice-body-en').fill('We will check them within one working day.');
  await ops.getByTestId('bo-notice-title-nl').fill(`Uw documenten zijn ontvangen ${investor.username.slice(-5)}`);
  await ops.getByTestId('bo-notice-body-nl').fill('We controleren ze binnen één werkdag.');
  await ops.evaluate(() => window.scrollTo(0, 0));
  await screen(ops, 'operator-notices');
  await ops.getByTestId('bo-notice-send').click();
  await expect(ops.getByTestId('bo-notice-result')).toContainText('Sent to 1 investor');

  await launch(page, investor.token);
  await page.goto('/#/pages/notice/index');
  const notice = page.getByTestId('notice-row').filter({ hasText: title });
  await expect(notice).toHaveCount(1);
  await notice.click();
  await expect(page.getByTestId('notice-title')).toHaveText(title);
  await expect(page.getByTestId('notice-body')).toHaveText('We will check them within one working day.');
  await ops.context().close();
});

test('publishing an app version that is not higher is refused; a higher one becomes current', async ({ browser, baseURL, request }) => {
  const config = await (await request.get('/web/appVersion/getPublishAppVersion')).json();
  const current = config.data.version.version as string;
  const [major, minor] = current.split('.').map(Number);
  const next = `${major}.${(minor ?? 0) + 1}.0`;

  const ops = await backOfficePage(browser, baseURL, await operator(request));
  await ops.getByTestId('bo-nav-appversion').click();
  await expect(ops.getByTestId('bo-appversion')).toBeVisible();
  await expect(ops.getByTestId('bo-appversion-current')).toContainText(current);
  await expect(ops.getByTestId('bo-appversion-row').first()).toContainText(current);

  await ops.getByTestId('bo-appversion-version').fill('1.0.0');
  await ops.getByTestId('bo-appversion-notes-en').fill('Nothing new.');
  await ops.getByTestId('bo-appversion-publish').click();
  await expect(ops.getByTestId('bo-appversion-error')).toHaveText(`The version must be higher than the published one (${current})`);
  await ops.evaluate(() => window.scrollTo(0, 0));
  await screen(ops, 'operator-appversion-refused');
  await expect(ops.getByTestId('bo-appversion-current')).toContainText(current);

  await ops.getByTestId('bo-appversion-version').fill(next);
  await ops.getByTestId('bo-appversion-notes-en').fill('Customer-service chat and news in the app.');
  await ops.getByTestId('bo-appversion-publish').click();
  await expect(ops.getByTestId('bo-appversion-published')).toContainText(next);
  await expect(ops.getByTestId('bo-appversion-current-version')).toHaveText(next);
  await expect(ops.getByTestId('bo-appversion-row').first()).toContainText(next);
  await expect(ops.getByTestId('bo-appversion-row').first()).toContainText('Customer-service chat and news in the app.');
  await ops.evaluate(() => window.scrollTo(0, 0));
  await screen(ops, 'operator-appversion');

  const after = await (await request.get('/web/appVersion/getPublishAppVersion')).json();
  expect(after.data.version.version).toBe(next);
  // The back office names itself by the published title.
  await expect(ops.getByTestId('bo-app-title')).toHaveText(after.data.title);
  await ops.context().close();
});
