import { LegalPage } from '../components/legal-page';

export default function AccessibilityRoute() {
  return (
    <LegalPage
      title="Accessibility"
      lead="Banking should work for everyone."
      sections={[
        {
          heading: 'Our commitment',
          body: (
            <p>
              We design our website and online banking to meet the Web Content Accessibility
              Guidelines (WCAG) 2.2 at level AA. Every page can be used with a keyboard and a screen
              reader, supports zoom to 200% and honours your reduced-motion and dark-mode settings.
            </p>
          ),
        },
        {
          heading: 'Features',
          body: (
            <ul>
              <li>A “Skip to main content” link on every page.</li>
              <li>Visible focus outlines and labels on every form field.</li>
              <li>A warning before your session times out, with one action to stay signed in.</li>
              <li>Light and dark themes with sufficient contrast.</li>
            </ul>
          ),
        },
        {
          heading: 'In our branches',
          body: (
            <p>
              All branches are wheelchair accessible. Talking ATMs, large-print statements and
              sign-language interpreters for appointments are available on request.
            </p>
          ),
        },
        {
          heading: 'Feedback',
          body: (
            <p>
              If something does not work for you, please tell us at (555) 019-1952 or through the
              contact page and we will help right away.
            </p>
          ),
        },
      ]}
    />
  );
}
