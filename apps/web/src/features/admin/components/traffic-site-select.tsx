// A site picker for the traffic screens, for roles that may list sites (GET /api/admin/sites): each site by name and
// domain; with a placeholder the empty choice means every site.
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../components/form-select.tsx';
import type { FormError } from '../../../lib/form-errors.ts';
import { useAdminSites } from '../api/admin-sites.ts';

export function TrafficSiteSelect({
  name,
  value,
  onChange,
  error,
  placeholder,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: FormError;
  placeholder?: string;
}) {
  const { t } = useTranslation('admin');
  const sites = useAdminSites();
  return (
    <FormSelect
      name={name}
      label={t('traffic.site')}
      value={value}
      onChange={onChange}
      error={error}
      placeholder={placeholder}
      isDisabled={!sites.data}
      options={(sites.data?.sites ?? []).map((site) => ({
        value: String(site.id),
        label: `${site.name} (${site.domain})`,
      }))}
    />
  );
}
