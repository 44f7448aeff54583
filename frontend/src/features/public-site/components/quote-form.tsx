import { isPhoneNumber } from '@bank/contracts/auth-messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/error-mapping';
import { email, name, useSendContactMessage } from '../api/contact';
import { EmailField, focusFirstError, NameFields } from './contact-fields';

export const INSURANCE_TYPES = [
  { value: 'auto', label: 'Auto insurance' },
  { value: 'home', label: 'Home insurance' },
  { value: 'life', label: 'Life insurance' },
  { value: 'business', label: 'Business insurance' },
] as const;

const quoteSchema = z.object({
  first_name: name('first name'),
  last_name: name('last name'),
  email,
  // An agent calls back on it: a number, or nothing.
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || isPhoneNumber(v), 'Please enter a valid phone number.')
    .optional(),
  insurance_type: z.enum(['auto', 'home', 'life', 'business']),
  details: z.string().max(1500, 'Please keep the details to 1,500 characters.').optional(),
});

type QuoteInput = z.infer<typeof quoteSchema>;

/**
 * The insurance quote form. The source product had no submit behaviour; here a request reaches
 * the bank as a contact message so an agent can follow up.
 */
export function QuoteForm() {
  const send = useSendContactMessage();
  const form = useForm<QuoteInput>({
    resolver: zodResolver(quoteSchema),
    shouldFocusError: false,
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      insurance_type: 'auto',
      details: '',
    },
  });

  const onSubmit = form.handleSubmit(
    async (v) => {
      const type =
        INSURANCE_TYPES.find((t) => t.value === v.insurance_type)?.label ?? v.insurance_type;
      await send
        .mutateAsync({
          first_name: v.first_name,
          last_name: v.last_name,
          email: v.email,
          subject: 'General Inquiry',
          message: `Insurance quote request: ${type}.${v.phone ? ` Phone: ${v.phone}.` : ''}${v.details ? `\n\n${v.details}` : ''}`,
        })
        .then(() => form.reset())
        .catch(() => undefined);
    },
    (wrong) => focusFirstError(form, Object.keys(quoteSchema.shape), wrong),
  );

  return (
    <form
      className="form form-card"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="quote-form-title"
    >
      <h3 id="quote-form-title">Request a free quote</h3>
      {send.isSuccess ? (
        <Alert tone="success" title="Quote request sent">
          <p>Thank you. A licensed agent will contact you within one business day.</p>
        </Alert>
      ) : null}
      {send.isError ? (
        <Alert tone="danger">
          <p>
            {errorMessage(
              send.error,
              'We could not send your request. Please try again or call us.',
            )}
          </p>
        </Alert>
      ) : null}
      <NameFields form={form} />
      <div className="form-row">
        <EmailField form={form} />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          optional
          error={form.formState.errors.phone?.message}
          {...form.register('phone')}
        />
      </div>
      <SelectField label="Insurance type" {...form.register('insurance_type')}>
        {INSURANCE_TYPES.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Additional information"
        optional
        error={form.formState.errors.details?.message}
        {...form.register('details')}
      />
      <Button type="submit" loading={send.isPending}>
        Get my quote
      </Button>
    </form>
  );
}
