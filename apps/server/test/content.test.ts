// Over 400 lines: articles, guides, dictionaries, areas and versions share one seeded server per driver; split, each would seed again.
import { AREA_CODES, DICT_TYPES, LEGAL_SLUGS, LOCALES } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { sanitizeBody } from '../src/modules/content/sanitize';
import { SEED_ARTICLES } from '../src/modules/content/seed/catalogue';
import { en as seedEn } from '../src/modules/content/seed/en';
import { nl as seedNl } from '../src/modules/content/seed/nl';
import { seedArticles } from '../src/modules/content/seed/seed';
import { zhHansCN as seedZh } from '../src/modules/content/seed/zh-Hans';
import { createContentService } from '../src/modules/content/service';
import { call, countRows, drivers, OPERATOR, operatorToken, registerUser, startServer, unique, type Harness } from './harness';

const HELP_CSP = "default-src 'none'; img-src 'self' data: https:; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";
const GUIDES = ['how-to-deposit', 'margin-and-leverage', 'leverage-risk', 'withdrawals-and-kyc'];
const NEWS = ['welcome', 'simulated-market', 'trading-hours'];
const HOSTILE = [
  '<p style="color:red" class="x" onclick="steal()">Hello <strong>reader</strong></p>',
  '<script>alert("script")</script>',
  '<img src="x" onerror="alert(\'img\')">',
  '<a href="javascript:alert(\'link\')">click</a>',
  '<a href="JaVaScRiPt&#58;alert(1)">encoded</a>',
  '<iframe src="https://evil.example/">frame</iframe>',
  '<object data="x.swf">obj</object><form action="/steal"><input name="p"></form>',
  '<a href="https://example.com/more" target="_self">more</a> <a href="/help/welcome">relative</a>',
  '<img src="https://example.com/chart.png" alt="chart" width="300" style="border:1px">',
].join('');

const slug = () =>
  unique('art-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

describe('shipped texts', () => {
  it('pass the sanitiser unchanged in every language and exist for every shipped article', () => {
    for (const texts of [seedEn, seedNl, seedZh]) {
      expect(Object.keys(texts).sort()).toEqual(SEED_ARTICLES.map((a) => a.slug).sort());
      for (const t of Object.values(texts)) {
        expect(sanitizeBody(t.body)).toBe(t.body);
        expect(t.title.length).toBeGreaterThan(0);
        expect(t.summary.length).toBeGreaterThan(0);
      }
    }
  });

  it('refuses a web view prefix that is not an http(s) address, and roots a bare origin', () => {
    expect(() => loadConfig({ WEBVIEW_ALLOWLIST: 'javascript:alert(1)' })).toThrow(/WEBVIEW_ALLOWLIST/);
    expect(() => loadConfig({ WEBVIEW_ALLOWLIST: 'https://ok.example/, not a url' })).toThrow(/not a url/);
    expect(() => loadConfig({ WEBVIEW_ALLOWLIST: 'https://ok.example/?q=1' })).toThrow(/WEBVIEW_ALLOWLIST/);
    expect(loadConfig({ WEBVIEW_ALLOWLIST: ' https://Docs.Example.org , https://status.example.com/page/' }).WEBVIEW_ALLOWLIST).toEqual([
      'https://docs.example.org/',
      'https://status.example.com/page/',
    ]);
    expect(loadConfig({}).WEBVIEW_ALLOWLIST).toEqual([]);
  });
});

describe.each(await drivers())('content on %s', (driver) => {
  let h: Harness;
  let op: string;
  let investor: string;

  const write = (body: object, id?: number, token = op) =>
    call(h, 'POST', id === undefined ? '/web/operator/articles' : `/web/operator/articles/${id}`, { token, body });
  const article = (overrides: Record<string, unknown> = {}) => ({
    slug: slug(),
    category: 'news',
    status: 'published',
    texts: { en: { title: 'An English title', summary: 'In short', body: '<p>English body</p>' } },
    ...overrides,
  });
  const audit = async (action: string, targetId: number) =>
    (await call(h, 'GET', `/web/operator/audit?targetType=article&targetId=${targetId}`, { token: op })).data.list.filter(
      (e: { action: string }) => e.action === action,
    );

  const count = async (sql: string) => (await h.db.query<{ n: number }>(sql))[0]!.n;

  beforeAll(async () => {
    h = await startServer(driver, { WEBVIEW_ALLOWLIST: 'https://status.example.com/page/,https://docs.example.org' });
    op = await operatorToken(h);
    investor = (await registerUser(h)).token;
  });
  afterAll(() => h.close());

  it('ships the legal documents, guides and news in all three languages', async () => {
    const titles = { en: 'User Agreement', nl: 'Gebruikersovereenkomst', zh_Hans_CN: '用户协议' };
    for (const lang of LOCALES) {
      const legal = await call(h, 'GET', `/web/article/${LEGAL_SLUGS.agreement}`, { lang });
      expect(legal.data).toMatchObject({ slug: 'user-agreement', category: 'legal', title: titles[lang], language: lang, fallback: false });
      expect(legal.data.bodyHtml).toContain('<h2>');
      for (const [category, expected] of [
        ['legal', Object.values(LEGAL_SLUGS)],
        ['guide', GUIDES],
        ['news', NEWS],
      ] as const) {
        const list = await call(h, 'POST', '/web/article/pageList', { lang, body: { category, size: 100 } });
        expect(list.data.list.map((a: { slug: string }) => a.slug)).toEqual(expect.arrayContaining([...expected]));
        for (const item of list.data.list.filter((a: { slug: string }) => (expected as readonly string[]).includes(a.slug))) {
          expect(item).toMatchObject({ language: lang, fallback: false });
          expect(item.title.length).toBeGreaterThan(0);
        }
      }
    }
    const guide = await call(h, 'GET', '/web/article/margin-and-leverage', { lang: 'nl' });
    expect(guide.data.title).toBe('Zo werken marge en hefboom');
    expect(guide.data.bodyHtml).toContain('$4.989,50');
  });

  it('pages the published list newest first with its total', async () => {
    const created: number[] = [];
    for (let i = 0; i < 3; i++) created.push((await write(article({ texts: { en: { title: `Paged ${i}`, body: '<p>x</p>' } } }))).data.id);
    const n = await count("select count(*)::int as n from articles where status = 'published' and category = 'news'");
    const first = await call(h, 'POST', '/web/article/pageList', { body: { category: 'news', page: 1, size: 2 } });
    const second = await call(h, 'POST', '/web/article/pageList', { body: { category: 'news', page: 2, size: 2 } });
    expect(first.data).toMatchObject({ total: n, page: 1, size: 2 });
    expect(second.data).toMatchObject({ total: n, page: 2, size: 2 });
    expect(first.data.list.map((a: { id: number }) => a.id)).toEqual([created[2], created[1]]);
    expect(second.data.list[0].id).toBe(created[0]);
    const all = await call(h, 'POST', '/web/article/pageList', { body: { size: 100 } });
    expect(all.data.total).toBe(await count("select count(*)::int as n from articles where status = 'published'"));
    const times = all.data.list.map((a: { publishTimestamp: number }) => a.publishTimestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by category', async () => {
    await write(article({ category: 'guide' }));
    for (const category of ['news', 'guide', 'legal']) {
      const list = await call(h, 'POST', '/web/article/pageList', { body: { category, size: 100 } });
      expect(list.data.list.length).toBeGreaterThan(0);
      expect(new Set(list.data.list.map((a: { category: string }) => a.category))).toEqual(new Set([category]));
    }
    const bad = await call(h, 'POST', '/web/article/pageList', { body: { category: 'gossip' } });
    expect([bad.status, bad.data.key]).toEqual([400, 'v.invalidValue']);
  });

  it('answers in the caller’s language and falls back to English', async () => {
    const only = await write(article());
    const nl = await call(h, 'GET', `/web/article/${only.data.id}`, { lang: 'nl' });
    expect(nl.data).toMatchObject({ title: 'An English title', language: 'en', fallback: true });

    const both = await write(
      article({
        texts: {
          en: { title: 'Opening hours', body: '<p>Open</p>' },
          nl: { title: 'Openingstijden', summary: 'Kort', body: '<p>Open</p>' },
        },
      }),
    );
    const dutch = await call(h, 'GET', `/web/article/${both.data.slug}`, { lang: 'nl' });
    expect(dutch.data).toMatchObject({ title: 'Openingstijden', summary: 'Kort', language: 'nl', fallback: false });
    const chinese = await call(h, 'GET', `/web/article/${both.data.slug}`, { lang: 'zh_Hans_CN' });
    expect(chinese.data).toMatchObject({ title: 'Opening hours', language: 'en', fallback: true });
    const list = await call(h, 'POST', '/web/article/pageList', { lang: 'nl', body: { size: 100 } });
    expect(list.data.list.find((a: { id: number }) => a.id === both.data.id)).toMatchObject({ title: 'Openingstijden', fallback: false });
    expect(list.data.list.find((a: { id: number }) => a.id === only.data.id)).toMatchObject({ title: 'An English title', fallback: true });
  });

  it('finds an article by number and by slug', async () => {
    const a = await write(article());
    const byId = await call(h, 'GET', `/web/article/${a.data.id}`);
    const bySlug = await call(h, 'GET', `/web/article/${a.data.slug}`);
    expect(byId.code).toBe(200);
    expect(bySlug.data).toEqual(byId.data);
    expect(byId.data).toMatchObject({ id: a.data.id, slug: a.data.slug, bodyHtml: '<p>English body</p>' });
    expect((await call(h, 'GET', '/web/article/no-such-article')).status).toBe(404);
    expect((await call(h, 'GET', '/web/article/99999999')).status).toBe(404);
    expect((await call(h, 'GET', '/web/article/Not_A_Slug')).status).toBe(400);
  });

  it('hides drafts from the public, shows them to operators, and dates the first publication', async () => {
    const draft = await write(article({ status: 'draft' }));
    expect(draft.data).toMatchObject({ status: 'draft', publishTimestamp: null, builtIn: false, updatedBy: OPERATOR.email });
    expect((await call(h, 'GET', `/web/article/${draft.data.id}`)).status).toBe(404);
    expect((await call(h, 'GET', `/web/article/${draft.data.slug}`)).status).toBe(404);
    const publicList = await call(h, 'POST', '/web/article/pageList', { body: { size: 100 } });
    expect(publicList.data.list.map((a: { id: number }) => a.id)).not.toContain(draft.data.id);
    const drafts = await call(h, 'GET', '/web/operator/articles?status=draft&size=100', { token: op });
    expect(drafts.data.list.map((a: { id: number }) => a.id)).toContain(draft.data.id);
    expect(drafts.data.list.every((a: { status: string }) => a.status === 'draft')).toBe(true);
    expect((await call(h, 'GET', `/web/operator/articles/${draft.data.id}`, { token: op })).data.texts.en.title).toBe('An English title');

    const input = article({ slug: draft.data.slug });
    const published = await write(input, draft.data.id);
    expect(published.data.publishTimestamp).toEqual(expect.any(Number));
    expect((await call(h, 'GET', `/web/article/${draft.data.id}`)).code).toBe(200);
    await write({ ...input, status: 'draft' }, draft.data.id);
    expect((await call(h, 'GET', `/web/article/${draft.data.id}`)).status).toBe(404);
    const again = await write(input, draft.data.id);
    expect(again.data.publishTimestamp).toBe(published.data.publishTimestamp);
  });

  it('keeps only what the sanitiser allows, in the article and on its help page', async () => {
    const before = await countRows(h, 'articles');
    const empty = await write(article({ texts: { en: { title: 'Only a script', body: '<script>alert(1)</script><iframe src="x"></iframe>' } } }));
    expect([empty.status, empty.data.key, empty.data.fields]).toEqual([400, 'v.fillRequired', { 'texts.en.body': 'v.fillRequired' }]);
    expect(await countRows(h, 'articles')).toBe(before);

    const a = await write(article({ texts: { en: { title: '<b>1 < 2</b> & "more"', summary: '<i>sum</i>', body: HOSTILE } } }));
    expect(a.code).toBe(200);
    expect(a.data.texts.en.title).toBe('1 < 2 & "more"');
    expect(a.data.texts.en.summary).toBe('sum');
    const served = (await call(h, 'GET', `/web/article/${a.data.id}`)).data.bodyHtml as string;
    expect(served).toBe(a.data.texts.en.body);
    for (const banned of ['<script', 'onerror', 'onclick', 'javascript', 'style=', 'class=', '<iframe', '<object', '<form', '<input', 'alert(', 'src="x"']) {
      expect(served.toLowerCase()).not.toContain(banned.toLowerCase());
    }
    expect(served).toContain('<p>Hello <strong>reader</strong></p>');
    expect(served).toContain('<a href="https://example.com/more" rel="noopener noreferrer" target="_blank">more</a>');
    expect(served).toContain('<a href="/help/welcome">relative</a>');
    expect(served).toContain('<img src="https://example.com/chart.png" alt="chart" width="300" />');

    const preview = await call(h, 'POST', '/web/operator/articles/preview', { token: op, body: { body: HOSTILE } });
    expect(preview.data.html).toBe(served);

    const res = await fetch(`${h.base}/help/${a.data.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toBe(HELP_CSP);
    const html = await res.text();
    expect(html.toLowerCase()).not.toContain('<script');
    expect(html).not.toContain('alert(');
    expect(html).toContain('<title>1 &lt; 2 &amp; &quot;more&quot;</title>');
    expect(html).toContain('<h1>1 &lt; 2 &amp; &quot;more&quot;</h1>');
    expect(html).toContain(served);
  });

  it('serves help pages in the asked language, and a 404 page for drafts and unknown slugs', async () => {
    const nl = await fetch(`${h.base}/help/${LEGAL_SLUGS.risk}?lang=nl`);
    const page = await nl.text();
    expect(page).toContain('<html lang="nl">');
    expect(page).toContain('<h1>Risicoverklaring</h1>');
    const zh = await (await fetch(`${h.base}/help/${LEGAL_SLUGS.risk}`, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } })).text();
    expect(zh).toContain('<h1>风险披露</h1>');
    const draft = await write(article({ status: 'draft' }));
    for (const path of [`/help/${draft.data.slug}`, '/help/no-such-page', '/help/Bad%20Slug']) {
      const res = await fetch(h.base + path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.headers.get('content-security-policy')).toBe(HELP_CSP);
      expect(await res.text()).toContain('Page not found');
    }
    // Everything else keeps the app's own policy, which may frame only itself and the allowlist.
    const other = await fetch(`${h.base}/web/openapi.json`);
    expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(other.headers.get('content-security-policy')).toContain("frame-src 'self' https://status.example.com https://docs.example.org");
  });

  it('keeps every operator route from investors and strangers, changing nothing', async () => {
    const target = (await write(article())).data.id;
    // The audit entries of content alone: the deals' lifecycle job audits its steps meanwhile.
    const tables = ['articles', 'article_texts', 'app_versions', "audit_log where target_type in ('article', 'app_version')"];
    const counts = await Promise.all(tables.map((t) => countRows(h, t)));
    const routes: Array<['GET' | 'POST', string, object?]> = [
      ['GET', '/web/operator/articles'],
      ['GET', `/web/operator/articles/${target}`],
      ['POST', '/web/operator/articles', article()],
      ['POST', `/web/operator/articles/${target}`, article({ status: 'draft' })],
      ['POST', `/web/operator/articles/${target}/delete`, {}],
      ['POST', '/web/operator/articles/preview', { body: '<p>x</p>' }],
      ['GET', '/web/operator/app-versions'],
      ['POST', '/web/operator/app-versions', { title: 'X', version: '99.0.0', notes: { en: 'x' } }],
    ];
    for (const [method, path, body] of routes) {
      const asInvestor = await call(h, method, path, { token: investor, body });
      expect([path, asInvestor.status, asInvestor.msg]).toEqual([path, 403, 'Operators only']);
      const anonymous = await call(h, method, path, { body });
      expect([path, anonymous.status]).toEqual([path, 401]);
    }
    expect(await Promise.all(tables.map((t) => countRows(h, t)))).toEqual(counts);
    expect((await call(h, 'GET', `/web/article/${target}`)).code).toBe(200);
  });

  it('refuses a slug another article uses, and numeric slugs', async () => {
    const a = await write(article());
    const b = await write(article());
    const before = await countRows(h, 'articles');
    const dup = await write(article({ slug: a.data.slug }));
    expect([dup.status, dup.data.key, dup.msg]).toEqual([409, 'e.slugTaken', 'Another article already uses this slug']);
    const renamed = await write(article({ slug: a.data.slug }), b.data.id);
    expect([renamed.status, renamed.data.key]).toEqual([409, 'e.slugTaken']);
    expect((await call(h, 'GET', `/web/operator/articles/${b.data.id}`, { token: op })).data.slug).toBe(b.data.slug);
    const numeric = await write(article({ slug: '2026' }));
    expect([numeric.status, numeric.data.fields]).toEqual([400, { slug: 'v.invalidValue' }]);
    const upper = await write(article({ slug: 'Not-Lower' }));
    expect([upper.status, upper.data.key]).toEqual([400, 'v.invalidValue']);
    const noEnglish = await write(article({ texts: { nl: { title: 'Alleen Nederlands', body: '<p>x</p>' } } }));
    expect(noEnglish.status).toBe(400);
    expect(await countRows(h, 'articles')).toBe(before);
  });

  it('replaces the languages on update and audits every write without the bodies', async () => {
    const a = await write(article({ texts: { en: { title: 'Two languages', body: '<p>en</p>' }, nl: { title: 'Twee talen', body: '<p>nl</p>' } } }));
    expect(a.data.texts.nl).toEqual({ title: 'Twee talen', summary: '', body: '<p>nl</p>' });
    const updated = await write(article({ slug: a.data.slug, category: 'guide', texts: { en: { title: 'One language', body: '<p>en</p>' } } }), a.data.id);
    expect(updated.data).toMatchObject({ category: 'guide', texts: { en: { title: 'One language' }, nl: null, zh_Hans_CN: null } });
    expect((await call(h, 'GET', `/web/article/${a.data.id}`, { lang: 'nl' })).data).toMatchObject({ title: 'One language', fallback: true });

    const [created] = await audit('article.create', a.data.id);
    expect(created).toMatchObject({
      actorName: OPERATOR.email,
      after: { slug: a.data.slug, category: 'news', status: 'published', languages: ['en', 'nl'], titles: { en: 'Two languages', nl: 'Twee talen' } },
    });
    const [update] = await audit('article.update', a.data.id);
    expect(update).toMatchObject({ before: { languages: ['en', 'nl'], category: 'news' }, after: { languages: ['en'], category: 'guide' } });
    expect(JSON.stringify([created, update])).not.toContain('<p>');
    expect((await write(article(), 99999999)).status).toBe(404);
  });

  it('deletes operators’ articles but refuses to delete or re-slug shipped ones', async () => {
    const legal = await call(h, 'GET', '/web/operator/articles?category=legal&size=100', { token: op });
    const agreement = legal.data.list.find((a: { slug: string }) => a.slug === LEGAL_SLUGS.agreement);
    expect(agreement).toMatchObject({ builtIn: true, status: 'published' });
    const refused = await call(h, 'POST', `/web/operator/articles/${agreement.id}/delete`, { token: op, body: {} });
    expect([refused.status, refused.data.key]).toEqual([422, 'e.builtInArticle']);
    const reslug = await write({ ...article({ slug: 'my-agreement', category: 'legal' }), texts: agreement.texts }, agreement.id);
    expect([reslug.status, reslug.data.fields]).toEqual([400, { slug: 'e.builtInLocked' }]);
    expect((await call(h, 'GET', `/web/article/${LEGAL_SLUGS.agreement}`)).code).toBe(200);

    const own = await write(article());
    const removed = await call(h, 'POST', `/web/operator/articles/${own.data.id}/delete`, { token: op, body: {} });
    expect(removed.data).toEqual({ removed: 1 });
    expect((await call(h, 'GET', `/web/article/${own.data.id}`)).status).toBe(404);
    expect((await call(h, 'GET', `/web/operator/articles/${own.data.id}`, { token: op })).status).toBe(404);
    expect((await call(h, 'POST', `/web/operator/articles/${own.data.id}/delete`, { token: op, body: {} })).status).toBe(404);
    const [entry] = await audit('article.delete', own.data.id);
    expect(entry.before).toMatchObject({ slug: own.data.slug, titles: { en: 'An English title' } });
  });

  it('labels every dictionary type in three languages', async () => {
    const byLang: Record<string, any[]> = {};
    for (const lang of LOCALES) byLang[lang] = (await call(h, 'GET', '/web/dict/data', { lang })).data;
    expect(new Set(byLang.en!.map((i) => i.type))).toEqual(new Set(DICT_TYPES));
    const label = (lang: string, type: string, value: string) => byLang[lang]!.find((i) => i.type === type && i.value === value)?.label;
    expect([label('en', 'orderDirection', '0'), label('nl', 'orderDirection', '0'), label('zh_Hans_CN', 'orderDirection', '0')]).toEqual([
      'Buy',
      'Kopen',
      '买入',
    ]);
    expect([label('en', 'kycStatus', '3'), label('nl', 'kycStatus', '3'), label('zh_Hans_CN', 'kycStatus', '3')]).toEqual([
      'Verified',
      'Geverifieerd',
      '已认证',
    ]);
    expect([label('en', 'walletCode', 'BALANCE'), label('nl', 'walletCode', 'BALANCE'), label('zh_Hans_CN', 'walletCode', 'BALANCE')]).toEqual([
      'Funding account',
      'Hoofdrekening',
      '资金账户',
    ]);
    expect(label('en', 'billType', 'position.liquidate')).toBe('Position liquidated');
    for (const lang of LOCALES) {
      const items = byLang[lang]!;
      expect(items.map((i) => `${i.type}:${i.value}`)).toEqual(byLang.en!.map((i) => `${i.type}:${i.value}`));
      expect(items.every((i) => typeof i.label === 'string' && i.label.length > 0)).toBe(true);
    }
    expect(byLang.nl!.filter((i, k) => i.label !== byLang.en![k].label).length).toBeGreaterThan(byLang.nl!.length / 2);

    const some = await call(h, 'GET', '/web/dict/data?type=kycStatus,billType');
    expect(new Set(some.data.map((i: { type: string }) => i.type))).toEqual(new Set(['kycStatus', 'billType']));
    expect(some.data.filter((i: { type: string }) => i.type === 'kycStatus').map((i: { sort: number }) => i.sort)).toEqual([1, 2, 3, 4]);
    const bad = await call(h, 'GET', '/web/dict/data?type=kycStatus,nope');
    expect([bad.status, bad.data.key]).toEqual([400, 'v.invalidValue']);
  });

  it('names every area in the caller’s language with its dialling code, sorted by that name', async () => {
    for (const lang of LOCALES) {
      const areas = (await call(h, 'GET', '/web/areaInfo/list', { lang })).data as Array<{
        code: string;
        name: string;
        nameEn: string;
        dialCode: string | null;
      }>;
      expect(areas).toHaveLength(250);
      expect(new Set(areas.map((a) => a.code))).toEqual(new Set(AREA_CODES));
      const collator = new Intl.Collator(lang.replace(/_/g, '-'));
      expect(areas.map((a) => a.name)).toEqual(areas.map((a) => a.name).sort(collator.compare));
      const nl = areas.find((a) => a.code === 'NL')!;
      expect(nl).toMatchObject({ nameEn: 'Netherlands', dialCode: '31', name: { en: 'Netherlands', nl: 'Nederland', zh_Hans_CN: '荷兰' }[lang] });
      expect(areas.find((a) => a.code === 'AQ')!.dialCode).toBeNull();
      expect(areas.find((a) => a.code === 'US')!.dialCode).toBe('1');
      expect(areas.every((a) => a.name.length > 0 && a.nameEn.length > 0)).toBe(true);
    }
  });

  it('tells the app its title, version and web view allowlist, and publishes only higher versions', async () => {
    const first = await call(h, 'GET', '/web/appVersion/getPublishAppVersion', { lang: 'nl' });
    expect(first.data).toMatchObject({
      title: 'Meridian Markets',
      version: { version: '1.0.0', forceUpdate: false },
      webviewAllowlist: ['/help/', 'https://status.example.com/page/', 'https://docs.example.org/'],
    });
    expect(first.data.version.notes).toMatch(/^Eerste versie/);

    const publish = (version: string, notes: object = { en: `Release ${version}` }) =>
      call(h, 'POST', '/web/operator/app-versions', { token: op, body: { title: 'Meridian Markets', version, notes } });
    const versions = await countRows(h, 'app_versions');
    for (const version of ['1.0.0', '0.9.9']) {
      const r = await publish(version);
      expect([r.status, r.data.key, r.msg]).toEqual([422, 'e.versionNotHigher', 'The version must be higher than the published one (1.0.0)']);
    }
    expect((await publish('v2')).data.key).toBe('v.invalidValue');
    expect(await countRows(h, 'app_versions')).toBe(versions);

    const ten = await publish('1.0.10', { en: 'Ten', nl: 'Tien', zh_Hans_CN: '十' });
    expect(ten.data).toMatchObject({ version: '1.0.10', notes: 'Ten', title: 'Meridian Markets' });
    const nine = await call(h, 'POST', '/web/operator/app-versions', {
      token: op,
      lang: 'zh_Hans_CN',
      body: { title: 'Meridian Markets', version: '1.0.9', notes: { en: 'x' } },
    });
    expect([nine.status, nine.msg]).toEqual([422, '版本号必须高于已发布的版本（1.0.10）']);

    const next = await call(h, 'POST', '/web/operator/app-versions', {
      token: op,
      body: { title: 'Meridian Markets Pro', version: '1.1.0', notes: { en: 'Only English notes', nl: '  ' }, forceUpdate: true },
    });
    expect(next.code).toBe(200);
    const now = await call(h, 'GET', '/web/appVersion/getPublishAppVersion', { lang: 'nl' });
    expect(now.data).toMatchObject({ title: 'Meridian Markets Pro', version: { version: '1.1.0', notes: 'Only English notes', forceUpdate: true } });

    const list = await call(h, 'GET', '/web/operator/app-versions', { token: op });
    expect(list.data.list.map((v: { version: string }) => v.version).slice(0, 3)).toEqual(['1.1.0', '1.0.10', '1.0.0']);
    expect(list.data.list[0]).toMatchObject({ notesByLocale: { en: 'Only English notes', nl: null, zh_Hans_CN: null }, publishedBy: OPERATOR.email });
    expect(list.data.list[1].notesByLocale).toEqual({ en: 'Ten', nl: 'Tien', zh_Hans_CN: '十' });
    const log = await call(h, 'GET', `/web/operator/audit?targetType=app_version&targetId=${next.data.id}`, { token: op });
    expect(log.data.list[0]).toMatchObject({ action: 'appVersion.publish', before: { version: '1.0.10' }, after: { version: '1.1.0', forceUpdate: true } });
  });

  it('seeds once when nodes start together, and keeps operators’ edits of shipped articles', async () => {
    const config = loadConfig({ DATA_DIR: h.dataDir });
    const welcome = (await call(h, 'GET', '/web/operator/articles?category=news&size=100', { token: op })).data.list.find(
      (a: { slug: string }) => a.slug === 'welcome',
    );
    const edited = { slug: 'welcome', category: 'news', status: 'published', texts: { ...welcome.texts, en: { ...welcome.texts.en, title: 'Hello from us' } } };
    expect((await write(edited, welcome.id)).code).toBe(200);
    // An older release's text of an article nobody edited is brought up to date.
    await h.db.query(
      "update article_texts set title = 'Old title' where locale = 'en' and article_id = (select id from articles where slug = 'trading-hours')",
    );

    // The same release starting again reads one digest and changes nothing.
    expect(await createContentService(h.db, config).seed()).toEqual({ added: 0, refreshed: 0 });
    expect((await call(h, 'GET', '/web/article/trading-hours')).data.title).toBe('Old title');
    // A release whose shipped texts differ (here: the stored digest is an older one's) refreshes.
    await h.db.query("update content_seed set digest = 'an older release'");
    const rerun = await createContentService(h.db, config).seed();
    expect(rerun).toEqual({ added: 0, refreshed: 1 });
    expect((await call(h, 'GET', '/web/article/welcome')).data.title).toBe('Hello from us');
    expect((await call(h, 'GET', '/web/article/trading-hours')).data.title).toBe('Trading hours and holidays');

    // An empty database seen by two nodes at once: each article and the first version land once.
    await h.db.query('delete from articles where built_in');
    await h.db.query('delete from app_versions');
    await h.db.query('delete from content_seed');
    await Promise.all([createContentService(h.db, config).seed(), createContentService(h.db, config).seed()]);
    expect(await count('select count(*)::int as n from articles where built_in')).toBe(SEED_ARTICLES.length);
    expect(await count('select count(*)::int as n from article_texts join articles a on a.id = article_id where a.built_in')).toBe(SEED_ARTICLES.length * 3);
    expect(await countRows(h, 'app_versions')).toBe(1);
    expect(await h.db.tx((sql) => seedArticles(sql))).toEqual({ added: 0, refreshed: 0 });
  });
});
