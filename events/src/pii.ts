/**
 * Personal data inside events, by event type: these fields are encrypted with the customer's own
 * key when the event is written (the customer is data.customerId), so that erasing the customer
 * (destroying the key) makes them unreadable while amounts and balances stay.
 */
export const piiFields: Record<string, readonly string[]> = {
  CustomerRegistered: [
    'name',
    'email',
    'phone',
    'dateOfBirth',
    'address',
    'city',
    'state',
    'zipCode',
    'ssnEncrypted',
  ],
  CustomerProfileUpdated: [
    'name',
    'email',
    'phone',
    'dateOfBirth',
    'address',
    'city',
    'state',
    'zipCode',
  ],
};

/** What an erased customer's personal data reads as. */
export const ERASED = '[erased]';
