// The profile fields a site shows (keys the API left in), with the site's visible_profile_notes beside them.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberProfile } from '@app/contracts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useCountryName, useRegionLabels, useRegionName } from '../../../components/use-location-text.ts';

/** Field key -> its label key in members.json `fields`, and the group of its translated values (none: shown as is). */
const DETAIL_FIELDS = [
  { key: 'gender', label: 'gender', values: 'genders' },
  { key: 'sexuality', label: 'sexuality', values: 'sexualities' },
  { key: 'age', label: 'age' },
  { key: 'country', label: 'country' },
  { key: 'region', label: 'region' },
  { key: 'city', label: 'city' },
  { key: 'relationship_status', label: 'relationshipStatus', values: 'relationshipStatuses' },
  { key: 'body_type', label: 'bodyType', values: 'bodyTypes' },
  { key: 'hair_color', label: 'hairColor', values: 'hairColors' },
  { key: 'eye_color', label: 'eyeColor', values: 'eyeColors' },
  { key: 'tattoos', label: 'tattoos', values: 'tattooOptions' },
  { key: 'signup_reason', label: 'signupReason', values: 'signupReasons' },
] as const;

/** The site's note on a profile field (settings.visible_profile_notes), shown beside the field. */
export function FieldNote({ field }: { field: string }) {
  const note = useSettings().visible_profile_notes[field];
  return note ? <span className="d-block small fw-normal text-body-secondary">{note}</span> : null;
}

export function MemberDetails({ member }: { member: MemberProfile }) {
  const { t } = useTranslation('members');
  const settings = useSettings();
  const countryName = useCountryName();
  const regionName = useRegionName();
  const regionLabels = useRegionLabels();
  // The region is named as the member's country names it: province, state, canton...
  const regionKind = (member.country && settings.region_data[member.country]?.kind) || 'region';

  const rows: { key: string; label: string; value: ReactNode }[] = [];
  for (const field of DETAIL_FIELDS) {
    const raw = member[field.key];
    if (raw === undefined || raw === null || raw === '') continue;
    let value: ReactNode = String(raw);
    if (field.key === 'age') value = t('ageYears', { count: Number(raw) });
    else if (field.key === 'country') value = countryName(String(raw));
    else if (field.key === 'region') value = regionName(member.country, String(raw)) ?? String(raw);
    else if ('values' in field) value = t(`${field.values}.${String(raw)}`);
    const label = field.key === 'region' ? regionLabels.label(member.country, regionKind) : t(`fields.${field.label}`);
    rows.push({ key: field.key, label, value });
  }
  if (rows.length === 0) return null;

  return (
    <dl className="member-details row g-0 mb-0">
      {rows.map((row) => (
        <div key={row.key} className="member-details-row col-6 d-flex flex-column py-2 pe-3">
          <dt className="small text-body-secondary fw-normal">{row.label}</dt>
          <dd className="mb-0 fw-semibold">
            {row.value}
            <FieldNote field={row.key} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
