import { LegalPage } from './legal-page';

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      sections={[
        {
          heading: 'Who we are',
          body: (
            <p>
              Core28 runs the 28-day core training program at this website. We are responsible for the
              personal data described here. Contact us at support@core28.app.
            </p>
          ),
        },
        {
          heading: 'What we collect',
          body: (
            <ul className="list-disc pl-6">
              <li>
                Account data: your e-mail address, password (stored only as a salted hash), and sign-in
                provider if you use Google or Apple.
              </li>
              <li>
                Profile data you choose to give: name, age, gender, country, fitness level, goals and profile
                photo.
              </li>
              <li>Training data: completed days, time and repetitions, and feeling and energy ratings.</li>
              <li>Coaching messages you exchange with your coach on the 1-on-1 Burn plan.</li>
              <li>
                Billing data: your plan and invoices. Card details are handled by our payment provider and
                never stored by us.
              </li>
              <li>
                Technical data: your IP address for security and rate limiting, and essential cookies that
                keep you signed in.
              </li>
            </ul>
          ),
        },
        {
          heading: 'Why we use it',
          body: (
            <p>
              To run your account and program (contract), to take payments (contract and legal obligation), to
              keep the service secure (legitimate interest), and to answer your messages. We do not sell your
              data and we do not use advertising trackers.
            </p>
          ),
        },
        {
          heading: 'Who receives it',
          body: (
            <p>
              Only the service providers we need to run Core28: hosting, e-mail delivery, file storage and the
              payment provider, each bound by a data processing agreement.
            </p>
          ),
        },
        {
          heading: 'How long we keep it',
          body: (
            <p>
              For as long as your account exists. When you delete your account from your profile page, we
              delete your profile, training data, messages and photo at once; invoices are kept as long as tax
              law requires.
            </p>
          ),
        },
        {
          heading: 'Your rights',
          body: (
            <p>
              You can see, correct, download and delete your data yourself on your profile page ("Download my
              data" and "Delete account"), and you can object to processing or complain to your data
              protection authority. Write to us for anything else.
            </p>
          ),
        },
      ]}
    />
  );
}
