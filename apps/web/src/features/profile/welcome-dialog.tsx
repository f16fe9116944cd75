import { PartyPopper } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** Shown after the profile is complete; closing it in any way goes to /program (spec §2). */
export function WelcomeDialog({ open }: { open: boolean }) {
  const navigate = useNavigate();
  const close = () => navigate('/program');
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent className="text-center">
        <PartyPopper className="mx-auto size-12 text-brand-600" aria-hidden />
        <DialogTitle className="mt-2 text-2xl">Welcome to Core28!</DialogTitle>
        <DialogDescription>
          Your profile is ready. Your 28-day program starts today: one focused core session a day, and we
          track every step with you.
        </DialogDescription>
        <Button className="mt-6 w-full" size="lg" onClick={close}>
          Start Day 1
        </Button>
      </DialogContent>
    </Dialog>
  );
}
