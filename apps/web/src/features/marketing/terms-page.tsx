import { LegalPage } from './legal-page';

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      sections={[
        {
          heading: 'The service',
          body: (
            <p>
              Core28 gives you a 28-day core training program, an exercise library, progress tracking and, on
              the 1-on-1 Burn plan, messaging with a coach. By creating an account you agree to these terms.
            </p>
          ),
        },
        {
          heading: 'Your health',
          body: (
            <p>
              Exercise carries risk. Check with a doctor before starting if you are pregnant, injured,
              recovering from surgery or have a medical condition. Stop any exercise that causes pain. Our
              content is general fitness guidance, not medical advice.
            </p>
          ),
        },
        {
          heading: 'Your account',
          body: (
            <p>
              You must be at least 13 years old. Keep your password to yourself; you are responsible for what
              happens under your account. Tell us at once if you suspect misuse.
            </p>
          ),
        },
        {
          heading: 'Plans, trials and payments',
          body: (
            <p>
              The Feel and Burn plan includes a free 7-day trial, once per account. The Daily Core ($9.99 a
              month or $99.99 a year) and 1-on-1 Burn ($29.99 a month or $299.99 a year) renew automatically
              until you cancel. You can cancel at any time from your subscription page; access continues until
              the end of the paid period. Prices include applicable taxes where required.
            </p>
          ),
        },
        {
          heading: 'Coaching',
          body: (
            <p>
              Coaches answer personally and as soon as they can, usually within one working day. Coaching is
              not a medical service. Be respectful; we may close conversations that are abusive.
            </p>
          ),
        },
        {
          heading: 'Acceptable use',
          body: (
            <p>
              Do not copy or resell our content, break the service, or access other members' data. We may
              suspend accounts that do.
            </p>
          ),
        },
        {
          heading: 'Liability',
          body: (
            <p>
              We provide the service with care but cannot promise it is always available or error-free. To the
              extent the law allows, our liability is limited to the amount you paid us in the last 12 months.
              Nothing here limits your rights as a consumer.
            </p>
          ),
        },
        {
          heading: 'Changes and contact',
          body: (
            <p>
              We will tell you by e-mail before material changes take effect. Questions: support@core28.app.
            </p>
          ),
        },
      ]}
    />
  );
}
