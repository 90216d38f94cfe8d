import { isEmail, ValidateBy, type ValidationOptions } from 'class-validator';

// Field rules on text as the services store it: trimmed. class-validator's own checks read the
// raw value, so "  " would pass IsNotEmpty and "a  " would count its spaces against MaxLength.
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

// Something other than white space.
export function Filled(message: string, options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'filled',
      validator: { validate: (v) => trimmed(v) !== '', defaultMessage: () => message },
    },
    options,
  );
}

// At most `max` characters once trimmed.
export function AtMost(max: number, options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'atMost',
      constraints: [max],
      validator: {
        validate: (v) => trimmed(v).length <= max,
        defaultMessage: () => `At most ${max} characters`,
      },
    },
    options,
  );
}

// An email address once trimmed and lower-cased (as it is stored).
export function TrimmedEmail(message: string, options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'trimmedEmail',
      validator: {
        validate: (v) => isEmail(trimmed(v).toLowerCase()),
        defaultMessage: () => message,
      },
    },
    options,
  );
}

// Whether an optional text field was given (white space counts as not given).
export const given = (value: unknown) => trimmed(value) !== '';
