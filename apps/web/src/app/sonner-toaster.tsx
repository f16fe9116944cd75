import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { toasterMounted } from '@/lib/toast';
import { useTheme } from '@/lib/use-theme';

export default function SonnerToaster() {
  // Sonner's <Toaster> subscribes in its own effect, which runs before this one (a child's first):
  // the toasts that waited are shown, not dropped.
  useEffect(() => toasterMounted(toast), []);
  const theme = useTheme();
  return <Toaster position="top-center" theme={theme} richColors closeButton />;
}
