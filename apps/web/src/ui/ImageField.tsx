import { CheckCircleOutline, PictureOutline } from 'antd-mobile-icons';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './Field';

interface ImageFieldProps {
  label: ReactNode;
  testId: string;
  /** The uploaded URL (form value). */
  value: string | undefined;
  error?: string | undefined;
  /** Uploads the file and returns its URL; null when refused (the reason was already shown). */
  onUpload: (file: File) => Promise<string | null>;
  onChange: (url: string) => void;
}

/** One image picked from the album, uploaded at once; the form keeps the URL. */
export function ImageField({ label, testId, value, error, onUpload, onChange }: ImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const url = await onUpload(file);
      if (url) {
        setPreview(URL.createObjectURL(file));
        onChange(url);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Field id={id} label={label} error={error} testId={testId}>
      <label className="image-pick" htmlFor={id} data-testid={`${testId}-pick`}>
        <input
          id={id}
          type="file"
          accept="image/*"
          data-testid={testId}
          disabled={busy}
          onChange={(event) => {
            void onPick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {preview && value ? (
          <>
            <img src={preview} alt="" />
            <span className="image-pick-overlay">{busy ? t('auth.uploading') : t('auth.replaceImage')}</span>
          </>
        ) : value ? (
          // An image already on file (e.g. editing a bank card): kept unless replaced.
          <>
            <span className="image-pick-icon">
              <CheckCircleOutline />
            </span>
            <span>{busy ? t('auth.uploading') : t('auth.replaceImage')}</span>
          </>
        ) : (
          <>
            <span className="image-pick-icon">
              <PictureOutline />
            </span>
            <span>{busy ? t('auth.uploading') : t('auth.pickImage')}</span>
          </>
        )}
      </label>
    </Field>
  );
}
