import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { sendVerificationEmail } from './api';

/** Shown on /profile and /subscription/manage until the e-mail address is confirmed. */
export function VerifyEmailCard({ email }: { email: string }) {
  const [isSending, setIsSending] = useState(false);
  const onSend = async () => {
    setIsSending(true);
    try {
      await sendVerificationEmail(email);
      toast.success('Verification email sent', { description: `Check ${email} for the link.` });
    } catch {
      toast.error('Error', { description: 'Failed to send verification email.' });
    } finally {
      setIsSending(false);
    }
  };
  return (
    <Card className="border-amber-300 bg-amber-50">
      <CardContent className="flex flex-wrap items-center gap-4 pt-6">
        <MailWarning className="size-6 text-amber-700" aria-hidden />
        <p className="flex-1 text-sm text-amber-900">
          Your email is not verified. Verifying it unlocks full access to your program.
        </p>
        <Button variant="outline" onClick={onSend} disabled={isSending}>
          Send verification link
        </Button>
      </CardContent>
    </Card>
  );
}
