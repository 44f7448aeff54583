import { z } from 'zod';

function fieldName(path: readonly PropertyKey[]): string {
  const last = path[path.length - 1];
  return typeof last === 'string' ? last.replace(/_/g, ' ') : 'value';
}

/**
 * Friendly messages for zod's generic failures ("The email field is required."), used wherever a
 * schema does not name its own message.
 */
export function installZodMessages(): void {
  z.config({
    customError: (issue) => {
      const field = fieldName(issue.path ?? []);
      switch (issue.code) {
        case 'invalid_type':
          return issue.input === undefined || issue.input === null
            ? `The ${field} field is required.`
            : `The ${field} field must be a ${issue.expected}.`;
        case 'too_small':
          if (issue.origin === 'string') {
            return issue.minimum === 1
              ? `The ${field} field is required.`
              : `The ${field} field must be at least ${issue.minimum} characters.`;
          }
          return `The ${field} field must be at least ${issue.minimum}.`;
        case 'too_big':
          return issue.origin === 'string'
            ? `The ${field} field must not be greater than ${issue.maximum} characters.`
            : `The ${field} field must not be greater than ${issue.maximum}.`;
        case 'invalid_format':
          return issue.format === 'email'
            ? `The ${field} field must be a valid email address.`
            : `The ${field} field format is invalid.`;
        case 'invalid_value':
          return `The selected ${field} is invalid.`;
        case 'unrecognized_keys':
          return `Unknown field: ${issue.keys.join(', ')}.`;
        default:
          return undefined;
      }
    },
  });
}
