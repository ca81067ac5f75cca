import '../wallet/money.css';
import { routes, type RequestOf, type Routes } from '@tradeapp/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, Popup } from 'antd-mobile';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/messages';
import { reportFormError } from '../../ui/forms';
import { applyService } from './api';

type ServiceForm = RequestOf<Routes['serviceApply']>;
const TYPES = ['account', 'deposit', 'withdrawal', 'trading', 'other'] as const;

/** Customer service: the kind of help and a message; operators answer in the inbox. */
export function ServiceSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<ServiceForm>({ resolver: zodResolver(routes.serviceApply.request), defaultValues: { type: 'other', content: '' } });
  const type = useWatch({ control: form.control, name: 'type' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await applyService(values);
      onClose();
      form.reset({ type: 'other', content: '' });
      void Dialog.alert({
        title: t('service.doneTitle'),
        content: <span data-testid="service-done">{t('service.doneBody', { id: result.id })}</span>,
        confirmText: t('common.confirm'),
      });
    } catch (error) {
      reportFormError(error, form.setError, ['type', 'content']);
    }
  });
  const contentError = errors.content?.message ? msg(errors.content.message) : '';
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <form className="sheet-form" onSubmit={onSubmit} noValidate data-testid="service-sheet">
        <div className="sheet-head">
          <strong>{t('service.title')}</strong>
          <button type="button" className="link" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
        <p className="form-note">{t('service.intro')}</p>
        <div className="field-label">{t('service.type')}</div>
        <div className="chip-row tight" role="radiogroup">
          {TYPES.map((item) => (
            <button
              key={item}
              type="button"
              role="radio"
              aria-checked={type === item}
              className={type === item ? 'chip active' : 'chip'}
              data-testid={`service-type-${item}`}
              onClick={() => form.setValue('type', item)}
            >
              {t(`service.types.${item}`)}
            </button>
          ))}
        </div>
        <div className={contentError ? 'field has-error' : 'field'}>
          <label className="field-label" htmlFor="service-content">
            {t('service.content')}
          </label>
          <textarea id="service-content" className="textarea" rows={5} maxLength={1000} placeholder={t('service.placeholder')} data-testid="service-content" {...form.register('content')} />
          {contentError && (
            <div className="field-error" role="alert" data-testid="service-content-error">
              {contentError}
            </div>
          )}
        </div>
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={isSubmitting} data-testid="service-submit">
          {t('common.submit')}
        </Button>
      </form>
    </Popup>
  );
}
