// The profile editor's one draft (docs/profile-completeness.md, "The editor"): every field of every step, what differs
// from the saved profile, one validation with the shared schema and one save (PUT /api/profile.php with only the
// changes). Moving between steps keeps what was typed; the saved copy (trimmed by the server) replaces only what was
// not edited again meanwhile.
import { useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import {
  dateOfBirthSchema,
  profileFieldsSchema,
  type OwnProfile,
  type ProfilePrompt,
  type UpdateProfileRequest,
} from '@app/contracts';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { toFormErrors, type FieldErrors } from '../../../lib/form-errors.ts';
import { composeDateOfBirth, type DateParts } from '../../signup/index.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import type { ProfileSectionId } from '../lib/profile-completeness.ts';

/** Fields edited as text; '' is "not filled in" (null for the API). */
export const TEXT_FIELDS = [
  'name',
  'gender',
  'sexuality',
  'show_me',
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
type TextValues = Record<TextField, string>;

/** Fields the API never clears: leaving them empty is a mistake, not a choice. */
const REQUIRED_FIELDS = new Set<TextField>(['name', 'gender', 'sexuality', 'country']);

/** zod only knows "invalid option" for an empty select; these say which choice is missing. */
const REQUIRED_MESSAGES = { gender: 'gender_invalid', sexuality: 'sexuality_invalid', country: 'country_invalid' };

/** The step each field is edited in: an error there takes the member to it. */
const FIELD_STEPS: Record<string, ProfileSectionId> = {
  name: 'about',
  gender: 'about',
  date_of_birth: 'about',
  about_me: 'about',
  prompts: 'prompts',
  country: 'details',
  region: 'details',
  city: 'details',
  relationship_status: 'details',
  body_type: 'details',
  hair_color: 'details',
  eye_color: 'details',
  tattoos: 'details',
  interests: 'interests',
  sexuality: 'preferences',
  show_me: 'preferences',
  signup_reason: 'preferences',
};

/** The steps that edit the draft (the others save on their own: uploads, the selfie). */
export const DRAFT_STEPS: ReadonlySet<ProfileSectionId> = new Set(Object.values(FIELD_STEPS));

/** The first step holding one of these errors (a prompt's error is `prompts.1.answer`). */
export function stepOfErrors(errors: FieldErrors): ProfileSectionId | null {
  for (const [path, error] of Object.entries(errors)) {
    if (error) return FIELD_STEPS[path.split('.')[0]!] ?? null;
  }
  return null;
}

export function toDateParts(dateOfBirth: string | null): DateParts {
  const [year = '', month = '', day = ''] = (dateOfBirth ?? '').split('-');
  return { year, month: month ? String(Number(month)) : '', day: day ? String(Number(day)) : '' };
}

function pickText(profile: OwnProfile): TextValues {
  const values = {} as TextValues;
  for (const field of TEXT_FIELDS) values[field] = profile[field] ?? '';
  return values;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((entry, index) => entry === b[index]);
const samePrompts = (a: readonly ProfilePrompt[], b: readonly ProfilePrompt[]) =>
  a.length === b.length &&
  a.every((entry, index) => entry.prompt === b[index]!.prompt && entry.answer === b[index]!.answer);

type DraftParts = { dateParts: DateParts; interests: string[]; prompts: ProfilePrompt[] };

/** What differs from the saved profile, in the API's terms, and whether anything does. */
function diffDraft(profile: OwnProfile, initial: TextValues, values: TextValues, parts: DraftParts) {
  const dateOfBirth = composeDateOfBirth(parts.dateParts);
  const isDateDirty = dateOfBirth !== (profile.date_of_birth ?? '');
  const isInterestsDirty = !sameList(parts.interests, profile.interests);
  const isPromptsDirty = !samePrompts(parts.prompts, profile.prompts);
  const dirtyFields = TEXT_FIELDS.filter((field) => values[field] !== initial[field]);
  const isDirty = isDateDirty || isInterestsDirty || isPromptsDirty || dirtyFields.length > 0;
  const collectChanges = (): Record<string, unknown> => {
    const changes: Record<string, unknown> = {};
    for (const field of dirtyFields) {
      changes[field] = values[field].trim() === '' && !REQUIRED_FIELDS.has(field) ? null : values[field];
    }
    if (isDateDirty) changes.date_of_birth = dateOfBirth;
    if (isInterestsDirty) changes.interests = parts.interests;
    if (isPromptsDirty) changes.prompts = parts.prompts;
    return changes;
  };
  return { isDirty, collectChanges };
}

/** The saved copy's text, except where the member typed again since the save was sent. */
function mergeSavedText(current: TextValues, sent: TextValues, saved: TextValues): TextValues {
  const merged = { ...current };
  for (const field of TEXT_FIELDS) if (current[field] === sent[field]) merged[field] = saved[field];
  return merged;
}

type DraftForm = ReturnType<typeof useFormValues<TextValues>>;

/** The draft's edits: each one clears "Saved" and the error it answers. */
function draftEditors(
  form: DraftForm,
  edited: () => void,
  setters: {
    setDateParts: Dispatch<SetStateAction<DateParts>>;
    setInterests: (next: string[]) => void;
    setPrompts: (next: ProfilePrompt[]) => void;
  },
) {
  return {
    change: (field: TextField, value: string) => {
      edited();
      form.setValue(field, value);
    },
    setDatePart: (part: keyof DateParts, value: string) => {
      edited();
      setters.setDateParts((current) => ({ ...current, [part]: value }));
      form.clearFieldError('date_of_birth');
    },
    setInterests: (next: string[]) => {
      edited();
      setters.setInterests(next);
      form.clearFieldError('interests');
    },
    setPrompts: (next: ProfilePrompt[]) => {
      edited();
      setters.setPrompts(next);
      for (const path of Object.keys(form.fieldErrors)) if (path.startsWith('prompts')) form.clearFieldError(path);
    },
  };
}

export function useProfileDraft(profile: OwnProfile, onInvalid: (step: ProfileSectionId) => void) {
  const settings = useSettings();
  const update = useUpdateProfile();
  // `profile` is the cache's saved copy (a save writes its answer there): what differs from it is what Save sends.
  const initial = useMemo(() => pickText(profile), [profile]);
  const form = useFormValues<TextValues>(() => initial);
  const [dateParts, setDateParts] = useState<DateParts>(() => toDateParts(profile.date_of_birth));
  const [interests, setInterests] = useState<string[]>(profile.interests);
  const [prompts, setPrompts] = useState<ProfilePrompt[]>(profile.prompts);
  const [isSaved, setIsSaved] = useState(false);

  const schema = useMemo(
    () => profileFieldsSchema.extend({ date_of_birth: dateOfBirthSchema(settings.min_age) }).partial(),
    [settings.min_age],
  );

  const { isDirty, collectChanges } = diffDraft(profile, initial, form.values, { dateParts, interests, prompts });

  const edited = () => setIsSaved(false);

  const save = () => {
    setIsSaved(false);
    const changes = collectChanges();
    const body = form.validate(schema, changes, REQUIRED_MESSAGES) as UpdateProfileRequest | null;
    if (!body) {
      // The schema's issues, mapped like the API's: the first one's step opens.
      const result = schema.safeParse(changes);
      const step = result.success ? null : FIELD_STEPS[String(result.error.issues[0]?.path[0])];
      if (step) onInvalid(step);
      return;
    }
    if (Object.keys(body).length === 0) {
      setIsSaved(true);
      return;
    }
    const sent = { values: { ...form.values }, dateParts, interests, prompts };
    update.mutate(body, {
      onSuccess: ({ profile: next }) => {
        const savedValues = pickText(next);
        form.setValues((current) => mergeSavedText(current, sent.values, savedValues));
        setDateParts((current) => (current === sent.dateParts ? toDateParts(next.date_of_birth) : current));
        setInterests((current) => (current === sent.interests ? next.interests : current));
        setPrompts((current) => (current === sent.prompts ? next.prompts : current));
        setIsSaved(true);
      },
      onError: (error) => {
        form.showApiError(error);
        const step = stepOfErrors(toFormErrors(error).fields);
        if (step) onInvalid(step);
      },
    });
  };

  return {
    values: form.values,
    errors: form.fieldErrors,
    formError: form.formError,
    formId: form.formId,
    dateParts,
    interests,
    prompts,
    ...draftEditors(form, edited, { setDateParts, setInterests, setPrompts }),
    isDirty,
    isSaved,
    isPending: update.isPending,
    save,
  };
}
export type ProfileDraft = ReturnType<typeof useProfileDraft>;
