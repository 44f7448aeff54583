import { BANK } from '@/components/ui/brand';

const FAQ = [
  {
    q: 'How do I reset my password?',
    a: "Use the 'Forgot Password' link on the login page. We will e-mail you a link to choose a new password.",
  },
  {
    q: 'How do I make a transfer?',
    a: 'Open the Transfer section, choose the type of transfer, enter the details, then review and confirm.',
  },
  {
    q: 'What are my transfer limits?',
    a: 'Transfer limits vary by account type and by kind of transfer. The Transfer section shows the limits that apply to your accounts.',
  },
  {
    q: 'How do I contact support?',
    a: `Create a support ticket here and our team will reply in the conversation, or e-mail us at ${BANK.supportEmail}.`,
  },
];

/** The FAQ tab: four static answers. */
export function Faq() {
  return (
    <div className="faq">
      {FAQ.map((item) => (
        <details key={item.q} className="faq__item">
          <summary>{item.q}</summary>
          <p>{item.a}</p>
        </details>
      ))}
    </div>
  );
}
