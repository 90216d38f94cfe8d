import { validate, ValidationError, type ValidatorOptions } from 'class-validator';
import { ArgumentValidationError, getMetadataStorage } from 'type-graphql';

const OPTIONS: ValidatorOptions = {
  // Absent optional fields are not checked (as type-graphql does by default).
  skipMissingProperties: true,
  forbidUnknownValues: false,
  validationError: { target: false, value: false },
};

let inputClasses: Set<unknown> | undefined;

// The classes declared as GraphQL input types: the only objects whose rules we look for.
function isInput(value: object): boolean {
  inputClasses ??= new Set(getMetadataStorage().inputTypes.map((t) => t.target));
  return inputClasses.has(value.constructor);
}

// An error for a property that holds nested errors only (a line of an entry, a row of a list).
function nested(property: string, children: ValidationError[]): ValidationError {
  const e = new ValidationError();
  e.property = property;
  e.children = children;
  return e;
}

// Every rule of an input, and of every input nested in it at any depth (lists of lines included).
// class-validator alone stops at the top object unless each nested field is marked, and a field
// left unmarked would reach the database unchecked: a line memo of 501 characters did.
export async function errorsOf(value: unknown): Promise<ValidationError[]> {
  if (Array.isArray(value)) {
    const errors: ValidationError[] = [];
    for (const [i, item] of value.entries()) {
      const children = await errorsOf(item);
      if (children.length) errors.push(nested(String(i), children));
    }
    return errors;
  }
  if (value === null || typeof value !== 'object' || !isInput(value)) return [];
  const errors = await validate(value, OPTIONS);
  for (const [key, field] of Object.entries(value)) {
    if (field === null || typeof field !== 'object') continue;
    const children = await errorsOf(field);
    if (children.length === 0) continue;
    const own = errors.find((e) => e.property === key);
    if (own) own.children = [...(own.children ?? []), ...children];
    else errors.push(nested(key, children));
  }
  return errors;
}

// type-graphql's validateFn: runs for every argument of every field.
export async function validateInput(value: unknown): Promise<void> {
  const errors = await errorsOf(value);
  if (errors.length) throw new ArgumentValidationError(errors);
}
