import { ContactSchema } from '@core28/core/contact';
import { Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { firstErrorMessage, useZodForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useSendMessage } from './api';

const CONTACT_EMAIL = 'support@core28.app';
const FAQ = [
  [
    'What is the 28-day program?',
    'A guided plan of one core exercise a day for four weeks, each week a little harder than the last.',
  ],
  [
    'Do I need any equipment?',
    'No. Every exercise needs only the floor and a little space; a mat makes it comfier.',
  ],
  [
    'I am a beginner. Is it for me?',
    'Yes. Week 1 starts with the basics and every exercise has clear steps and a tutorial.',
  ],
];

export default function ContactPage() {
  const form = useZodForm(ContactSchema, { defaultValues: { name: '', email: '', message: '' } });
  const { errors, isSubmitting } = form.formState;
  const sendMessage = useSendMessage();

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await sendMessage(values);
        toast.success('Message sent!', { description: "We'll get back to you as soon as possible." });
        form.reset();
      } catch (err) {
        const description =
          err instanceof ApiError && err.status >= 400 && err.status < 500
            ? err.message
            : err instanceof ApiError
              ? 'Failed to send message. Please try again later.'
              : 'An unexpected error occurred. Please try again.';
        toast.error('Error', { description });
      }
    },
    // spec §8: 'Error / Please fill in all fields.' stays a toast, beside the messages under the fields.
    (invalid) => toast.error('Error', { description: firstErrorMessage(invalid) }),
  );

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2">
      <section className="grid content-start gap-6">
        <h1 className="text-4xl font-extrabold tracking-tight">Contact Us</h1>
        <p className="text-zinc-600">
          Questions about the program, your plan or your account? Send us a message.
        </p>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <Field id="contact-name" label="Name" error={errors.name?.message}>
            <Input autoComplete="name" {...form.register('name')} />
          </Field>
          <Field id="contact-email" label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </Field>
          <Field id="contact-message" label="Message" error={errors.message?.message}>
            <Textarea rows={6} {...form.register('message')} />
          </Field>
          <div>
            <Button type="submit" size="lg" disabled={isSubmitting}>
              {isSubmitting ? 'Sending...' : 'Send Message'}
            </Button>
          </div>
        </form>
        <p className="flex items-center gap-2 text-sm text-zinc-600">
          <Mail className="size-4" aria-hidden /> Or write to{' '}
          <a href={`mailto:${CONTACT_EMAIL}`} className="font-semibold text-brand-600 hover:underline">
            {CONTACT_EMAIL}
          </a>
        </p>
      </section>
      <section aria-labelledby="faq-heading" className="grid content-start gap-4">
        <h2 id="faq-heading" className="text-2xl font-extrabold tracking-tight">
          Frequently asked questions
        </h2>
        {FAQ.map(([question, answer]) => (
          <details key={question} className="rounded-xl border border-zinc-200 p-4" open>
            <summary className="cursor-pointer font-semibold">{question}</summary>
            <p className="mt-2 text-sm text-zinc-600">{answer}</p>
          </details>
        ))}
      </section>
    </div>
  );
}
