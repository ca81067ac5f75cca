import '../../ui/money.css';
import { Button, Dialog } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { showToast } from '../../ui/toast';
import { addressesQuery, deleteAddress, type CryptoAddress } from './api';

/** Digital currency withdrawal addresses: currency type, address, label. */
export default function AddressesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const addresses = useQuery(addressesQuery());

  const remove = async (address: CryptoAddress) => {
    const ok = await Dialog.confirm({
      content: t('addresses.deleteConfirm', { type: address.currencyType }),
      confirmText: <span data-testid="vm-delete-confirm">{t('bankCards.delete')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await deleteAddress(address.id);
    showToast(t('addresses.deleted'), 'success');
  };

  let body;
  if (addresses.isPending) body = <div className="card sk-card" aria-busy="true" />;
  else if (addresses.isError) body = <EmptyState kind="records" title={t('money.loadFailed')} onRetry={() => void addresses.refetch()} />;
  else if (addresses.data.length === 0) body = <EmptyState kind="records" title={t('addresses.empty')} body={t('addresses.emptyBody')} />;
  else
    body = (
      <section className="card record-list">
        {addresses.data.map((address) => (
          <div key={address.id} className="record-row" data-testid="vm-row" data-id={address.id}>
            <div className="record-main">
              <div className="record-title">
                <span className="record-tag strong">{address.currencyType}</span> {address.label}
              </div>
              <div className="record-memo mono" data-testid="vm-address-text">
                {address.address}
              </div>
            </div>
            <div className="record-figures row-actions">
              <button type="button" className="copy-chip" data-testid={`vm-edit-${address.id}`} onClick={() => void navigate(paths.addresses.form(address.id))}>
                {t('bankCards.edit')}
              </button>
              <button type="button" className="copy-chip danger" data-testid={`vm-delete-${address.id}`} onClick={() => void remove(address)}>
                {t('bankCards.delete')}
              </button>
            </div>
          </div>
        ))}
      </section>
    );

  return (
    <Page title={t('titles.vmIndex')} className="money-page">
      <Refreshable onRefresh={() => addresses.refetch()}>
        {body}
        <div className="form-page">
          <Button block shape="rounded" size="large" color="primary" fill="outline" data-testid="vm-add" onClick={() => void navigate(paths.addresses.form())}>
            <AddOutline /> {t('addresses.add')}
          </Button>
        </div>
      </Refreshable>
    </Page>
  );
}
