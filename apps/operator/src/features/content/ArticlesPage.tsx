import { useQuery } from '@tanstack/react-query';
import { ARTICLE_CATEGORIES, type ArticleCategory } from '@tradeapp/contract';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../ui/Badges';
import { ClickableRow } from '../../ui/ClickableRow';
import { formatDateTime } from '../../ui/format';
import { Pagination } from '../../ui/Pagination';
import { Segmented } from '../../ui/Segmented';
import { Spinner } from '../../ui/Spinner';
import { TableRows } from '../../ui/States';
import { TableHead, type Column } from '../../ui/TableHead';
import { pageParam, useSearchUpdate } from '../../ui/useSearchUpdate';
import { ARTICLE_LOCALES, ARTICLES_PAGE_SIZE, articlesQueryOptions, CATEGORY_LABELS, type OperatorArticle, type ArticleStatus } from './api';

const COLUMNS: Column[] = [
  { label: 'Title' },
  { label: 'Category' },
  { label: 'Languages' },
  { label: 'Status' },
  { label: 'Published' },
  { label: 'Updated' },
];

const STATUS_OPTIONS: { value: ArticleStatus; label: string }[] = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];

function Languages({ article }: { article: OperatorArticle }) {
  return (
    <span className="lang-badges">
      {ARTICLE_LOCALES.map(({ locale, short, label }) => {
        const present = article.texts[locale] !== null;
        return (
          <span
            key={locale}
            className={`lang-badge${present ? '' : ' lang-badge-missing'}`}
            title={present ? label : `No ${label} version: readers see English`}
            data-testid={`bo-article-lang-${locale}`}
            data-present={present}
          >
            {short}
          </span>
        );
      })}
    </span>
  );
}

function isCategory(value: string | null): value is ArticleCategory {
  return (ARTICLE_CATEGORIES as readonly string[]).includes(value ?? '');
}

export function ArticlesPage() {
  const navigate = useNavigate();
  const [searchParams, update] = useSearchUpdate();
  const rawCategory = searchParams.get('category');
  const category = isCategory(rawCategory) ? rawCategory : undefined;
  const rawStatus = searchParams.get('status');
  const status = rawStatus === 'draft' || rawStatus === 'published' ? rawStatus : undefined;
  const page = pageParam(searchParams);
  const articles = useQuery(articlesQueryOptions({ category, status, page }));

  const open = (id: number) => void navigate(`/articles/${String(id)}`);

  return (
    <section className="page" data-testid="bo-articles">
      <header className="page-header">
        <div>
          <h1>Articles</h1>
          <p className="muted">News, guides and legal documents shown in the app, in English with Dutch and Chinese where written.</p>
        </div>
        <Link to="/articles/new" className="btn btn-primary" data-testid="bo-article-new">
          New article
        </Link>
      </header>

      <div className="toolbar">
        <Segmented
          label="Category"
          options={ARTICLE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }))}
          value={category}
          onChange={(value) => update({ category: value, page: undefined })}
          testId="bo-articles-category"
        />
        <Segmented
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(value) => update({ status: value, page: undefined })}
          testId="bo-articles-status"
        />
        {articles.isFetching && !articles.isPending && <Spinner label="Refreshing" />}
      </div>

      <div className="card">
        <table className="table table-hover">
          <TableHead columns={COLUMNS} />
          <tbody>
            <TableRows
              rows={articles.data?.list}
              colSpan={COLUMNS.length}
              query={articles}
              loadingLabel="Loading articles…"
              empty={category || status ? 'No article matches these filters.' : 'No articles yet.'}
            >
              {(article) => (
                <ClickableRow key={article.id} data-testid="bo-article-row" data-article-id={article.id} onOpen={() => open(article.id)}>
                  <td>
                    <div className="strong">{article.texts.en.title}</div>
                    {(article.slug || article.builtIn) && (
                      <div className="article-sub">
                        {article.slug && <span className="muted small mono">{article.slug}</span>}
                        {article.builtIn && (
                          <span className="tag tag-flat" title="Shipped with the app: it can be unpublished but not deleted">
                            built-in
                          </span>
                        )}
                      </div>
                    )}
                  </td>
                  <td>
                    <span className="tag tag-flat">{CATEGORY_LABELS[article.category]}</span>
                  </td>
                  <td>
                    <Languages article={article} />
                  </td>
                  <td>{article.status === 'published' ? <Badge tone="success">Published</Badge> : <Badge tone="neutral">Draft</Badge>}</td>
                  <td className="nowrap">{formatDateTime(article.publishTimestamp)}</td>
                  <td className="nowrap">
                    {formatDateTime(article.updateTimestamp)}
                    {article.updatedBy && <div className="muted small">{article.updatedBy}</div>}
                  </td>
                </ClickableRow>
              )}
            </TableRows>
          </tbody>
        </table>
        {articles.data && (
          <Pagination
            page={page}
            size={ARTICLES_PAGE_SIZE}
            total={articles.data.total}
            onPage={(next) => update({ page: String(next) })}
            disabled={articles.isFetching}
          />
        )}
      </div>
    </section>
  );
}
