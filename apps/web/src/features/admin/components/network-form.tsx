// Add or edit a network (admins): its keys, payouts (fixed amounts typed in major units with the currency's decimals,
// shares in percent), one postback template per event and the signature. Checked by the contract's schema before it
// is sent, errors at the field (the server's too, by the same paths); the signing secret is write-only.
import type { FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  adminNetworkInputSchema,
  POSTBACK_PLACEHOLDERS,
  POSTBACK_TEMPLATE_KINDS,
  type AdminNetwork,
} from '@app/contracts';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { useSaveNetwork } from '../api/save-network.ts';
import { adminFormError } from '../lib/admin-errors.ts';
import {
  FIXED_PAYOUTS,
  networkDraft,
  networkInput,
  REMOVE_SECRET,
  SHARE_PAYOUTS,
  type NetworkDraft,
} from '../lib/traffic.ts';

type NetworkFormState = ReturnType<typeof useFormValues<NetworkDraft>>;

export function NetworkForm({
  network,
  onCancel,
  onSaved,
}: {
  network: AdminNetwork | null;
  onCancel: () => void;
  onSaved: (network: AdminNetwork) => void;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveNetwork(network?.id ?? null);
  const form = useFormValues<NetworkDraft>(() => networkDraft(network));
  const title = network ? t('traffic.networks.editTitle', { name: network.name }) : t('traffic.networks.newTitle');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(adminNetworkInputSchema, networkInput(form.values));
    if (!body) return;
    save.mutate(body, { onSuccess: (result) => onSaved(result.network), onError: (error) => form.showApiError(error) });
  };
  // An error about a path no field shows (the whole `payouts`, say) is said above the form.
  const unplaced = Object.entries(form.fieldErrors).find(([path, error]) => error && !(path in form.values))?.[1];

  return (
    <Form id={form.formId} noValidate onSubmit={submit} aria-label={title} className="mb-4">
      <h3 className="h6">{title}</h3>
      <FormErrorAlert error={adminFormError(form.formError) ?? unplaced ?? null} />
      <fieldset className="border rounded p-3 mb-3">
        <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">{t('traffic.networks.identity')}</legend>
        <Row className="g-2">
          <Col md={6}>
            <FormField {...form.bind('name')} label={t('traffic.networks.name')} maxLength={100} />
          </Col>
          <Col md={6}>
            <FormField
              {...form.bind('key')}
              label={t('traffic.networks.key')}
              hint={t('traffic.networks.keyHint')}
              maxLength={40}
            />
          </Col>
          <Col md={6}>
            <FormField {...form.bind('click_id_param')} label={t('traffic.networks.clickIdParam')} maxLength={40} />
          </Col>
          <Col md={6}>
            <FormField {...form.bind('ref_param')} label={t('traffic.networks.refParam')} maxLength={40} />
          </Col>
        </Row>
      </fieldset>
      <PayoutFields form={form} />
      <PostbackFields form={form} />
      <SignatureFields form={form} hasSecret={network?.has_signing_secret ?? false} />
      <div className="d-flex gap-2">
        <SubmitButton isPending={save.isPending}>{t('traffic.networks.save')}</SubmitButton>
        <Button variant="outline-secondary" onClick={onCancel} disabled={save.isPending}>
          {t('traffic.cancel')}
        </Button>
      </div>
    </Form>
  );
}

function PayoutFields({ form }: { form: NetworkFormState }) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">{t('traffic.networks.payouts')}</legend>
      <p className="small text-body-secondary">{t('traffic.networks.payoutsHint')}</p>
      <Row className="g-2">
        {FIXED_PAYOUTS.map((kind) => (
          <Col key={kind} md={6}>
            <Row className="g-2">
              <Col xs={8}>
                <FormField
                  {...form.bind(`payouts.${kind}.amount_minor`)}
                  label={t(`traffic.networks.payout.${kind}`)}
                  inputMode="decimal"
                />
              </Col>
              <Col xs={4}>
                <FormField
                  {...form.bind(`payouts.${kind}.currency`)}
                  label={t('traffic.networks.currencyOf', { event: t(`traffic.events.${kind}`) })}
                  maxLength={3}
                />
              </Col>
            </Row>
          </Col>
        ))}
        {SHARE_PAYOUTS.map((kind) => (
          <Col key={kind} md={6}>
            <FormField
              {...form.bind(`payouts.${kind}.percent`)}
              label={t(`traffic.networks.payout.${kind}`)}
              hint={kind === 'first_purchase' ? t('traffic.networks.firstPurchaseHint') : undefined}
              inputMode="decimal"
            />
          </Col>
        ))}
      </Row>
    </fieldset>
  );
}

/** One address per event; the placeholders they may use are listed once, above them. */
function PostbackFields({ form }: { form: NetworkFormState }) {
  const { t } = useTranslation('admin');
  const placeholders = POSTBACK_PLACEHOLDERS.map((name) => `{${name}}`).join(' ');
  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">{t('traffic.networks.postbacks')}</legend>
      <p className="small text-body-secondary">
        {t('traffic.networks.postbackHint')} <code>{placeholders}</code>
      </p>
      {POSTBACK_TEMPLATE_KINDS.map((kind) => (
        <FormField
          key={kind}
          {...form.bind(`postbacks.${kind}`)}
          label={t(`traffic.templates.${kind}`)}
          type="url"
          maxLength={2000}
          placeholder="https://"
          hint={kind === 'reversal' ? t('traffic.networks.reversalHint') : undefined}
        />
      ))}
    </fieldset>
  );
}

function SignatureFields({ form, hasSecret }: { form: NetworkFormState; hasSecret: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">{t('traffic.networks.signing')}</legend>
      <Row className="g-2">
        <Col md={6}>
          <FormField
            {...form.bind('signature_header')}
            label={t('traffic.networks.signatureHeader')}
            hint={t('traffic.networks.signatureHeaderHint')}
            maxLength={60}
          />
        </Col>
        <Col md={6}>
          <FormField
            {...form.bind('signing_secret')}
            label={t('traffic.networks.signingSecret')}
            type="password"
            autoComplete="new-password"
            maxLength={200}
            hint={hasSecret ? t('traffic.networks.secretKept') : t('traffic.networks.secretNone')}
            isDisabled={form.values[REMOVE_SECRET] === 'yes'}
          />
          {hasSecret && (
            <Form.Check
              type="checkbox"
              id="network-remove-secret"
              label={t('traffic.networks.removeSecret')}
              checked={form.values[REMOVE_SECRET] === 'yes'}
              onChange={(event) => form.setValue(REMOVE_SECRET, event.target.checked ? 'yes' : '')}
            />
          )}
        </Col>
      </Row>
    </fieldset>
  );
}
