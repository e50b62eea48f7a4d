import type { SelfServiceRole } from '@contract/roles';

// Apart from the panel, so the sign-in page can hold this state without loading the sign-up form's code.

export type Step = 'role' | 'details' | 'verify' | 'phone';

export type Values = {
  firstName: string;
  lastName: string;
  organizationName: string;
  email: string;
  phoneNumber: string;
  password: string;
  agreed: boolean;
};

/** Held by the page, so switching tabs or going back a step keeps what was typed. */
export type SignUpState = { step: Step; role: SelfServiceRole | null; values: Values; verifyFor: string };

export const initialSignUpState = (role: SelfServiceRole | null): SignUpState => ({
  step: 'role',
  role,
  values: {
    firstName: '',
    lastName: '',
    organizationName: '',
    email: '',
    phoneNumber: '',
    password: '',
    agreed: false,
  },
  verifyFor: '',
});
