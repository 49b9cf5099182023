// The form kit after a failed submit: focus and scroll go to the error summary, or else to the first invalid field.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'react-bootstrap';
import { z } from 'zod';
import { renderWithProviders, setupI18n } from '../test-support/render.tsx';
import { FormField } from '../components/form-field.tsx';
import { FormErrorAlert } from '../components/form-error-alert.tsx';
import { ApiError } from '../lib/api-client.ts';
import { useFormValues } from './use-form-values.ts';

const schema = z.object({
  name: z.string(),
  email: z.string().min(1, 'invalid_email'),
  city: z.string().min(1, 'invalid_value'),
});

function TestForm({ apiError }: { apiError?: unknown }) {
  const form = useFormValues({ name: 'Anna', email: '', city: '' });
  return (
    <Form
      id={form.formId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = form.validate(schema);
        if (body && apiError) form.showApiError(apiError);
      }}
    >
      <FormErrorAlert error={form.formError} />
      <FormField {...form.bind('name')} label="Name" />
      <FormField {...form.bind('email')} label="E-mail" />
      <FormField {...form.bind('city')} label="City" />
      <button type="submit">Save</button>
    </Form>
  );
}

const scrollIntoView = vi.fn();
beforeAll(() => setupI18n());
beforeEach(() => {
  scrollIntoView.mockReset();
  // jsdom does not lay out, so it has no scrollIntoView of its own.
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('useFormValues focus on errors', () => {
  it('moves focus from Save to the first invalid field and scrolls it into view', async () => {
    renderWithProviders(<TestForm />);
    const save = await screen.findByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(email);
  });

  it('focuses the error summary when the answer is an error of the whole form', async () => {
    const apiError = new ApiError(409, 'account_exists', 'account_exists');
    renderWithProviders(<TestForm apiError={apiError} />);
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'anna@example.com' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Utrecht' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(summary);
  });

  it('focuses again on the next failed submit', async () => {
    renderWithProviders(<TestForm />);
    const save = await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-mail')));
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-mail')));
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
  });
});

describe('every form of the app', () => {
  it('puts the form id of useFormValues on its <Form>, so a failed submit focuses the error', () => {
    const sources = import.meta.glob<string>(['../features/**/*.tsx', '../components/**/*.tsx', '!**/*.test.tsx'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const forms = Object.entries(sources).filter(([, source]) => /\buseFormValues[<(]/.test(source));
    expect(forms.length).toBeGreaterThanOrEqual(10);
    const withoutId = forms.filter(([, source]) => !/<Form\s+id=\{form\.formId\}/.test(source)).map(([file]) => file);
    expect(withoutId).toEqual([]);
  });
});
