// One section of the profile editor as its own form: its text fields' values, what differs from the saved profile, its
// own validation (only the fields it sends) and its own save (PUT /api/profile.php with only its changes). Saving one
// section leaves every other section's unsaved edits alone: each keeps its own state, keyed to the saved profile.
import { useMemo, useState, type FormEvent } from 'react';
import { dateOfBirthSchema, profileFieldsSchema, type OwnProfile, type UpdateProfileRequest } from '@app/contracts';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/** Fields edited as text; '' is "not filled in" (null for the API). */
export const TEXT_FIELDS = [
  'name',
  'gender',
  'sexuality',
  'country',
  'region',
  'city',
  'relationship_status',
  'body_type',
  'hair_color',
  'eye_color',
  'tattoos',
  'signup_reason',
  'about_me',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Fields the API never clears: leaving them empty is a mistake, not a choice. */
const REQUIRED_FIELDS = new Set<TextField>(['name', 'gender', 'sexuality', 'country']);

/** zod only knows "invalid option" for an empty select; these say which choice is missing. */
const REQUIRED_MESSAGES = { gender: 'gender_invalid', sexuality: 'sexuality_invalid', country: 'country_invalid' };

function pickText<F extends TextField>(profile: OwnProfile, fields: readonly F[]): Record<F, string> {
  const values = {} as Record<F, string>;
  for (const field of fields) values[field] = profile[field] ?? '';
  return values;
}

type SectionOptions<F extends TextField> = {
  profile: OwnProfile;
  fields: readonly F[];
  /** Changes of the section's other values (date of birth, interests, switches), in the API's terms. */
  collectExtraChanges?: () => UpdateProfileRequest;
  /** Whether those other values differ from the saved profile. */
  isExtraDirty?: boolean;
  /** After a save: the section's other values take the saved profile's. */
  onSaved?: (profile: OwnProfile) => void;
};

export function useProfileSection<F extends TextField>({
  profile,
  fields,
  collectExtraChanges,
  isExtraDirty = false,
  onSaved,
}: SectionOptions<F>) {
  const settings = useSettings();
  const update = useUpdateProfile();
  const initial = useMemo(() => pickText(profile, fields), [profile, fields]);
  const form = useFormValues<Record<F, string>>(() => initial);
  const [isSaved, setIsSaved] = useState(false);

  const schema = useMemo(
    () => profileFieldsSchema.extend({ date_of_birth: dateOfBirthSchema(settings.min_age) }).partial(),
    [settings.min_age],
  );

  const isDirty = isExtraDirty || fields.some((field) => form.values[field] !== initial[field]);

  const change = (field: F, value: string) => {
    setIsSaved(false);
    form.setValue(field, value);
  };

  /** What differs from the saved profile, in the API's terms. */
  const collectChanges = (): Record<string, unknown> => {
    const changes: Record<string, unknown> = { ...collectExtraChanges?.() };
    for (const field of fields) {
      if (form.values[field] === initial[field]) continue;
      changes[field] = form.values[field].trim() === '' && !REQUIRED_FIELDS.has(field) ? null : form.values[field];
    }
    return changes;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSaved(false);
    const body = form.validate(schema, collectChanges(), REQUIRED_MESSAGES) as UpdateProfileRequest | null;
    if (!body) return;
    if (Object.keys(body).length === 0) {
      setIsSaved(true);
      return;
    }
    const sent = { ...form.values };
    update.mutate(body, {
      onSuccess: ({ profile: saved }) => {
        // The server's copy (trimmed text) replaces what was sent; what was typed meanwhile stays.
        const savedValues = pickText(saved, fields);
        form.setValues((current) => {
          const next = { ...current };
          for (const field of fields) if (current[field] === sent[field]) next[field] = savedValues[field];
          return next;
        });
        onSaved?.(saved);
        setIsSaved(true);
      },
      onError: (error) => form.showApiError(error),
    });
  };

  /** Marks the section edited (for values kept outside the text fields). */
  const touch = () => setIsSaved(false);

  return {
    form,
    values: form.values,
    errors: form.fieldErrors,
    change,
    touch,
    onSubmit,
    isDirty,
    isSaved,
    isPending: update.isPending,
  };
}
