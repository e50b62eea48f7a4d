import { PUBLIC_NAME_LABELS } from '@contract/public-name';
import { Checkbox, RadioGroup } from './fields';

/**
 * What the public may see of a recipient: how the name appears and whether the state shows. The
 * same words at onboarding and on the profile page, where the choice can be changed.
 */
export function PublicPrivacyFields() {
  return (
    <>
      <RadioGroup
        name="publicName"
        legend="How your name appears publicly"
        hint="Your campaign page, search results and donors' receipts use this. Showing less keeps you safer; our review team always sees your full name."
        options={[
          {
            value: 'first_initial',
            label: PUBLIC_NAME_LABELS.first_initial,
            description: 'Such as "Ada O.": your surname stays private.',
          },
          { value: 'full', label: PUBLIC_NAME_LABELS.full, description: 'Such as "Ada Okafor".' },
        ]}
      />
      <Checkbox
        name="showState"
        label="Show my state of origin on my campaign page"
        hint="Leave this unticked to keep where you are from private."
        isRequired={false}
      />
    </>
  );
}
