import '../../ui/money.css';
import { ADDRESS_TYPE_NAMES, zAddressInput, type AddressType } from '@tradeapp/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, DotLoading } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { EmptyState } from '../../ui/EmptyState';
import { reportFormError } from '../../ui/forms';
import { Page } from '../../ui/Page';
import { SelectField, TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { addressesQuery, saveAddress, type CryptoAddress } from './api';

interface AddressForm {
  currencyType: AddressType;
  address: string;
  label?: string | undefined;
}

function AddressFormBody({ address }: { address: CryptoAddress | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<AddressForm, unknown, AddressForm>({
    resolver: zodResolver(zAddressInput),
    defaultValues: { currencyType: address?.currencyType, address: address?.address ?? '', label: address?.label ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await saveAddress({ ...values, label: values.label || undefined, ...(address ? { id: address.id } : {}) });
      showToast(t('addresses.saved'), 'success');
      void navigate(-1);
    } catch (error) {
      reportFormError(error, form.setError, ['currencyType', 'address', 'label']);
    }
  });
  return (
    <form className="form-page" onSubmit={onSubmit} noValidate>
      <section className="form-section">
        <SelectField
          label={t('addresses.currencyType')}
          testId="vm-currency"
          placeholder={t('addresses.currencyPlaceholder')}
          options={ADDRESS_TYPE_NAMES.map((name) => ({ value: name, label: name }))}
          registration={form.register('currencyType')}
          error={errors.currencyType?.message}
        />
        <TextField
          label={t('addresses.address')}
          testId="vm-address"
          placeholder={t('addresses.addressPlaceholder')}
          registration={form.register('address')}
          error={errors.address?.message}
        />
        <TextField
          label={t('addresses.label')}
          testId="vm-label"
          optional
          placeholder={t('addresses.labelPlaceholder')}
          registration={form.register('label')}
          error={errors.label?.message}
        />
        <p className="form-note">{t('addresses.note')}</p>
      </section>
      <div className="form-actions">
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={isSubmitting} data-testid="vm-submit">
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

/** Add a digital currency address, or change one (?id=); checked against its network's format. */
export default function AddressFormPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? '');
  const editing = Number.isInteger(id) && id > 0;
  const addresses = useQuery({ ...addressesQuery(), enabled: editing });
  const address = editing ? addresses.data?.find((a) => a.id === id) : undefined;
  let body;
  if (!editing) body = <AddressFormBody address={undefined} />;
  else if (addresses.isPending)
    body = (
      <div className="empty-state compact">
        <DotLoading color="primary" />
      </div>
    );
  else if (!address) body = <EmptyState kind="notFound" title={t('addresses.notFound')} />;
  else body = <AddressFormBody key={address.id} address={address} />;
  return (
    <Page title={t(editing ? 'addresses.editTitle' : 'addresses.addTitle')} className="money-page">
      {body}
    </Page>
  );
}
