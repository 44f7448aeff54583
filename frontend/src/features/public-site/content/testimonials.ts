import type { Testimonial } from '../components/sections';

export const HOME_TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'When our dairy barn flooded, our loan officer was at the farm the next morning. You do not get that from a bank with a call center three states away.',
    name: 'Rosa & Tom Whitfield',
    detail: 'Customers since 1987 · Whitfield Family Dairy',
    rating: 5,
  },
  {
    quote:
      'I opened my first savings account here at nine. Thirty years later they helped me buy my first home, and the app is honestly better than my old big bank’s.',
    name: 'Marcus Bell',
    detail: 'Personal banking customer',
    rating: 5,
  },
  {
    quote:
      'Clear fees, fast answers and a teller who remembers my daughter’s name. Moving our accounts was the easiest financial decision we made this year.',
    name: 'Priya Raman',
    detail: 'Customer since 2021',
    rating: 4,
  },
];

export const PERSONAL_TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'The high-yield savings rate beat the online banks, and I can still walk into a branch on Saturday.',
    name: 'Dana Ortiz',
    detail: 'Savings customer',
    rating: 5,
  },
  {
    quote: 'No surprise fees on checking. Ever. That alone made me switch.',
    name: 'Leon Park',
    detail: 'Premium Checking customer',
    rating: 5,
  },
  {
    quote: 'They walked me through a CD ladder over coffee. Patient, clear, no pressure.',
    name: 'Evelyn Shaw',
    detail: 'Retired teacher',
    rating: 5,
  },
];

export const BUSINESS_TESTIMONIALS: Testimonial[] = [
  {
    quote: 'Our SBA loan closed in five weeks. The team knew our town and our market.',
    name: 'Andre Coleman',
    detail: 'Owner, Ridgeline Hardware',
    rating: 5,
  },
  {
    quote: 'Positive pay and same-day ACH saved our bookkeeper hours every week.',
    name: 'Grace Liu',
    detail: 'CFO, Bayside Orchards Co-op',
    rating: 5,
  },
  {
    quote: 'Merchant fees dropped by a third when we moved card processing here.',
    name: 'Sam Okafor',
    detail: 'Owner, Okafor’s Kitchen',
    rating: 4,
  },
];

export const LOAN_TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'Pre-approved in a day, closed on our house in 28. Our loan officer answered texts on Sunday.',
    name: 'The Nguyen family',
    detail: 'First-time homebuyers',
    rating: 5,
  },
  {
    quote: 'Refinanced my truck at 4.99% and cut my payment by $90 a month.',
    name: 'Caleb Morgan',
    detail: 'Auto loan customer',
    rating: 5,
  },
  {
    quote: 'A home equity line paid for our new roof without touching our savings.',
    name: 'Janet & Ray Kowalski',
    detail: 'Home equity customers',
    rating: 4,
  },
];

export const SERVICES_TESTIMONIALS: Testimonial[] = [
  {
    quote: 'Bill pay runs like clockwork. I set it up once and forgot about it.',
    name: 'Helen Brooks',
    detail: 'Online banking customer',
    rating: 5,
  },
  {
    quote: 'I split dinner with friends through Zelle right from the app in seconds.',
    name: 'Jordan Reyes',
    detail: 'Mobile banking customer',
    rating: 5,
  },
  {
    quote: 'Our wire to a supplier in Germany arrived the next morning, fees stated up front.',
    name: 'Mila Novak',
    detail: 'Business customer',
    rating: 4,
  },
];
