import { ContactSchema } from '@core28/core/contact';
import { Mail } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError, api, unwrap } from '@/lib/api';

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
  const [form, setForm] = useState({ name: '', email: '', message: '' });
  const [isSending, setIsSending] = useState(false);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ContactSchema.safeParse(form);
    if (!parsed.success) return toast.error('Error', { description: parsed.error.issues[0]?.message });
    setIsSending(true);
    try {
      await unwrap(api.contact.$post({ json: parsed.data }));
      toast.success('Message sent!', { description: "We'll get back to you as soon as possible." });
      setForm({ name: '', email: '', message: '' });
    } catch (err) {
      const description =
        err instanceof ApiError && err.status >= 400 && err.status < 500
          ? err.message
          : err instanceof ApiError
            ? 'Failed to send message. Please try again later.'
            : 'An unexpected error occurred. Please try again.';
      toast.error('Error', { description });
    } finally {
      setIsSending(false);
    }
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2">
      <section className="grid content-start gap-6">
        <h1 className="text-4xl font-extrabold tracking-tight">Contact Us</h1>
        <p className="text-zinc-600">
          Questions about the program, your plan or your account? Send us a message.
        </p>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <Field id="contact-name" label="Name">
            <Input id="contact-name" autoComplete="name" value={form.name} onChange={set('name')} />
          </Field>
          <Field id="contact-email" label="Email">
            <Input
              id="contact-email"
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={set('email')}
            />
          </Field>
          <Field id="contact-message" label="Message">
            <Textarea id="contact-message" rows={6} value={form.message} onChange={set('message')} />
          </Field>
          <div>
            <Button type="submit" size="lg" disabled={isSending}>
              {isSending ? 'Sending...' : 'Send Message'}
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
