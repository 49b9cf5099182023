// One lander's variants on one site (admins): each a key, the lander design it shows and a weight, with the share
// of new visitors that weight gives it now. Checked by the contract's schema (errors at the field), then saved as a
// whole; saving no variants ends the experiment.
import type { FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { adminExperimentInputSchema, LANDER_NAMES, type AdminExperiment } from '@app/contracts';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { useSaveExperiment } from '../api/save-experiment.ts';
import { adminFormError } from '../lib/admin-errors.ts';
import {
  experimentDraft,
  experimentInput,
  rowsOfVariants,
  sharesOf,
  typedWeight,
  variantRows,
  type ExperimentDraft,
  type VariantRow,
} from '../lib/traffic.ts';

/** The contract's limit of variants per lander. */
const MAX_VARIANTS = 6;
const DEFAULT_WEIGHT = '100';

/** The first of a, b, c… no row uses yet. */
function nextKey(rows: readonly VariantRow[]): string {
  const used = new Set(rows.map((row) => row.key.trim().toLowerCase()));
  return 'abcdefghijklmnopqrstuvwxyz'.split('').find((letter) => !used.has(letter)) ?? '';
}

export function ExperimentForm({
  siteId,
  lander,
  experiment,
  onSaved,
}: {
  siteId: number;
  lander: string;
  experiment: AdminExperiment | null;
  onSaved: (variants: number) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const save = useSaveExperiment();
  const form = useFormValues<ExperimentDraft>(() => experimentDraft(rowsOfVariants(experiment?.variants ?? [])));
  const rows = variantRows(form.values);
  const shares = sharesOf(rows.map((row) => typedWeight(row.weight)));
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const setRows = (next: VariantRow[]) => {
    form.setValues(experimentDraft(next));
    form.clearErrors();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(adminExperimentInputSchema, experimentInput(siteId, form.values));
    if (!body) return;
    save.mutate(
      { lander, body },
      { onSuccess: () => onSaved(body.variants.length), onError: (error) => form.showApiError(error) },
    );
  };
  const title = t('traffic.experiments.formTitle', { lander });
  // The list's own errors (two variants with one key, no weight at all) are said above it.
  const listError = form.fieldErrors.variants ?? form.fieldErrors[''];

  return (
    <Form id={form.formId} noValidate onSubmit={submit} aria-label={title} className="mt-2">
      <h3 className="h6">{title}</h3>
      <FormErrorAlert error={adminFormError(form.formError) ?? listError ?? null} />
      {rows.length === 0 && <p className="small text-body-secondary">{t('traffic.experiments.noVariants')}</p>}
      {rows.map((row, index) => (
        <VariantFields
          key={index}
          index={index}
          form={form}
          share={percent.format(shares[index] ?? 0)}
          onRemove={() => setRows(rows.filter((_, other) => other !== index))}
        />
      ))}
      <p className="small text-body-secondary">{t('traffic.experiments.weightsHint')}</p>
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="outline-secondary"
          disabled={rows.length >= MAX_VARIANTS}
          onClick={() => setRows([...rows, { key: nextKey(rows), design: lander, weight: DEFAULT_WEIGHT }])}
        >
          {t('traffic.experiments.add')}
        </Button>
        <SubmitButton isPending={save.isPending}>{t('traffic.experiments.save')}</SubmitButton>
      </div>
    </Form>
  );
}

function VariantFields({
  index,
  form,
  share,
  onRemove,
}: {
  index: number;
  form: ReturnType<typeof useFormValues<ExperimentDraft>>;
  share: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation('admin');
  const name = t('traffic.experiments.variant', { number: index + 1 });
  return (
    <fieldset className="border rounded p-3 mb-2">
      <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">{name}</legend>
      <Row className="g-2 align-items-end">
        <Col xs={6} md={3}>
          <FormField {...form.bind(`variants.${index}.key`)} label={t('traffic.experiments.key')} maxLength={12} />
        </Col>
        <Col xs={6} md={3}>
          <FormSelect
            {...form.bind(`variants.${index}.design`)}
            label={t('traffic.experiments.design')}
            options={LANDER_NAMES.map((design) => ({ value: design, label: design }))}
          />
        </Col>
        <Col xs={6} md={2}>
          <FormField
            {...form.bind(`variants.${index}.weight`)}
            label={t('traffic.experiments.weight')}
            type="number"
            inputMode="numeric"
          />
        </Col>
        <Col xs={6} md={2} className="mb-3">
          <span className="d-block small text-body-secondary">{t('traffic.experiments.share')}</span>
          <output className="fw-semibold">{share}</output>
        </Col>
        <Col xs={12} md={2} className="mb-3 text-md-end">
          <Button
            variant="outline-danger"
            size="sm"
            aria-label={t('traffic.experiments.removeLabel', { name })}
            onClick={onRemove}
          >
            {t('traffic.experiments.remove')}
          </Button>
        </Col>
      </Row>
    </fieldset>
  );
}
