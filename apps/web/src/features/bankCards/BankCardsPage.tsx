import '../../ui/money.css';
import { Button, Dialog } from 'antd-mobile';
import { AddOutline, BankcardOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { showToast } from '../../ui/toast';
import { cardsQuery, deleteCard, type BankCard } from './api';

/** The user's bank cards (withdrawal destinations): masked numbers, edit, delete with confirm. */
export default function BankCardsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cards = useQuery(cardsQuery());

  const remove = async (card: BankCard) => {
    const ok = await Dialog.confirm({
      content: t('bankCards.deleteConfirm', { bank: card.bankName, number: card.cardNumberMasked }),
      confirmText: <span data-testid="bcard-delete-confirm">{t('bankCards.delete')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await deleteCard(card.id);
    showToast(t('bankCards.deleted'), 'success');
  };

  let body;
  if (cards.isPending) body = <div className="card sk-card" aria-busy="true" />;
  else if (cards.isError) body = <EmptyState kind="records" title={t('money.loadFailed')} onRetry={() => void cards.refetch()} />;
  else if (cards.data.length === 0) body = <EmptyState kind="records" title={t('bankCards.empty')} body={t('bankCards.emptyBody')} />;
  else
    body = cards.data.map((card) => (
      <section key={card.id} className="card bank-card" data-testid="bcard-row" data-id={card.id}>
        <div className="bank-card-head">
          <span className="bank-card-icon">
            <BankcardOutline />
          </span>
          <div className="bank-card-name">
            <div className="bank-card-bank" data-testid="bcard-bank">
              {card.bankName}
            </div>
            <div className="bank-card-holder">{card.accountName}</div>
          </div>
        </div>
        <div className="bank-card-number" data-testid="bcard-number">
          {card.cardNumberMasked}
        </div>
        <div className="bank-card-foot">
          <span>BIC {card.swiftCode}</span>
          <span className="bank-card-actions">
            <button type="button" className="copy-chip" data-testid={`bcard-edit-${card.id}`} onClick={() => void navigate(paths.bankCards.form(card.id))}>
              {t('bankCards.edit')}
            </button>
            <button type="button" className="copy-chip danger" data-testid={`bcard-delete-${card.id}`} onClick={() => void remove(card)}>
              {t('bankCards.delete')}
            </button>
          </span>
        </div>
      </section>
    ));

  return (
    <Page title={t('titles.bcardIndex')} className="money-page">
      <Refreshable onRefresh={() => cards.refetch()}>
        {body}
        <div className="form-page">
          <Button
            block
            shape="rounded"
            size="large"
            color="primary"
            fill="outline"
            data-testid="bcard-add"
            onClick={() => void navigate(paths.bankCards.form())}
          >
            <AddOutline /> {t('bankCards.add')}
          </Button>
        </div>
      </Refreshable>
    </Page>
  );
}
