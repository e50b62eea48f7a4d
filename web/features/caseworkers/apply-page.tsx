import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  assistedApplicationSchema,
  assistedRecipientFields,
  CONSENT_METHOD_REQUIRED,
  CONSENT_METHOD_WORDS,
  CONSENT_METHODS,
  consentSchema,
} from '@contract/caseworkers';
import { formatNaira } from '@contract/money';
import { NIGERIAN_STATES } from '@contract/nigeria';
import { EMPLOYMENT_STATUSES, GENDERS, ID_TYPE_LABELS, RECIPIENT_ID_TYPES } from '@contract/onboarding';
import { reasonSchema } from '@contract/requests';
import { errorMessage } from '@/lib/api';
import { acceptFor, fileRule, limitText } from '@/lib/files';
import { carrying } from '@/lib/page';
import { uploadFile } from '@/lib/uploads';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { DateField } from '@/ui/date-field';
import { FileField, RadioGroup, TextField } from '@/ui/fields';
import { Form, useZodForm, type SubmitHelpers } from '@/ui/form';
import { NumberField } from '@/ui/number-field';
import { Page } from '@/ui/page';
import { Select } from '@/ui/select-field';
import { applyFor, fetchCatalog, HELPED_KEY } from './api';

const shape = assistedApplicationSchema.shape;

/** The application as the form holds it: files until they are sent, the consent fields side by side. */
const applyFormSchema = z
  .object({
    firstName: shape.firstName,
    lastName: shape.lastName,
    phoneNumber: shape.phoneNumber,
    email: shape.email,
    gender: assistedRecipientFields.gender,
    age: assistedRecipientFields.age,
    stateOfOrigin: assistedRecipientFields.stateOfOrigin,
    recipientBio: assistedRecipientFields.recipientBio,
    employmentStatus: assistedRecipientFields.employmentStatus,
    idHolder: assistedRecipientFields.idHolder,
    idType: assistedRecipientFields.idType,
    idDocument: fileRule('idDocument', 'the ID document', true),
    photo: fileRule('profilePhoto', 'a photo', false),
    consentMethod: z.enum(CONSENT_METHODS, { error: CONSENT_METHOD_REQUIRED }),
    consentGivenOn: z.string(),
    witnessName: z.string(),
    consentForm: fileRule('consentForm', 'the signed consent form', false),
    productId: z.string({ error: 'Choose a device.' }).min(1, 'Choose a device.'),
    reason: reasonSchema,
  })
  .superRefine((v, ctx) => {
    // The contract's consent rule, with each problem put on the field that shows it.
    const consent = consentSchema.safeParse({
      method: v.consentMethod,
      givenOn: v.consentGivenOn,
      witnessName: v.witnessName,
      formKey: v.consentForm instanceof File ? 'chosen' : undefined,
    });
    const fieldOf: Record<string, string> = {
      givenOn: 'consentGivenOn',
      witnessName: 'witnessName',
      formKey: 'consentForm',
    };
    if (!consent.success) {
      for (const issue of consent.error.issues) {
        const field = fieldOf[String(issue.path[0])];
        if (field) ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    }
  });
type ApplyForm = z.output<typeof applyFormSchema>;

const stateOptions = NIGERIAN_STATES.map((s) => ({ value: s, label: s }));
const today = () => new Date().toISOString().slice(0, 10);

/** A caseworker applies for a person who consented: their details, profile, ID, consent and device. */
export default function ApplyPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const catalog = useQuery({ queryKey: ['caseworker', 'catalog'], queryFn: fetchCatalog });
  const form = useZodForm(applyFormSchema, {
    defaultValues: {
      firstName: '',
      lastName: '',
      phoneNumber: '',
      email: '',
      recipientBio: '',
      idHolder: 'self',
      idDocument: null,
      photo: null,
      consentGivenOn: today(),
      witnessName: '',
      consentForm: null,
      productId: '',
      reason: '',
    },
  });
  const method = form.watch('consentMethod');
  const busy = form.formState.isSubmitting;

  async function submit(values: ApplyForm, helpers: SubmitHelpers) {
    try {
      const idDocumentKey = await uploadFile(values.idDocument!, 'idDocument', () => undefined);
      const profilePhotoKey = values.photo
        ? await uploadFile(values.photo, 'profilePhoto', () => undefined)
        : undefined;
      const consent =
        values.consentMethod === 'signed_form'
          ? {
              method: 'signed_form' as const,
              givenOn: values.consentGivenOn,
              formKey: await uploadFile(values.consentForm!, 'consentForm', () => undefined),
            }
          : { method: 'spoken' as const, givenOn: values.consentGivenOn, witnessName: values.witnessName };
      const reply = await applyFor({
        firstName: values.firstName,
        lastName: values.lastName,
        phoneNumber: values.phoneNumber,
        email: values.email,
        gender: values.gender,
        age: values.age,
        stateOfOrigin: values.stateOfOrigin,
        recipientBio: values.recipientBio,
        employmentStatus: values.employmentStatus,
        idHolder: values.idHolder,
        idType: values.idType,
        idDocumentKey,
        profilePhotoKey,
        consent,
        productId: Number(values.productId),
        reason: values.reason,
      });
      await queryClient.invalidateQueries({ queryKey: HELPED_KEY });
      navigate('/caseworker', { state: carrying(reply.message) });
    } catch (error) {
      if (!helpers.showServerErrors(error)) {
        form.setError('root', {
          message: errorMessage(error, { noMessage: 'The application could not be sent. Please try again.' }),
        });
      }
    }
  }

  return (
    <Page
      title="Apply for someone"
      intro={
        <p>
          Apply only for a person who asked you to and agreed. They will get an SMS saying what you sent and how to
          withdraw. Every field is required unless it says optional.
        </p>
      }
    >
      <Form form={form} onSubmit={submit} className="max-w-2xl space-y-8">
        <fieldset className="space-y-5">
          <legend className="text-2xl font-bold">The person</legend>
          <TextField name="firstName" label="First name" maxLength={80} />
          <TextField name="lastName" label="Last name" maxLength={80} />
          <TextField
            name="phoneNumber"
            label="Phone number"
            hint="Their own Nigerian number, for example 803 123 4567. We send them an SMS about this application."
            type="tel"
            inputMode="tel"
            prefix="+234"
            prefixLabel="Country code"
          />
          <TextField
            name="email"
            label="Email (optional)"
            hint="Their own email address, if they have one. Leave it blank otherwise: they sign in with a code sent to their phone."
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            autoCapitalize="none"
            isRequired={false}
          />
        </fieldset>

        <fieldset className="space-y-5">
          <legend className="text-2xl font-bold">About them</legend>
          <RadioGroup name="gender" legend="Gender" options={GENDERS.map((g) => ({ value: g, label: g }))} />
          <NumberField name="age" label="Age" hint="In years, from 1 to 120." min={1} max={120} />
          <Select name="stateOfOrigin" label="State of origin" options={stateOptions} placeholder="Choose a state" />
          <TextField
            name="recipientBio"
            label="About them"
            hint="What they do, and how a device would help them, in their words."
            rows={5}
            maxLength={2000}
          />
          <RadioGroup
            name="employmentStatus"
            legend="Employment status"
            options={EMPLOYMENT_STATUSES.map((e) => ({ value: e, label: e }))}
          />
          <FileField
            name="photo"
            label="Photo (optional)"
            hint={`A clear photo of them for their campaign page, taken with their agreement. ${limitText('profilePhoto')}`}
            accept={acceptFor('profilePhoto')}
          />
        </fieldset>

        <fieldset className="space-y-5">
          <legend className="text-2xl font-bold">Their ID</legend>
          <RadioGroup
            name="idHolder"
            legend="Whose ID will you upload?"
            options={[
              { value: 'self', label: 'Their own ID' },
              {
                value: 'parentOrGuardian',
                label: "A parent's or guardian's ID",
                description: 'For anyone under 18, or anyone who has no ID of their own.',
              },
            ]}
          />
          <RadioGroup
            name="idType"
            legend="Type of ID"
            options={RECIPIENT_ID_TYPES.map((t) => ({ value: t, label: ID_TYPE_LABELS[t]! }))}
          />
          <FileField
            name="idDocument"
            label="ID document"
            hint={`A photo or scan of the ID. Only our review team can open it. ${limitText('idDocument')}`}
            accept={acceptFor('idDocument')}
          />
        </fieldset>

        <fieldset className="space-y-5">
          <legend className="text-2xl font-bold">Their consent</legend>
          <RadioGroup
            name="consentMethod"
            legend="How did they agree to you applying for them?"
            options={CONSENT_METHODS.map((m) => ({ value: m, label: CONSENT_METHOD_WORDS[m] }))}
          />
          <DateField
            name="consentGivenOn"
            label="Date consent was given"
            hint="The day they agreed, no later than today."
            max={today()}
            required
          />
          {method === 'spoken' ? (
            <TextField
              name="witnessName"
              label="Witness's name"
              hint="Someone other than you who heard them agree: a relative, a teacher or a nurse."
              maxLength={120}
            />
          ) : null}
          {method === 'signed_form' ? (
            <FileField
              name="consentForm"
              label="Signed consent form"
              hint={`A photo or scan of the form they signed or thumb-printed. Only our review team can open it. ${limitText('consentForm')}`}
              accept={acceptFor('consentForm')}
            />
          ) : null}
        </fieldset>

        <fieldset className="space-y-5">
          <legend className="text-2xl font-bold">The device</legend>
          <Select
            name="productId"
            label="Device"
            hint={catalog.isError ? 'The catalogue could not be loaded. Reload the page to try again.' : undefined}
            options={(catalog.data ?? []).map((p) => ({
              value: String(p.id),
              label: `${p.name}, ${formatNaira(p.price)}`,
            }))}
            placeholder={catalog.isPending ? 'Loading devices...' : 'Choose a device'}
          />
          <TextField
            name="reason"
            label="Why they need it"
            hint="At least 20 characters: how the device would change their day."
            rows={4}
            maxLength={2000}
          />
        </fieldset>

        {form.formState.errors.root?.message ? <ErrorMessage>{form.formState.errors.root.message}</ErrorMessage> : null}
        <Button type="submit" className="w-full sm:w-auto">
          <Send aria-hidden="true" className="size-5" />
          {busy ? 'Sending...' : 'Send application'}
        </Button>
      </Form>
    </Page>
  );
}
