// The new password and its repetition, as asked when changing or resetting the password.
import { useTranslation } from 'react-i18next';
import type { FieldBinding } from '../hooks/use-form-values.ts';
import { FormField } from './form-field.tsx';

type NewPasswordFieldsProps = {
  /** The form's `bind`; the fields are named as the API expects them. */
  bind: (name: 'password' | 'password_confirmation') => FieldBinding;
};

export function NewPasswordFields({ bind }: NewPasswordFieldsProps) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <FormField {...bind('password')} type="password" autoComplete="new-password" label={t('fields.newPassword')} />
      <FormField
        {...bind('password_confirmation')}
        type="password"
        autoComplete="new-password"
        label={t('fields.repeatNewPassword')}
      />
    </>
  );
}
