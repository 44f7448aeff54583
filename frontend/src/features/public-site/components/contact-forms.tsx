import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { FieldErrorList, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { ApiError, firstFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-mapping';
import {
  APPOINTMENT_TIMES,
  APPOINTMENT_TYPES,
  appointmentSchema,
  MEETING_PREFERENCES,
  MESSAGE_SUBJECTS,
  messageSchema,
  bankToday,
  lastAppointmentDate,
  useCreateAppointment,
  useSendContactMessage,
  type AppointmentInput,
  type AppointmentType,
  type MessageInput,
} from '../api/contact';
import { EmailField, focusFirstError, NameFields } from './contact-fields';

function ServerErrors({ error }: { error: unknown }) {
  if (!error) return null;
  const fields = error instanceof ApiError ? firstFieldErrors(error.errors) : [];
  return fields.length ? (
    <FieldErrorList errors={fields} />
  ) : (
    <Alert tone="danger">
      <p>{errorMessage(error, 'We could not send your request. Please try again or call us.')}</p>
    </Alert>
  );
}

/** `appointmentType`: the type chosen already, as when a business page sends the visitor here. */
export function AppointmentForm({ appointmentType }: { appointmentType?: AppointmentType }) {
  const call = useCreateAppointment();
  const form = useForm<AppointmentInput>({
    resolver: zodResolver(appointmentSchema),
    shouldFocusError: false,
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      ...(appointmentType ? { appointment_type: appointmentType } : {}),
      preferred_date: '',
      preferred_time: '',
      notes: '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await call.mutateAsync(values);
        // Said once, by the confirmation above the form (a toast too would be heard twice).
        form.reset();
      } catch {
        /* shown below */
      }
    },
    (wrong) => focusFirstError(form, Object.keys(appointmentSchema.shape), wrong),
  );
  return (
    <form
      className="form form-card"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="appointment-form-title"
    >
      <h3 id="appointment-form-title">Schedule an appointment</h3>
      {call.isSuccess ? (
        <Alert tone="success" title="Request sent">
          <p>Thank you. A banker will confirm your appointment by email within one business day.</p>
        </Alert>
      ) : null}
      <ServerErrors error={call.error} />
      <NameFields form={form} />
      <EmailField form={form} />
      <fieldset
        className="choice-group"
        aria-describedby={errors.appointment_type ? 'appt-type-error' : undefined}
      >
        <legend>Appointment type</legend>
        <div className="choice-group__options">
          {APPOINTMENT_TYPES.map((t) => (
            <label key={t.value} className="choice">
              <input type="radio" value={t.value} {...form.register('appointment_type')} />
              {t.label}
            </label>
          ))}
        </div>
        {errors.appointment_type ? (
          <p className="field__error" id="appt-type-error">
            {errors.appointment_type.message}
          </p>
        ) : null}
      </fieldset>
      <div className="form-row">
        <TextField
          label="Preferred date"
          type="date"
          min={bankToday()}
          max={lastAppointmentDate()}
          error={errors.preferred_date?.message}
          {...form.register('preferred_date')}
        />
        <SelectField
          label="Preferred time"
          error={errors.preferred_time?.message}
          {...form.register('preferred_time')}
        >
          <option value="">Select a time</option>
          {APPOINTMENT_TIMES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField
        label="Meeting preference"
        error={errors.meeting_preference?.message}
        defaultValue=""
        {...form.register('meeting_preference')}
      >
        <option value="" disabled>
          Select how to meet
        </option>
        {MEETING_PREFERENCES.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Notes"
        optional
        hint="What would you like to discuss?"
        {...form.register('notes')}
      />
      <Button type="submit" loading={call.isPending}>
        Request appointment
      </Button>
    </form>
  );
}

export function MessageForm({ subject }: { subject: string }) {
  const call = useSendContactMessage();
  const form = useForm<MessageInput>({
    resolver: zodResolver(messageSchema),
    shouldFocusError: false,
    defaultValues: { first_name: '', last_name: '', email: '', subject, message: '' },
  });
  const { errors } = form.formState;
  useEffect(() => form.setValue('subject', subject), [subject, form]);
  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await call.mutateAsync(values);
        // Said once, by the confirmation above the form (a toast too would be heard twice).
        form.reset({ first_name: '', last_name: '', email: '', subject, message: '' });
      } catch {
        /* shown below */
      }
    },
    (wrong) => focusFirstError(form, Object.keys(messageSchema.shape), wrong),
  );
  return (
    <form
      className="form form-card"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="message-form-title"
    >
      <h3 id="message-form-title">Send us a message</h3>
      {call.isSuccess ? (
        <Alert tone="success" title="Message sent">
          <p>Thank you for writing. We reply to every message within 24 hours.</p>
        </Alert>
      ) : null}
      <ServerErrors error={call.error} />
      <NameFields form={form} />
      <EmailField form={form} />
      <SelectField label="Subject" error={errors.subject?.message} {...form.register('subject')}>
        {MESSAGE_SUBJECTS.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Message"
        rows={5}
        error={errors.message?.message}
        {...form.register('message')}
      />
      <p className="field__hint">
        Please do not include account numbers, passwords or your Social Security number.
      </p>
      <Button type="submit" loading={call.isPending}>
        Send message
      </Button>
    </form>
  );
}
